/**
 * The staff inbox's reads and status changes (tables of migration 2). The `inbox` table holds one
 * row per submission of every form, kept by triggers; `inbox_search` indexes every field's text
 * in trigrams (FTS5), so a search finds part of a word, of an address or of Chinese or Japanese
 * text alike.
 */
import { formDefinitions, type FormKind } from "#forms/definitions";
import { inboxTypes, kindOfType, serverForms, storedRecord, type InboxStatus, type InboxType, type InboxView, type StoredRecord } from "../forms";
import type { StoredSubmission } from "../forms/stored";
import { isPostgres, type Db } from "./database";
import type { OutboxRow } from "./outbox";

/** The statuses that wait for the estate's answer. */
const todoStatuses: readonly InboxStatus[] = ["new"];
/** The statuses of what the estate has dealt with (a newsletter's pending sign-up waits for the visitor, not the estate). */
const doneStatuses: readonly InboxStatus[] = ["confirmed", "declined", "answered", "archived", "unsubscribed"];
/** The forms whose submissions can wait for an answer. */
export const answeredTypes = inboxTypes.filter((type) => serverForms[kindOfType(type)].statuses.some((status) => todoStatuses.includes(status)));

export interface InboxRow {
  id: number;
  type: InboxType;
  submission_id: string;
  received_at: string;
  language: string;
  page: string;
  name: string | null;
  email: string;
  status: InboxStatus;
  status_changed_at: string | null;
  /** The staff account dealing with it (migration 21), or null. */
  assigned_to: number | null;
}

/** A row of the inbox's list: with the address of the colleague it is assigned to, or null. */
export type ListedRow = InboxRow & { assignee: string | null };

export interface InboxQuery {
  type?: InboxType;
  /** One status; else the view's statuses. */
  status?: InboxStatus;
  /** The view (everything when not given). */
  show?: InboxView;
  /** What the staff typed in the search box. */
  search?: string;
  /** Only what is assigned to this staff account. */
  assignedTo?: number;
  /** From 1. */
  page: number;
  perPage: number;
}

/** Trigram search needs three characters; shorter words are looked for with LIKE. */
const trigramLength = 3;

/** The words of a search, at most ten of at most 100 characters each. */
function searchWords(search: string): string[] {
  return search
    .split(/\s+/u)
    .filter((word) => word !== "")
    .slice(0, 10)
    .map((word) => [...word].slice(0, 100).join(""));
}

/**
 * The SQL condition and values for a search: each word must appear somewhere in the submission.
 * Words become quoted FTS5 phrases (a quote inside is doubled), so nothing typed is read as
 * query syntax; short words become LIKE patterns with `%`, `_` and `\` escaped.
 */
function searchCondition(db: Db, words: readonly string[]): { sql: string; values: string[] } | null {
  if (words.length === 0) return null;
  const pattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (isPostgres(db)) {
    // PostgreSQL: the same words in the text folded as the index is (lower case, no accents), matched through its trigram index (pg_trgm).
    const sql = words.map(() => "search_folded(text) LIKE search_folded(?) ESCAPE '\\'").join(" AND ");
    return { sql: `i.id IN (SELECT id FROM inbox_search WHERE ${sql})`, values: words.map(pattern) };
  }
  const long = words.filter((word) => [...word].length >= trigramLength);
  const short = words.filter((word) => [...word].length < trigramLength);
  const parts: string[] = [];
  const values: string[] = [];
  if (long.length > 0) {
    parts.push("inbox_search MATCH ?");
    values.push(long.map((word) => `"${word.replaceAll('"', '""')}"`).join(" "));
  }
  for (const word of short) {
    parts.push("text LIKE ? ESCAPE '\\'");
    values.push(pattern(word));
  }
  return { sql: `i.id IN (SELECT rowid FROM inbox_search WHERE ${parts.join(" AND ")})`, values };
}

/**
 * One page of the inbox, newest first, and how many submissions match in all. A page past the
 * last is the last (a bookmark kept while the list shrank), so `page` says which one was read.
 */
