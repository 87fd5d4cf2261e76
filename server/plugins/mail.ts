/**
 * The mail as a plugin of the server (`mail`): what every e-mail is composed with (the estate's
 * facts as the content store says them at each mail, the staff's language), and the outbox's
 * sender when SMTP_URL is set, woken by each commit that may have queued an e-mail. It closes
 * before the database, recording every e-mail handed to the SMTP server.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { localNames } from "#content/names";
import { estateLanguage } from "#core/languages";
import type { Config } from "../config";
import { OutboxTable } from "../db/outbox";
import { mailLanguage } from "../db/staff";
import type { MailContext, MailSource } from "../mail/compose";
import { mailLogo } from "../mail/logo";
import { OutboxSender } from "../mail/sender";
import { createMailTransport, smtpLabel, warnIfUnreachable } from "../mail/transport";

declare module "fastify" {
  interface FastifyInstance {
    /** What e-mails are composed with now, or null without SMTP_URL (nothing is mailed). */
    mailContext: MailSource;
    /** The outbox's sender, or null without SMTP_URL. */
    mailSender: OutboxSender | null;
    /** Once the server is closed: e-mails left unsent in the outbox (the process then exits 1). */
    mailLeftUnsent: number;
  }
}

async function registerMail(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const { content, db } = app;
  // Read at each e-mail from the content store, so a publish that changes the estate's address or a
  // tour's name reaches the next mail with no restart.
  const mailNow = (): MailContext => ({
    ...content.estateFacts(),
    siteUrl: config.SITE_URL,
    // The staff's language is read as each e-mail is written: a member's change of language applies at once.
    staffLanguage: () => mailLanguage(db, content.current.site.contact.email),
    tourName: (pkg, lang) => content.tourName(pkg, lang),
  });
  const mailContext: MailSource = () => (config.SMTP_URL ? mailNow() : null);

  let sender: OutboxSender | null = null;
  const transport = config.SMTP_URL ? createMailTransport(config.SMTP_URL, config.MAIL_CONNECTIONS) : null;
  if (config.SMTP_URL && transport) {
    // The sender reads the outbox through this table object: the mail code never imports the database.
    const outbox = new OutboxTable(db);
    outbox.releaseStoppedClaims();
    sender = new OutboxSender(outbox, transport, {
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
  // A commit may have queued e-mails: the sender looks at the outbox at once.
  app.commits.afterCommit(() => sender?.kick());

  app.decorate("mailContext", mailContext);
  app.decorate("mailSender", sender);
  app.decorate("mailLeftUnsent", 0);
  app.addHook("onReady", async () => {
    sender?.start();
    if (transport && config.SMTP_URL) void warnIfUnreachable(transport, config.SMTP_URL, app.log);
  });
  app.addHook("onClose", async () => {
    // Before the database closes: every e-mail handed to the SMTP server is recorded.
    app.mailLeftUnsent = (await sender?.stop())?.unsent ?? 0;
  });
}

export const mail = fp(registerMail, { name: "mail", fastify: "5.x", dependencies: ["content-store", "database"] });
