import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

/** SMTP_URL without its user name and password, for the log. */
export function smtpLabel(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * The nodemailer transport for SMTP_URL: a pool of `connections` SMTP connections, each reused
 * for up to 100 messages, so a backlog goes out without a TCP and TLS handshake per e-mail.
 */
export function createMailTransport(smtpUrl: string, connections: number) {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    maxMessages: 100,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  // The sender's `handedOver` (./sender.ts): told when the connection has read the message's
  // last byte, right before the end-of-data dot, so a shutdown knows which messages the relay
  // may deliver without its answer having come back.
  transport.use("stream", (mail, done) => {
    const handedOver = (mail.data as { handedOver?: unknown }).handedOver;
    if (typeof handedOver === "function") {
      mail.message.processFunc((input) => {
        input.once("end", () => handedOver());
        return input;
      });
    }
    done();
  });
  return transport;
}

/**
 * Checks at start-up that the SMTP server answers, without holding start-up: an unreachable server
 * is a warning naming SMTP_URL (e-mails wait in the outbox), never a crash.
 */
export async function warnIfUnreachable(transport: { verify(): Promise<unknown> }, smtpUrl: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await transport.verify();
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ");
    log.warn(`mail: the SMTP server of SMTP_URL (${smtpLabel(smtpUrl)}) cannot be reached now: ${reason}; e-mails wait in the outbox and are retried`);
  }
}
