/**
 * The tour bookings as a plugin of the server (`bookings`): the schedule, the places and the
 * visitors' own bookings (../bookings/), the payment provider when its keys are set, and the
 * minute's sweeps. The API and the staff area depend on it by this name.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sendAfterVisitMails } from "../bookings/after-visit";
import { estateZone } from "../bookings/paris-time";
import { Payments } from "../bookings/payments";
import { TourService } from "../bookings/service";
import { paymentsConfigured, type Config } from "../config";

declare module "fastify" {
  interface FastifyInstance {
    /** The tour schedule, its places and the visitors' own bookings (../bookings/). */
    tours: TourService;
    /** Deposits through the payment provider, or null without its keys (../bookings/payments.ts). */
    payments: Payments | null;
    /** The bookings' minute sweep, run now (tests that move their clock run it at once). */
    sweepBookings: () => Promise<void>;
  }
}

async function registerBookings(app: FastifyInstance, options: { config: Config; now?: (() => Date) | undefined }): Promise<void> {
  const { config } = options;
  const { content, db } = app;
  let payments: Payments | null = null;
  const tours = new TourService(db, {
    now: options.now ?? (() => new Date()),
    content,
    kick: () => app.mailSender?.kick(),
    // A cancelled booking's deposit is refunded as soon as the change is written.
    afterChange: () => void payments?.settleRefunds(),
    depositsOn: paymentsConfigured(config),
    mail: () => {
      const context = app.mailContext();
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
    await tours.expireHolds();
    await tours.sendReminders();
    await sendAfterVisitMails(tours);
    await payments?.settleRefunds();
  };
  const sweep = () => {
    sweepNow().catch((error: unknown) => app.log.warn({ err: error }, "tour bookings: sweep failed, trying again in a minute"));
  };
  app.decorate("tours", tours);
  app.decorate("payments", payments);
  app.decorate("sweepBookings", sweepNow);
  app.addHook("onReady", async () => {
    sweep();
    sweeps = setInterval(sweep, 60_000).unref();
  });
  app.addHook("onClose", async () => {
    if (sweeps) clearInterval(sweeps);
  });
}

export const bookings = fp(registerBookings, { name: "bookings", fastify: "5.x", dependencies: ["content-store", "database", "mail"] });
