import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { localNames } from "#content/names";
import { estateLanguage } from "#core/languages";
import { TourService } from "../bookings/service";
import { sendAfterVisitMails } from "../bookings/after-visit";
import { Payments } from "../bookings/payments";
import { estateZone } from "../bookings/paris-time";
import { paymentsConfigured, type Config } from "../config";
import { forServing, type Db } from "../db/database";
import { OutboxTable } from "../db/outbox";
import { mailLanguage } from "../db/staff";
import { SubmissionStore } from "../db/submissions";
import type { MailContext, MailSource } from "../mail/compose";
import { mailLogo } from "../mail/logo";
import { OutboxSender } from "../mail/sender";
import { createMailTransport, smtpLabel, warnIfUnreachable } from "../mail/transport";
import { openDataDir } from "../startup";
import { apiRoutes } from "./routes";

declare module "fastify" {
  /** What the API keeps open, each decorated once on the server (the staff area, the backups, the health checks and the tests use them). */
  interface FastifyInstance {
    db: Db;
    /** The forms' submissions, stored with their e-mails (../db/submissions.ts). */
    submissions: SubmissionStore;
    /** The outbox's sender, or null without SMTP_URL. */
    mailSender: OutboxSender | null;
    /** The tour schedule, its places and the visitors' own bookings (../bookings/). */
    tours: TourService;
    /** Deposits through the payment provider, or null without its keys (../bookings/payments.ts). */
    payments: Payments | null;
    /** The bookings' minute sweep, run now (tests that move their clock run it at once). */
    sweepBookings: () => Promise<void>;
    /** Once the server is closed: e-mails left unsent in the outbox (the process then exits 1). */
    mailLeftUnsent: number;
  }
}

/**
 * The form API: opens the database in DATA_DIR (applying migrations), starts the outbox sender
 * when SMTP_URL is set, and mounts the routes under /api/. Closing the app stops the sender and
 * closes the database. It speaks with the content store (../content-store.ts), registered first.
 */
async function registerApi(app: FastifyInstance, options: { config: Config; now?: () => Date }): Promise<void> {
  const { config } = options;
  // The server's connection never holds the thread long for another process's lock (db/availability.ts).
  const db = forServing(openDataDir(config.DATA_DIR));
  // Read at each e-mail from the content store, so a publish that changes the estate's address or a
  // tour's name reaches the next mail with no restart.
  const { content } = app;
  const mailNow = (): MailContext => ({
    ...content.estateFacts(),
    siteUrl: config.SITE_URL,
    // The staff's language is read as each e-mail is written: a member's change of language applies at once.
    staffLanguage: () => mailLanguage(db, content.current.site.contact.email),
    tourName: (pkg, lang) => content.tourName(pkg, lang),
  });
  const mail: MailSource = () => (config.SMTP_URL ? mailNow() : null);

  let sender: OutboxSender | null = null;
  const transport = config.SMTP_URL ? createMailTransport(config.SMTP_URL, config.MAIL_CONNECTIONS) : null;
  if (config.SMTP_URL && transport) {
    // The sender reads the outbox through this table object: the mail code never imports the database.
    sender = new OutboxSender(new OutboxTable(db), transport, {
      // MAIL_FROM, else the estate's name and address as the content says them at each send, the name
      // set as the estate's own language writes it (« Château L’Hermitage Lescours », with its apostrophe).
      from: () => config.MAIL_FROM ?? { name: localNames(content.current.site, estateLanguage).estate, address: content.current.site.contact.email },
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      retryMaxMs: config.MAIL_RETRY_MAX_MS,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      concurrency: config.MAIL_CONNECTIONS,
      drainMs: config.SHUTDOWN_TIMEOUT_MS,
      inlineImages: [await mailLogo()],
      log: {
        info: (msg) => app.log.info(msg),
        warn: (msg) => app.log.warn(msg),
        error: (msg) => app.log.error(msg),
      },
    });
    app.log.info(`mail: notifications go to ${content.current.site.contact.email} through ${smtpLabel(config.SMTP_URL)}`);
  } else {
    app.log.info("mail: SMTP_URL is not set, so nothing is mailed; submissions are only stored");
  }

  const store = new SubmissionStore(db, { onCommit: () => sender?.kick() });
  let payments: Payments | null = null;
  const tours = new TourService(db, {
    now: options.now ?? (() => new Date()),
    content,
    kick: () => sender?.kick(),
    // A cancelled booking's deposit is refunded as soon as the change is written.
    afterChange: () => void payments?.settleRefunds(),
    depositsOn: paymentsConfigured(config),
    mail: () => {
      const context = mail();
      return context && { ...context, timeZone: estateZone, durationMinutes: content.current.tours.facts.durationMinutes };
    },
  });
  // The payment provider's library is loaded only with its keys: without them nothing calls out.
  if (paymentsConfigured(config)) {
    payments = await Payments.open(
      { secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, apiUrl: config.STRIPE_API_URL, siteUrl: config.SITE_URL },
      tours,
      app.log,
    );
    app.log.info("payments: deposits are taken online where a package asks one");
  }

  // Requests the estate left unanswered and deposits left unpaid give their places back,
  // reminders and the thank-you e-mails after a visit go out, refunds are asked for: once at
  // start-up, then every minute. A sweep that meets a busy database tries again next time.
  let sweeps: NodeJS.Timeout | null = null;
  const sweepNow = async () => {
    // E-mails another process queued (the backup command's word to the admins) go out within the minute.
    sender?.kick();
    await tours.expireHolds();
    await tours.sendReminders();
    await sendAfterVisitMails(tours);
    await payments?.settleRefunds();
  };
  const sweep = () => {
    sweepNow().catch((error: unknown) => app.log.warn({ err: error }, "tour bookings: sweep failed, trying again in a minute"));
  };
  app.decorate("db", db);
  app.decorate("submissions", store);
  app.decorate("mailSender", sender);
  app.decorate("tours", tours);
  app.decorate("payments", payments);
  app.decorate("sweepBookings", sweepNow);
  app.decorate("mailLeftUnsent", 0);
  app.addHook("onReady", async () => {
    sweep();
    sweeps = setInterval(sweep, 60_000).unref();
    sender?.start();
    if (transport && config.SMTP_URL) void warnIfUnreachable(transport, config.SMTP_URL, app.log);
  });
  app.addHook("onClose", async () => {
    if (sweeps) clearInterval(sweeps);
    // The sender first: every e-mail handed to the SMTP server is recorded before the database closes.
    app.mailLeftUnsent = (await sender?.stop())?.unsent ?? 0;
    store.flush();
    db.close();
  });

  await app.register(apiRoutes, { config, store, mail, tours, payments });
}

/** The form API as a plugin of the server (`api`): the staff area and the backups depend on it by this name. */
export const api = fp(registerApi, { name: "api", fastify: "5.x", dependencies: ["content-store"] });
