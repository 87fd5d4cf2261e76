/**
 * The inbox's read side, what its pages are drawn from: a page of the list with each row's stored
 * fields, and one submission with its e-mails and its history.
 */
import { auditOf, type AuditEntry } from "../db/audit";
import {
  detailsOf,
  findSubmission,
  listInbox,
  visitTimesOf,
  mailsOf,
  type InboxQuery,
  type ListedRow,
  type SubmissionMail,
  type SubmissionRecord,
} from "../db/inbox";
import type { StoredRecord } from "../forms";
import type { Inbox, SubmissionRef } from "./deps";

/** A page of the inbox: its rows, each row's stored fields by reference, how many match in all, the page shown and the number of pages. */
export interface InboxList {
  rows: ListedRow[];
  details: Map<string, StoredRecord>;
  /** The visit's time (`HH:MM`) of each tour booking in the page that holds one, by its id. */
  times: Map<string, string>;
  total: number;
  page: number;
  pages: number;
}

/** The page of the inbox a query asks for (a page past the last one shows the last). */
export function inboxList(deps: Pick<Inbox, "db">, query: InboxQuery): InboxList {
  const { rows, total, page, pages } = listInbox(deps.db, query);
  return { rows, details: detailsOf(deps.db, rows), times: visitTimesOf(deps.db, rows), total, page, pages };
}

/** A submission, typed by its form, or null when there is none. */
export function submissionOf(deps: Pick<Inbox, "db">, submission: SubmissionRef): SubmissionRecord | null {
  return findSubmission(deps.db, submission.type, submission.id);
}

/** What a submission's page shows beside its fields: its e-mails (without their bodies) and its history. */
export function submissionTrail(deps: Pick<Inbox, "db">, submission: SubmissionRef): { mails: SubmissionMail[]; history: AuditEntry[] } {
  return { mails: mailsOf(deps.db, submission.type, submission.id), history: auditOf(deps.db, submission.type, submission.id) };
}
