import type { Db } from "../db/database";
import type { OutgoingMail } from "./compose";

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
}

/** Queues an e-mail; call it inside the transaction that stores the submission it belongs to. */
export function enqueueMail(db: Db, mail: OutgoingMail, submission: { type: string; id: string }, now: string): number {
  const result = db
    .prepare(
      `INSERT INTO outbox (created_at, kind, submission_type, submission_id, recipient, reply_to, subject, body, headers, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(now, mail.kind, submission.type, submission.id, mail.to, mail.replyTo, mail.subject, mail.text, JSON.stringify(mail.headers), now);
  return Number(result.lastInsertRowid);
}
