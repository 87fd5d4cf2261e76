/**
 * What the staff do with a submission from its page, one use-case each, each one transaction of
 * the group commit with its line in the history: a status chosen by hand, a reply to the visitor
 * (its e-mail queued with it, once per reply form), an internal note, and giving it to a colleague
 * (their e-mail queued with it). Confirming and declining a tour booking are the bookings' own
 * (server/bookings/confirm-request.ts, decline.ts).
 */
import { randomBytes } from "node:crypto";
import { isLanguage, defaultLanguage } from "#core/languages";
import type { AdminLanguage } from "#locales/admin";
import { setAssignee, addNote } from "../db/assignment";
import { auditActions, recordAudit } from "../db/audit";
import { changeStatus, type InboxRow } from "../db/inbox";
import { enqueueMail } from "../db/outbox";
import { recordSentReply, replyKeyUsed } from "../db/replies";
import { bookingType, statusesOf, type InboxStatus } from "../forms";
import { composeStaffReply } from "../mail/staff-reply";
import { assignmentMail } from "../mail/staff/assignment";
import type { Inbox, SubmissionRef } from "./deps";

/** A reply form's key: 32 random bytes in base64url, made when the form is shown; the same key sends nothing a second time. */
export const replyKeyPattern = /^[A-Za-z0-9_-]{43}$/;
export const newReplyKey = () => randomBytes(32).toString("base64url");

const refOf = (entry: InboxRow): SubmissionRef => ({ type: entry.type, id: entry.submission_id });

/** Sets the status the staff chose (one of the submission's form's). */
export function setStatus(deps: Inbox, submission: SubmissionRef, status: InboxStatus, actor: string): Promise<void> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    changeStatus(tx, submission.type, submission.id, statusesOf(submission.type), status, now);
    recordAudit(tx, { actor, action: auditActions.statusChanged, target: submission, detail: { status } }, now);
  });
}

/** A reply as the staff wrote it: its form's key, the template it started from, its subject and text. */
export interface StaffReply {
  key: string;
  template: string;
  subject: string;
  text: string;
}

/**
 * Sends the staff's reply to the visitor in their language: the e-mail queued, the form's key
 * spent, a message or an application marked answered (a booking keeps its status: confirming or
 * declining it is its answer), the reply in the history. False when this form's reply was already
 * sent: nothing is written again.
 */
export function replyTo(deps: Inbox, entry: InboxRow, reply: StaffReply, actor: string): Promise<boolean> {
  const language = isLanguage(entry.language) ? entry.language : defaultLanguage;
  const mail = composeStaffReply({ to: entry.email, subject: reply.subject, text: reply.text, language }, deps.estate());
  const submission = refOf(entry);
  return deps.commits.run((tx) => {
    if (replyKeyUsed(tx, reply.key)) return false;
    const now = deps.now();
    const outboxId = enqueueMail(tx, mail, submission, now.toISOString());
    recordSentReply(tx, reply.key, submission, outboxId, now);
    if (statusesOf(submission.type).includes("answered")) changeStatus(tx, submission.type, submission.id, ["new"], "answered", now);
    const detail = { template: reply.template, language: entry.language, subject: mail.subject, text: mail.text };
    recordAudit(tx, { actor, action: auditActions.replySent, target: submission, detail }, now);
    return true;
  });
}

/** Adds the staff's internal note to a submission's history (never mailed). */
export function noteSubmission(deps: Inbox, submission: SubmissionRef, text: string, actor: string): Promise<void> {
  return deps.commits.run((tx) => addNote(tx, submission, actor, text, deps.now()));
}

/** A colleague a submission can be given to. */
export interface Assignee {
  id: number;
  email: string;
  language: AdminLanguage | null;
}

/**
 * Gives a submission to a colleague, or to nobody (null): the inbox row names them, the history
 * says it, and a colleague given it by someone else is mailed in their language (staff who take it
 * themselves need no e-mail). Given to a colleague, a message already answered or archived waits
 * for an answer again, in their to-do (a booking's status follows its tour time, and is left alone).
 */
export function assignTo(deps: Inbox, entry: InboxRow, colleague: Assignee | null, by: { email: string; language: AdminLanguage }): Promise<void> {
  const submission = refOf(entry);
  const mail =
    colleague && colleague.email !== by.email
      ? assignmentMail(colleague.language ?? by.language, {
          to: colleague.email,
          by: by.email,
          type: entry.type,
          id: entry.submission_id,
          name: entry.name ?? entry.email,
          siteUrl: deps.estate().siteUrl,
        })
      : null;
  return deps.commits.run((tx) => {
    const now = deps.now();
    setAssignee(tx, submission, colleague?.id ?? null);
    const reopened =
      colleague !== null && entry.type !== bookingType && changeStatus(tx, entry.type, entry.submission_id, ["answered", "archived"], "new", now);
    recordAudit(
      tx,
      { actor: by.email, action: auditActions.assigned, target: submission, detail: { to: colleague?.email ?? null, ...(reopened ? { reopened } : {}) } },
      now,
    );
    if (mail) enqueueMail(tx, mail, submission, now.toISOString());
  });
}
