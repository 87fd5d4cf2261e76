/**
 * Internal notes and assignment on a submission. A note is an entry of the audit log
 * with its text, shown in the submission's history and never mailed; an erasure clears it with
 * the other details of the address's entries. An assignment names the staff account in the inbox
 * row (migration 21) and queues the colleague's e-mail in the same transaction.
 */
import { auditActions, recordAudit } from "./audit";
import type { Db } from "./database";
import type { InboxType } from "../forms";
import type { OutgoingMail } from "#core/mail";
import { changeStatus } from "./inbox";
import { enqueueMail } from "./outbox";

/** Adds a note to a submission's history. */
export function addNote(db: Db, submission: { type: InboxType; id: string }, actor: string, text: string, now: Date): void {
  recordAudit(db, { actor, action: auditActions.noteAdded, target: submission, detail: { text } }, now);
}

/**
 * Assigns a submission to a staff account (or to nobody with null), records it, and queues the
 * colleague's e-mail when there is one (none when staff assign themselves or nobody). With
 * `reopen`, a message already answered or archived waits for an answer again, so the colleague
 * finds it in their to-do (a booking's status follows its tour time, and is left alone).
 */
export function assignSubmission(
  db: Db,
  change: {
    submission: { type: InboxType; id: string };
    staff: { id: number; email: string } | null;
    actor: string;
    mail: OutgoingMail | null;
    reopen: boolean;
  },
  now: Date,
): void {
  const { submission, staff, actor, mail } = change;
  db.transaction(() => {
    db.prepare("UPDATE inbox SET assigned_to = ? WHERE type = ? AND submission_id = ?").run(staff?.id ?? null, submission.type, submission.id);
    const reopened = change.reopen && staff !== null && changeStatus(db, submission.type, submission.id, ["answered", "archived"], "new", now);
    recordAudit(db, { actor, action: auditActions.assigned, target: submission, detail: { to: staff?.email ?? null, ...(reopened ? { reopened } : {}) } }, now);
    if (mail) enqueueMail(db, mail, submission, now.toISOString());
  })();
}
