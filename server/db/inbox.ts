/**
 * The staff inbox's reads and status changes (tables of migration 2). The `inbox` table holds one
 * row per submission of every form, kept by triggers; `inbox_search` indexes every field's text
 * in trigrams (FTS5), so a search finds part of a word, of an address or of Chinese or Japanese
 * text alike.
 */
import { formDefinitions, type FormKind } from "#forms/definitions";
import type { FormDefinition } from "#forms/fields";
import type { Db } from "./database";
import type { OutboxRow } from "./outbox";

/** The forms, by the slug the inbox and its URLs name them with. */
export const inboxTypes = Object.values(formDefinitions).map((form) => form.slug);
export type InboxType = (typeof formDefinitions)[FormKind]["slug"];

/** What a submission of each form can be. The newsletter's follows the subscription itself. */
export const statusesOf = {
  "tour-bookings": ["new", "confirmed", "declined", "cancelled"],
  "contact-messages": ["new", "answered", "archived"],
  "importer-applications": ["new", "answered", "archived"],
  "newsletter-signups": ["pending", "confirmed", "unsubscribed"],
} as const satisfies Record<InboxType, readonly string[]>;
export type InboxStatus = (typeof statusesOf)[InboxType][number];
/** Every status, once, in a stable order (the inbox's filter). */
export const allStatuses = [...new Set(Object.values(statusesOf).flat())] as InboxStatus[];

export function isInboxType(value: unknown): value is InboxType {
  return typeof value === "string" && (inboxTypes as string[]).includes(value);
}

export function formOfType(type: InboxType): FormDefinition {
  return Object.values(formDefinitions).find((form) => form.slug === type)!;
}

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
}

export interface InboxQuery {
  type?: InboxType;
  status?: InboxStatus;
  /** What the staff typed in the search box. */
  search?: string;
  /** From 1. */
  page: number;
  perPage: number;
}

/** Trigram search needs three characters; shorter words are looked for with LIKE. */
const trigramLength = 3;

/** The words of a search, at most ten of at most 100 characters each. */
export function searchWords(search: string): string[] {
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
function searchCondition(words: readonly string[]): { sql: string; values: string[] } | null {
  if (words.length === 0) return null;
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
    values.push(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return { sql: `i.id IN (SELECT rowid FROM inbox_search WHERE ${parts.join(" AND ")})`, values };
}

/** One page of the inbox, newest first, and how many submissions match in all. */
export function listInbox(db: Db, query: InboxQuery): { rows: InboxRow[]; total: number } {
  const where: string[] = [];
  const values: (string | number)[] = [];
  if (query.type) {
    where.push("i.type = ?");
    values.push(query.type);
  }
  if (query.status) {
    where.push("i.status = ?");
    values.push(query.status);
  }
  const search = searchCondition(searchWords(query.search ?? ""));
  if (search) {
    where.push(search.sql);
    values.push(...search.values);
  }
  const clause = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  const rows = db
    .prepare(`SELECT i.* FROM inbox i ${clause} ORDER BY i.received_at DESC, i.id DESC LIMIT ? OFFSET ?`)
    .all(...values, query.perPage, (query.page - 1) * query.perPage) as InboxRow[];
  const { total } = db.prepare(`SELECT count(*) AS total FROM inbox i ${clause}`).get(...values) as { total: number };
  return { rows, total };
}

/** A submission: its inbox row and every stored column of its form's table. */
export interface SubmissionRecord {
  entry: InboxRow;
  row: Record<string, string | number | null>;
}

export function findSubmission(db: Db, type: InboxType, id: string): SubmissionRecord | null {
  const entry = db.prepare("SELECT * FROM inbox WHERE type = ? AND submission_id = ?").get(type, id) as InboxRow | undefined;
  if (!entry) return null;
  const row = db.prepare(`SELECT * FROM ${formOfType(type).table} WHERE id = ?`).get(id) as Record<string, string | number | null> | undefined;
  return row ? { entry, row } : null;
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
