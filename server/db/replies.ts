/**
 * The replies sent from a submission's page, once per reply form (the form's random key, table
 * `sent_replies` of migration 20). The reply is sent by the inbox's use-case (server/inbox/answer.ts),
 * which writes the e-mail, this record, the history and the new status in one transaction.
 */
import type { Db } from "./database";
import type { InboxType } from "../forms";

/** Whether a reply form's key has sent its reply already (the same form sends nothing a second time). */
export function replyKeyUsed(db: Db, key: string): boolean {
  return db.prepare("SELECT 1 FROM sent_replies WHERE key = ?").get(key) !== undefined;
}

/** Records that a reply form's key sent its reply, the outbox's row of that reply. */
export function recordSentReply(db: Db, key: string, submission: { type: InboxType; id: string }, outboxId: number, now: Date): void {
  db.prepare("INSERT INTO sent_replies (key, submission_type, submission_id, outbox_id, sent_at) VALUES (?, ?, ?, ?, ?)").run(
    key,
    submission.type,
    submission.id,
    outboxId,
    now.toISOString(),
  );
}
