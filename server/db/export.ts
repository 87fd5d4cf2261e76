import { TZDate } from "@date-fns/tz";
import { stringify } from "csv-stringify/sync";
import { storedColumns } from "#forms/definitions";
import type { FormDefinition } from "#forms/fields";
import { isPostgres, type Db } from "./database";
import { formOfType, type InboxStatus, type InboxType } from "../forms";

/** The estate's clock, on which the days an export is narrowed to begin and end. */
const estateZone = "Europe/Paris";

/** What a staff member may narrow an export to. */
export interface ExportQuery {
  type: InboxType;
  status?: InboxStatus;
  /** First day received, `YYYY-MM-DD` on the estate's clock (inclusive). */
  from?: string;
  /** Last day received, `YYYY-MM-DD` on the estate's clock (inclusive). */
  to?: string;
}

/** The first moment of a `YYYY-MM-DD` day on the estate's clock, `days` later. */
function startOfDay(day: string, days = 0): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date + days, 0, 0, estateZone).getTime());
}

/** The SQL condition (over the form's table `s` and the inbox `i`) that narrows an export. */
function narrowing(query: ExportQuery): { where: string; values: string[] } {
  const where = ["i.type = ?"];
  const values: string[] = [query.type];
  if (query.status) {
    where.push("i.status = ?");
    values.push(query.status);
  }
  if (query.from) {
    where.push("s.received_at >= ?");
    values.push(startOfDay(query.from).toISOString());
  }
  if (query.to) {
    where.push("s.received_at < ?");
    values.push(startOfDay(query.to, 1).toISOString());
  }
  return { where: where.join(" AND "), values };
}

/** The references of the submissions an export narrowed by `query` holds. */
export function exportIds(db: Db, query: ExportQuery): string[] {
  const { where, values } = narrowing(query);
  const table = formOfType(query.type).table;
  return (db.prepare(`SELECT s.id FROM ${table} s JOIN inbox i ON i.submission_id = s.id WHERE ${where}`).all(...values) as { id: string }[]).map((row) =>
    String(row.id),
  );
}

/**
 * A form's submissions for a spreadsheet export, oldest first, narrowed by status and days
 * received: each stored column by its name, with the inbox status (`__status`) and the address of
 * the colleague it is assigned to (`__assignee`).
 */
export function exportRows(db: Db, form: FormDefinition, query: ExportQuery): Record<string, string | number | null>[] {
  const select = storedColumns(form)
    .map((column) => `s.${column.column} AS "${column.name}"`)
    .join(", ");
  const { where, values } = narrowing(query);
  return db
    .prepare(
      `SELECT ${select}, i.status AS "__status", st.email AS "__assignee" FROM ${form.table} s JOIN inbox i ON i.submission_id = s.id
       LEFT JOIN staff st ON st.id = i.assigned_to WHERE ${where} ORDER BY s.received_at, i.id`,
    )
    .all(...values) as Record<string, string | number | null>[];
}

export type ExportRow = Record<string, string | number | null>;

/** The export's header: the envelope, the submitted fields, then the state the server keeps (forms/ definitions). */
export function exportColumns(form: FormDefinition): string[] {
  return storedColumns(form).map((c) => c.name);
}

/** A form's submissions, oldest first, optionally only those received at or after `since`. */
export function readSubmissions(db: Db, form: FormDefinition, options: { since?: Date } = {}): ExportRow[] {
  const select = storedColumns(form)
    .map((c) => (c.column === c.name ? c.column : `${c.column} AS "${c.name}"`))
    .join(", ");
  const where = options.since ? "WHERE received_at >= ?" : "";
  const statement = db.prepare(`SELECT ${select} FROM ${form.table} ${where} ORDER BY received_at, ${isPostgres(db) ? "id" : "rowid"}`);
  return (options.since ? statement.all(options.since.toISOString()) : statement.all()) as ExportRow[];
}

/**
 * CSV (RFC 4180) with a header row and CRLF line ends, written by csv-stringify. Spreadsheet
 * formulas are defused (`escape_formulas`): a text cell starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return (or the full-width `＝`, `＋`, `－`, `＠`) gets a leading single quote, so a
 * spreadsheet shows it as text instead of running it. Cells with edge spaces are quoted so that
 * no spreadsheet trims them.
 */
export function toCsv(columns: readonly string[], rows: readonly ExportRow[]): string {
  return stringify(rows as ExportRow[], {
    header: true,
    columns: [...columns],
    record_delimiter: "windows",
    // Without this, csv-stringify quotes only the record delimiter itself (CRLF), and a lone LF
    // or CR in a message would leave its cell unquoted.
    quote_record_delimiter: true,
    escape_formulas: true,
    quoted_match: /^\s|\s$/,
  });
}

export function toJson(rows: readonly Readonly<Record<string, unknown>>[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}
