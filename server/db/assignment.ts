/**
 * Internal notes and assignment on a submission. A note is an entry of the audit log
 * with its text, shown in the submission's history and never mailed; an erasure clears it with
 * the other details of the address's entries. An assignment names the staff account in the inbox
 * row (migration 21); the inbox's use-case (server/inbox/answer.ts) queues the colleague's e-mail
 * in the same transaction.
 */
import { auditActions, recordAudit } from "./audit";
import { jsonValues, type Db } from "./database";
import type { InboxType } from "../forms";

/** Adds a note to a submission's history. */
export function addNote(db: Db, submission: { type: InboxType; id: string }, actor: string, text: string, now: Date): void {
  recordAudit(db, { actor, action: auditActions.noteAdded, target: submission, detail: { text } }, now);
}

/** The staff's notes on a form's submissions (audit entries `note.added`), oldest first, per submission id. */
export function notesOf(db: Db, type: InboxType, ids: readonly string[]): Map<string, string[]> {
  const notes = new Map<string, string[]>();
  if (ids.length === 0) return notes;
  const rows = db
    .prepare(
      `SELECT target_id, detail FROM audit_log WHERE action = ? AND target_type = ?
       AND target_id IN (SELECT value FROM ${jsonValues(db)}) ORDER BY id`,
    )
    .all(auditActions.noteAdded, type, JSON.stringify(ids)) as { target_id: string; detail: string | null }[];
  for (const row of rows) {
    const text = row.detail ? (JSON.parse(row.detail) as { text?: unknown }).text : undefined;
    if (typeof text !== "string" || text === "") continue;
    notes.set(row.target_id, [...(notes.get(row.target_id) ?? []), text]);
  }
  return notes;
}

/** Gives a submission to a staff account, or to nobody with null. */
export function setAssignee(db: Db, submission: { type: InboxType; id: string }, staffId: number | null): void {
  db.prepare("UPDATE inbox SET assigned_to = ? WHERE type = ? AND submission_id = ?").run(staffId, submission.type, submission.id);
}
