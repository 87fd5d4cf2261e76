/**
 * Replies sent from a submission's page: the e-mail, its record in the audit log and
 * the submission's new status are written in one transaction, once per reply form (the form's
 * random key, table `sent_replies` of migration 20).
 */
import { auditActions, recordAudit } from "./audit";
import type { Db } from "./database";
import { changeStatus } from "./inbox";
import type { InboxType } from "../forms";
import type { OutgoingMail } from "#core/mail";
import { enqueueMail } from "./outbox";

/** A reply form's key: 32 random bytes in base64url, made when the form is shown. */
export const replyKeyPattern = /^[A-Za-z0-9_-]{43}$/;

export interface ReplyToSend {
  /** The form's key: the same key sends nothing a second time. */
  key: string;
  submission: { type: InboxType; id: string };
  mail: OutgoingMail;
  actor: string;
  /** What the history shows: the template, the language, the subject and the text. */
  detail: Record<string, unknown>;
}

/**
 * Queues a reply, records it and marks a message or an application answered (a booking keeps its
 * status: confirming or declining it is its answer). False when this form's reply was already
 * sent: nothing is written again.
 */
export function sendReply(db: Db, reply: ReplyToSend, now: Date): boolean {
  const { type, id } = reply.submission;
  return db.transaction(() => {
    const taken = db.prepare("SELECT 1 FROM sent_replies WHERE key = ?").get(reply.key);
    if (taken) return false;
    const at = now.toISOString();
    const outboxId = enqueueMail(db, reply.mail, reply.submission, at);
    db.prepare("INSERT INTO sent_replies (key, submission_type, submission_id, outbox_id, sent_at) VALUES (?, ?, ?, ?, ?)").run(
      reply.key,
      type,
      id,
      outboxId,
      at,
    );
    if (type === "contact-messages" || type === "importer-applications") changeStatus(db, type, id, ["new"], "answered", now);
    recordAudit(db, { actor: reply.actor, action: auditActions.replySent, target: reply.submission, detail: reply.detail }, now);
    return true;
  })();
}
