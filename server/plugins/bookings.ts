/**
 * The tour bookings as a plugin of the server (`bookings`): the parts every use-case of
 * ../bookings/ is handed (`app.bookings`: the connection, the group commit, the clock, the content,
 * the schedule as last saved, the mail's context, the payment provider when its keys are set), and
 * the minute's sweeps. The API and the staff area depend on it by this name.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sendAfterVisitMails } from "../bookings/after-visit";
import { AvailabilityCache, ScheduleSource, type Bookings } from "../bookings/deps";
import { expireHolds } from "../bookings/expire";
import { estateZone } from "../bookings/paris-time";
import { PaymentProvider } from "../bookings/payments";
import { settleRefunds } from "../bookings/refund";
import { sendReminders } from "../bookings/reminders";
import { sendSignupDigest } from "../bookings/signup-digest";
import { paymentsConfigured, type Config } from "../config";
import { whenWritable } from "../db/availability";
import { JobTurn } from "../db/leases";
import type { ReplyContext } from "../mail/booking-reply";

declare module "fastify" {
  interface FastifyInstance {
    /** What the bookings' use-cases are handed (../bookings/deps.ts). */
    bookings: Bookings;
    /** The bookings' minute sweep, run now (tests that move their clock run it at once). */
    sweepBookings: () => Promise<void>;
  }
}

async function registerBookings(app: FastifyInstance, options: { config: Config; now?: (() => Date) | undefined }): Promise<void> {
  const { config } = options;
  const { content, db, commits } = app;
  const availability = new AvailabilityCache();
  // A commit may have changed places: the availability answers remembered are dropped.
  commits.afterCommit(() => availability.forget());
  // What a staff answer names of the estate (queued with or without SMTP_URL, as every staff reply).
  const estate = (): ReplyContext => ({
    ...content.estateFacts(),
    siteUrl: config.SITE_URL,
    timeZone: estateZone,
    durationMinutes: content.current.tours.facts.durationMinutes,
    tourName: (pkg, lang) => content.tourName(pkg, lang),
  });
  // The payment provider's library is loaded only with its keys: without them nothing calls out.
  const payments = paymentsConfigured(config)
    ? await PaymentProvider.open({
        secretKey: config.STRIPE_SECRET_KEY!,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
        apiUrl: config.STRIPE_API_URL,
        siteUrl: config.SITE_URL,
      })
    : null;
  if (payments) app.log.info("payments: deposits are taken online where a package asks one");
  const bookings: Bookings = {
    db,
    commits,
    now: options.now ?? (() => new Date()),
    content,
    schedule: new ScheduleSource(db, () => availability.forget()),
    availability,
    mail: () => {
      const context = app.mailContext();
      return context && { ...context, timeZone: estateZone, durationMinutes: content.current.tours.facts.durationMinutes };
    },
    estate,
    payments,
    log: app.log,
  };

  // Requests the estate left unanswered and deposits left unpaid give their places back,
  // reminders and the thank-you e-mails after a visit go out, refunds are asked for, the estate's
  // daily digest of newsletter sign-ups goes out: once at start-up, then every minute. A sweep that meets a busy database tries again next time.
  let sweeps: NodeJS.Timeout | null = null;
  // Instances sharing a PostgreSQL database take turns: the one holding the lease sweeps, and
  // renews it each minute; another takes it over once it has run out (../db/leases.ts). One SQLite
  // file has one server.
  const turn = new JobTurn(app.db, "bookings-sweep", 150_000);
  const sweeping = () => whenWritable(() => turn.take());
  const sweepNow = async () => {
    // E-mails another process queued (the backup command's word to the admins) go out within the minute.
    app.mailSender?.kick();
    if (!(await sweeping())) return;
    await expireHolds(bookings);
    await sendReminders(bookings);
    await sendAfterVisitMails(bookings);
    await settleRefunds(bookings);
    await sendSignupDigest(bookings);
  };
  const sweep = () => {
    sweepNow().catch((error: unknown) => app.log.warn({ err: error }, "tour bookings: sweep failed, trying again in a minute"));
  };
  app.decorate("bookings", bookings);
  app.decorate("sweepBookings", sweepNow);
  app.addHook("onReady", async () => {
    sweep();
    sweeps = setInterval(sweep, 60_000).unref();
  });
  app.addHook("onClose", async () => {
    if (sweeps) clearInterval(sweeps);
    await whenWritable(() => turn.giveBack()).catch(() => {});
  });
}

export const bookings = fp(registerBookings, { name: "bookings", fastify: "5.x", dependencies: ["content-store", "database", "mail"] });