export function listInbox(db: Db, query: InboxQuery): { rows: ListedRow[]; total: number; page: number; pages: number } {
  const where: string[] = [];
  const values: (string | number)[] = [];
  if (query.type) {
    where.push("i.type = ?");
    values.push(query.type);
  }
  const statuses = query.status ? [query.status] : query.show === "todo" ? todoStatuses : query.show === "done" ? doneStatuses : null;
  if (statuses) {
    where.push(`i.status IN (${statuses.map(() => "?").join(", ")})`);
    values.push(...statuses);
  }
  if (query.assignedTo !== undefined) {
    where.push("i.assigned_to = ?");
    values.push(query.assignedTo);
  }
  const search = searchCondition(db, searchWords(query.search ?? ""));
  if (search) {
    where.push(search.sql);
    values.push(...search.values);
  }
  const clause = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  const { total } = db.prepare(`SELECT count(*) AS total FROM inbox i ${clause}`).get(...values) as { total: number };
  const pages = Math.max(1, Math.ceil(total / query.perPage));
  const page = Math.min(query.page, pages);
  const rows = db
    .prepare(
      `SELECT i.*, s.email AS assignee FROM inbox i LEFT JOIN staff s ON s.id = i.assigned_to ${clause} ORDER BY i.received_at DESC, i.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...values, query.perPage, (page - 1) * query.perPage) as ListedRow[];
  return { rows, total, page, pages };
}

/** How many submissions of each form wait for an answer (the navigation's counts). */
export function todoCounts(db: Db): Record<InboxType, number> {
  const counts = Object.fromEntries(inboxTypes.map((type) => [type, 0])) as Record<InboxType, number>;
  const marks = todoStatuses.map(() => "?").join(", ");
  for (const row of db.prepare(`SELECT type, count(*) AS n FROM inbox WHERE status IN (${marks}) GROUP BY type`).all(...todoStatuses) as {
    type: InboxType;
    n: number;
  }[]) {
    counts[row.type] = row.n;
  }
  return counts;
}

/** The stored submissions on a page of the inbox, by reference, each typed by its form: what each form's columns show. */
export function detailsOf(db: Db, rows: readonly InboxRow[]): Map<string, StoredRecord> {
  const details = new Map<string, StoredRecord>();
  for (const type of new Set(rows.map((row) => row.type))) {
    const kind = kindOfType(type);
    const ids = rows.filter((row) => row.type === type).map((row) => row.submission_id);
    const found: unknown[] = db.prepare(`SELECT * FROM ${formDefinitions[kind].table} WHERE id IN (${ids.map(() => "?").join(", ")})`).all(...ids);
    for (const row of found) {
      const record = storedRecord(kind, row);
      details.set(record.row.id, record);
    }
  }
  return details;
}

/** The visit's time (`HH:MM`) of each tour booking listed that holds a time, by its id. */
export function visitTimesOf(db: Db, rows: readonly InboxRow[]): Map<string, string> {
  const ids = rows.filter((row) => row.type === formDefinitions.tourBooking.slug).map((row) => row.submission_id);
  if (ids.length === 0) return new Map();
  const found = db
    .prepare(`SELECT booking_id AS id, slot_time AS time FROM tour_slot_bookings WHERE booking_id IN (${ids.map(() => "?").join(", ")})`)
    .all(...ids) as {
    id: string;
    time: string;
  }[];
  return new Map(found.map((row) => [row.id, row.time]));
}

/** A submission: its inbox row, and its form's stored fields typed once its kind is known (`record.kind === "tourBooking"`). */
export type SubmissionRecord = { [K in FormKind]: { kind: K; entry: InboxRow; row: StoredSubmission<K> } }[FormKind];

/** A submission of the form a slug names, with its inbox row; null when there is none. */
export function findSubmission(db: Db, type: InboxType, id: string): SubmissionRecord | null {
  const entry = db.prepare("SELECT * FROM inbox WHERE type = ? AND submission_id = ?").get(type, id) as InboxRow | undefined;
  if (!entry) return null;
  const kind = kindOfType(type);
  const row: unknown = db.prepare(`SELECT * FROM ${formDefinitions[kind].table} WHERE id = ?`).get(id);
  return row ? { ...storedRecord(kind, row), entry } : null;
}

/**
 * Moves a submission to `to` if it is now one of `from`; false otherwise (another member of the
 * staff answered first, or the move is not allowed), so that one booking is answered once.
 */
export function changeStatus(db: Db, type: InboxType, id: string, from: readonly InboxStatus[], to: InboxStatus, now: Date): boolean {
  const marks = from.map(() => "?").join(", ");
  const result = db
    .prepare(`UPDATE inbox SET status = ?, status_changed_at = ? WHERE type = ? AND submission_id = ? AND status IN (${marks})`)
    .run(to, now.toISOString(), type, id, ...from);
  return result.changes === 1;
}

/** An e-mail of a submission, as the outbox holds it (without its body). */
export type SubmissionMail = Omit<OutboxRow, "submission_type" | "submission_id" | "reply_to" | "body" | "headers" | "message_id">;

export function mailsOf(db: Db, type: InboxType, id: string): SubmissionMail[] {
  return db
    .prepare(
      `SELECT id, created_at, kind, recipient, subject, attempts, next_attempt_at, last_error, sent_at, failed_at, attachments
       FROM outbox WHERE submission_type = ? AND submission_id = ? ORDER BY id`,
    )
    .all(type, id) as SubmissionMail[];
}

/** Each submission's inbox status of one form, by submission id (the JSON export adds it to each row). */
export function inboxStatuses(db: Db, type: InboxType): Map<string, InboxStatus> {
  const rows = db.prepare("SELECT submission_id, status FROM inbox WHERE type = ?").all(type) as { submission_id: string; status: InboxStatus }[];
  return new Map(rows.map((row) => [row.submission_id, row.status]));
}
