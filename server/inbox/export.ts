/**
 * The inbox's exports: what a spreadsheet of one form's submissions is made from (rows, the staff's
 * notes, a booking's tour time), the raw rows of the JSON export, and the line every export leaves
 * in the history.
 */
import { auditActions, recordAudit } from "../db/audit";
import { notesOf } from "../db/assignment";
import { exportIds, exportRows, readSubmissions, toJson, type ExportQuery, type ExportRow } from "../db/export";
import { inboxStatuses } from "../db/inbox";
import { slotDetailsOf, type BookingDetails } from "../db/tour-ledger";
import { formOfType, kindOfType } from "../forms";
import type { Inbox } from "./deps";

/** A form's submissions as an export narrows them, oldest first, with the staff's notes and, for tour bookings, each one's tour time, by reference. */
export interface ExportData {
  rows: ExportRow[];
  notes: Map<string, string[]>;
  slots: Map<string, BookingDetails> | null;
}

/** What the spreadsheet of an export is made from. */
export function exportDataOf(deps: Pick<Inbox, "db">, query: ExportQuery): ExportData {
  const rows = exportRows(deps.db, formOfType(query.type), query);
  const ids = rows.map((row) => String(row.id));
  return {
    rows,
    notes: notesOf(deps.db, query.type, ids),
    slots: kindOfType(query.type) === "tourBooking" ? slotDetailsOf(deps.db, ids) : null,
  };
}

/**
 * The JSON export (the raw rows of `npm run submissions`, for programs), narrowed like the others,
 * each row with its inbox status code and the staff's notes; with how many rows it holds.
 */
export function jsonExportOf(deps: Pick<Inbox, "db">, query: ExportQuery): { rows: number; json: string } {
  const statuses = inboxStatuses(deps.db, query.type);
  const ids = exportIds(deps.db, query);
  const received = new Set(ids);
  const notes = notesOf(deps.db, query.type, ids);
  const rows = readSubmissions(deps.db, formOfType(query.type))
    .filter((row) => received.has(String(row.id)))
    .map((row) => ({ ...row, status: statuses.get(String(row.id)) ?? null, notes: notes.get(String(row.id)) ?? [] }));
  return { rows: rows.length, json: toJson(rows) };
}

/** Logs an export (the inbox's or the tours' report): who, what it was narrowed to, in which format, how many rows. */
export function recordExport(deps: Pick<Inbox, "commits" | "now">, actor: string, detail: Record<string, unknown>): Promise<void> {
  return deps.commits.run((tx) => recordAudit(tx, { actor, action: auditActions.exported, detail }, deps.now()));
}
