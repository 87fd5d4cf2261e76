/**
 * The outbox table: e-mails waiting to be sent, each written in the same transaction as the
 * submission it belongs to (server/db/submissions.ts), so an acknowledged submission never lacks
 * its e-mails. The mail sender reads and updates it through `OutboxTable`, which the API hands to
 * it (server/api/index.ts): the mail code never reaches into the database itself.
 */
import { randomBytes } from "node:crypto";
import { whenWritable } from "./availability";
import { isPostgres, sqlFor, type Db } from "./database";
import type { MailAttachment, OutgoingMail, Outbox, PendingMail } from "#core/mail";

/** A row of the outbox table. */
export interface OutboxRow {
  id: number;
  created_at: string;
  kind: string;
  submission_type: string;
  submission_id: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  headers: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  failed_at: string | null;
  /** JSON array of `MailAttachment`. */
  attachments: string;
  /** The left part of its Message-ID, the same on every attempt (migration 5). */
  message_id: string;
  /** The HTML part, or null (migration 60). */
  html: string | null;
  /** Until when a sender has taken it (migration 105), or null. */
  claimed_until: string | null;
}

/** Thrown inside the outbox probe's transaction to roll it back. */
const rollback = Symbol("rollback");

/** Queues `mail` and rolls it back (the health checks' probe of the outbox): throws what the write meets (a lock, a full disk). */
export function probeOutboxWrite(db: Db, mail: OutgoingMail, submission: { type: string; id: string }, now: string): void {
  try {
    db.transaction(() => {
      enqueueMail(db, mail, submission, now);
      throw rollback;
    }).immediate();
  } catch (error) {
    if (error !== rollback) throw error;
  }
}

