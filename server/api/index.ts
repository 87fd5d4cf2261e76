import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { TourService } from "../bookings/service";
import { estateZone } from "../bookings/paris-time";
import type { Config } from "../config";
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

/** What the API keeps open, reachable as `app.forms` (tests use it to look inside). */
export interface FormsService {
  db: Db;
  store: SubmissionStore;
  sender: OutboxSender | null;
  /** The tour schedule, its places and the visitors' own bookings (server/bookings/). */
  tours: TourService;
  /** Once the app is closed: e-mails left unsent in the outbox (the process then exits 1). */
  unsentAtClose: number;
}

declare module "fastify" {
  interface FastifyInstance {
    forms: FormsService;
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
      // MAIL_FROM, else the estate's name and address as the content says them at each send.
      from: () => config.MAIL_FROM ?? { name: content.current.site.estateName, address: content.current.site.contact.email },
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
  const tours = new TourService(db, {
    now: options.now ?? (() => new Date()),
    content,
    kick: () => sender?.kick(),
    mail: () => {
      const context = mail();
      return context && { ...context, timeZone: estateZone, durationMinutes: content.current.tours.facts.durationMinutes };
    },
  });
  const forms: FormsService = { db, store, sender, tours, unsentAtClose: 0 };
  app.decorate("forms", forms);

  // Requests the estate left unanswered give their places back, and reminders go out: once
  // at start-up, then every minute. A sweep that meets a busy database tries again next time.
  let sweeps: NodeJS.Timeout | null = null;
  const sweep = () => {
    tours
      .expireHolds()
      .then(() => tours.sendReminders())
      .catch((error: unknown) => app.log.warn({ err: error }, "tour bookings: sweep failed, trying again in a minute"));
  };
  app.addHook("onReady", async () => {
    sweep();
    sweeps = setInterval(sweep, 60_000).unref();
    sender?.start();
    if (transport && config.SMTP_URL) void warnIfUnreachable(transport, config.SMTP_URL, app.log);
  });
  app.addHook("onClose", async () => {
    if (sweeps) clearInterval(sweeps);
    // The sender first: every e-mail handed to the SMTP server is recorded before the database closes.
    forms.unsentAtClose = (await sender?.stop())?.unsent ?? 0;
    store.flush();
    db.close();
  });

  await app.register(apiRoutes, { config, store, mail, tours });
}

/** The form API as a plugin of the server (`api`): the staff area and the backups depend on it by this name. */
export const api = fp(registerApi, { name: "api", fastify: "5.x", dependencies: ["content-store"] });
