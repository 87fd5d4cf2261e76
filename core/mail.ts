/**
 * An e-mail as the server writes it and the outbox keeps it: one shape for the code that composes
 * mails (server/mail/) and the code that stores and sends them (server/db/outbox.ts), which do not
 * import each other.
 */

/**
 * To the estate (`notification`), a subscriber's confirmation, a mail to a visitor (`reply`), or a
 * newsletter issue (to a subscriber, or a test to the staff member who asked for it).
 */
type MailKind = "notification" | "confirmation" | "reply" | "newsletter" | "newsletter-test";

/** A file sent with an e-mail (the calendar file of a confirmed tour). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (calendar files are text). */
  content: string;
}

/** What an e-mail holds, as server/mail words it (its one factory, server/mail/outgoing.ts, makes an `OutgoingMail` of it). */
export interface MailFields {
  kind: MailKind;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  /** The HTML part (server/mail/layout.tsx), with the same words and addresses as `text`; absent for a plain-text e-mail. */
  html?: string;
  headers: Record<string, string>;
  attachments?: readonly MailAttachment[];
}

/** Only server/mail/outgoing.ts names this brand (by a cast no other file may write: eslint.config.js); it exists in types only. */
declare const wordedByMail: unique symbol;

/**
 * An e-mail as server/mail made it (its layout, its languages, its headers made safe): the outbox
 * takes no other (server/db/outbox.ts `enqueueMail`). The brand is a type only server/mail can
 * make, so a mail written in a route, a use-case or a test fails `npm run types`
 * (tests/types/outgoing-mail.ts).
 */
export type OutgoingMail = MailFields & { readonly [wordedByMail]: true };

/** An unsent e-mail as the outbox hands it to the sender. */
export interface PendingMail extends Omit<MailFields, "kind" | "html"> {
  id: number;
  /** The HTML part, sent beside the text (multipart/alternative); null for a plain-text e-mail. */
  html: string | null;
  /** Attempts made so far. */
  attempts: number;
  /** The left part of its Message-ID, the same on every attempt. */
  messageId: string;
}

/**
 * What the sender (server/mail/sender.ts) needs from the outbox. The database implements it
 * (`OutboxTable` in server/db/outbox.ts) and the server hands it over, so the mail code does not
 * depend on the database, nor the database on the mail code.
 */
export interface Outbox {
  /** False once the store is closed: nothing is recorded after that. */
  readonly open: boolean;
  /** Unsent e-mails with an id above `afterId` that no sender has taken at `now`, oldest first; only those due by `dueBy` unless it is null. */
  pending(afterId: number, dueBy: string | null, limit: number, now: string): PendingMail[];
  /**
   * Takes the e-mail `pending` would list first, so that no other sender on the same store takes
   * it until `until` or until its attempt is recorded (one of the three below); null when none is left.
   */
  claim(afterId: number, dueBy: string | null, now: string, until: string): Promise<PendingMail | null>;
  markSent(id: number, at: string): Promise<void>;
  markRetry(id: number, attempts: number, error: string, nextAttemptAt: string): Promise<void>;
  markFailed(id: number, attempts: number, error: string, at: string): Promise<void>;
  /** When the earliest unsent e-mail is due, if any. */
  nextAttemptAt(): string | null;
  /** E-mails neither sent nor given up on, whenever they are due. */
  unsentCount(): number;
}