/** Queues an e-mail; call it inside the transaction that stores the submission it belongs to. */
export function enqueueMail(db: Db, mail: OutgoingMail, submission: { type: string; id: string }, now: string): number {
  const row = db
    .prepare(
      `INSERT INTO outbox (created_at, kind, submission_type, submission_id, recipient, reply_to, subject, body, html, headers, next_attempt_at, attachments, message_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(
      now,
      mail.kind,
      submission.type,
      submission.id,
      mail.to,
      mail.replyTo,
      mail.subject,
      mail.text,
      mail.html ?? null,
      JSON.stringify(mail.headers),
      now,
      JSON.stringify(mail.attachments ?? []),
      randomBytes(16).toString("hex"),
    ) as { id: number };
  return row.id;
}

const pending = (row: OutboxRow): PendingMail => ({
  id: row.id,
  to: row.recipient,
  replyTo: row.reply_to,
  subject: row.subject,
  text: row.body,
  html: row.html,
  headers: JSON.parse(row.headers) as Record<string, string>,
  attempts: row.attempts,
  attachments: JSON.parse(row.attachments) as MailAttachment[],
  messageId: row.message_id,
});

/**
 * How long the sender's writes keep trying when the database is busy: no request waits on them, and
 * an attempt not recorded leaves its e-mail taken until the claim runs out (then sent again). Each
 * try still holds the thread no longer than a request's write does (./availability.ts).
 */
const recordBudgetMs = 30_000;

/**
 * Unsent, not given up on, above a cursor, due by a time unless it is null, taken by no sender until
 * after `now`, and the oldest still unsent to its address: e-mails to one address reach it in the
 * order they were queued (a booking's confirmation before the estate's e-mail moving it), however
 * many are in the relay at once; an earlier one being sent, or waiting to be tried again, holds the
 * later ones back until it is sent or given up (migration 108 indexes what this looks up).
 *
 * Where the oldest to each address is found depends on the database. SQLite runs the `NOT EXISTS`
 * for each row as written, one look in that index, stopping at the first that may go. PostgreSQL's
 * planner chose from its statistics, and while they did not yet count a burst of new e-mails (a
 * newsletter's thousand queued in seconds) it read every other waiting e-mail for each one: 130 ms
 * a claim under the write lock every instance shares, five e-mails a second. So on PostgreSQL each
 * waiting e-mail is numbered among those to its address in one pass (`row_number`), with no join
 * for a plan to get wrong: one sort of the waiting e-mails per claim, whatever the statistics say.
 */
const unsent = "sent_at IS NULL AND failed_at IS NULL";
const free = "id > @afterId AND (CAST(@dueBy AS TEXT) IS NULL OR next_attempt_at <= @dueBy) AND (claimed_until IS NULL OR claimed_until <= @now)";
const claimableFrom = (db: Db): string =>
  sqlFor(db, {
    sqlite: `outbox WHERE ${unsent} AND ${free}
      AND NOT EXISTS (SELECT 1 FROM outbox earlier WHERE earlier.recipient = outbox.recipient AND earlier.id < outbox.id AND earlier.sent_at IS NULL AND earlier.failed_at IS NULL)`,
    postgres: `(SELECT *, row_number() OVER (PARTITION BY recipient ORDER BY id) AS place FROM outbox WHERE ${unsent}) AS outbox
      WHERE place = 1 AND ${free}`,
  });

/**
 * The sender's view of the outbox table (`Outbox`, #core/mail). Several senders may share it (one
 * per instance on one PostgreSQL database): each takes an e-mail by `claim` before it sends it,
 * which marks it taken until a time, so no other sender takes it meanwhile; recording the attempt
 * (sent, to retry, failed) clears the mark. The claim is one UPDATE under the write lock: the file's
 * on SQLite, the one every instance takes on PostgreSQL (./postgres.ts).
 * A SQLite file has one server, so the marks a stopped or killed one left are cleared at the next
 * start (`releaseStoppedClaims`); on PostgreSQL they run out (`claimMs` of the sender), as another
 * instance may be sending them.
 */
export class OutboxTable implements Outbox {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      pending: db.prepare(`SELECT * FROM ${claimableFrom(db)} ORDER BY id LIMIT @limit`),
      // No other sender can claim it meanwhile: every write takes the write lock (./postgres.ts), and
      // the claim's own condition is checked again on the row it updates.
      claim: db.prepare(
        `UPDATE outbox SET claimed_until = @until
         WHERE id = (SELECT id FROM ${claimableFrom(db)} ORDER BY id LIMIT 1) AND (claimed_until IS NULL OR claimed_until <= @now)
         RETURNING *`,
      ),
      // An e-mail recorded in doubt at a shutdown whose answer came after all is simply sent.
      sent: db.prepare("UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL, failed_at = NULL, claimed_until = NULL WHERE id = ?"),
      retry: db.prepare("UPDATE outbox SET attempts = ?, last_error = ?, next_attempt_at = ?, claimed_until = NULL WHERE id = ?"),
      failed: db.prepare("UPDATE outbox SET attempts = ?, last_error = ?, failed_at = ?, claimed_until = NULL WHERE id = ?"),
      // An e-mail another sender has taken is due for this one when its mark runs out.
      next: db.prepare(
        `SELECT min(CASE WHEN claimed_until > next_attempt_at THEN claimed_until ELSE next_attempt_at END) AS next
         FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`,
      ),
      unsent: db.prepare("SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL"),
    };
  }

  /**
   * At the server's start: on SQLite, whose file has one server, the e-mails a stopped or killed
   * sender had taken are free again at once; on PostgreSQL, where another instance may be sending
   * them now, their marks run out.
   */
  releaseStoppedClaims(): void {
    if (!isPostgres(this.db)) this.db.prepare("UPDATE outbox SET claimed_until = NULL WHERE claimed_until IS NOT NULL").run();
  }

  /** False once the database is closed: a send that ends after shutdown records nothing. */
  get open(): boolean {
    return this.db.open;
  }

  /** Unsent e-mails with an id above `afterId` that no sender has taken at `now`, oldest first; only those due by `dueBy` unless it is null. */
  pending(afterId: number, dueBy: string | null, limit: number, now: string): PendingMail[] {
    return (this.statements.pending.all({ afterId, dueBy, now, limit }) as OutboxRow[]).map(pending);
  }

  /* The records below wait for another process's lock from timers (./availability.ts). */

  /** Takes the oldest e-mail `pending` would list first, for this sender until `until`; null when there is none. */
  async claim(afterId: number, dueBy: string | null, now: string, until: string): Promise<PendingMail | null> {
    const row = await whenWritable(() => this.statements.claim.get({ afterId, dueBy, now, until }) as OutboxRow | undefined, recordBudgetMs);
    return row ? pending(row) : null;
  }

  async markSent(id: number, at: string): Promise<void> {
    await whenWritable(() => this.statements.sent.run(at, id), recordBudgetMs);
  }

  /** Records a failed attempt and when to try again. */
  async markRetry(id: number, attempts: number, error: string, nextAttemptAt: string): Promise<void> {
    await whenWritable(() => this.statements.retry.run(attempts, error, nextAttemptAt, id), recordBudgetMs);
  }

  /** Records the last failed attempt: the e-mail stays in the table, marked failed. */
  async markFailed(id: number, attempts: number, error: string, at: string): Promise<void> {
    await whenWritable(() => this.statements.failed.run(attempts, error, at, id), recordBudgetMs);
  }

  /** When the earliest unsent e-mail is due (or free again, when a sender has taken it), if any. */
  nextAttemptAt(): string | null {
    return (this.statements.next.get() as { next: string | null }).next;
  }

  /** E-mails neither sent nor given up on, whenever they are due. */
  unsentCount(): number {
    return (this.statements.unsent.get() as { n: number }).n;
  }
}

/**
 * Marks every e-mail still waiting as given up on, with `reason` as its last error, and returns how
 * many: for a restore, whose database may list as unsent e-mails the lost server had sent after
 * the backup (they are not sent a second time; the submission's page shows each, with the reason).
 */
export function holdUnsentMail(db: Db, reason: string, at: string): number {
  return db.prepare("UPDATE outbox SET failed_at = ?, last_error = ? WHERE sent_at IS NULL AND failed_at IS NULL").run(at, reason).changes;
}

/** The outbox at a glance (/healthz): e-mails waiting, failed for good, and since when the oldest waits. */
export function outboxCounts(db: Db): { pending: number; failed: number; oldest: string | null } {
  return db
    .prepare(
      `SELECT count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL) AS pending, count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed,
              min(CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN created_at END) AS oldest FROM outbox`,
    )
    .get() as { pending: number; failed: number; oldest: string | null };
}
