import type { Db } from "./database";
import { envelopeColumns, type FormTable } from "./forms";

export type ExportRow = Record<string, string | number | null>;

/** The export's columns for a form: envelope, submitted fields, then server-kept state. */
export function exportColumns(form: FormTable): string[] {
  return [...envelopeColumns, ...form.fields, ...form.extra].map((c) => c.field);
}

/** A form's submissions, oldest first, optionally only those received at or after `since`. */
export function readSubmissions(db: Db, form: FormTable, options: { since?: Date } = {}): ExportRow[] {
  const columns = [...envelopeColumns, ...form.fields, ...form.extra];
  const select = columns.map((c) => (c.column === c.field ? c.column : `${c.column} AS "${c.field}"`)).join(", ");
  const where = options.since ? "WHERE received_at >= ?" : "";
  const statement = db.prepare(`SELECT ${select} FROM ${form.table} ${where} ORDER BY received_at, rowid`);
  return (options.since ? statement.all(options.since.toISOString()) : statement.all()) as ExportRow[];
}

/**
 * Defuses spreadsheet formulas: a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return gets a leading single quote, so a spreadsheet shows it as text instead of running it.
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : neutraliseCell(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV with a header row and CRLF line ends. */
export function toCsv(columns: readonly string[], rows: readonly ExportRow[]): string {
  const lines = [columns.map(csvField).join(","), ...rows.map((row) => columns.map((c) => csvField(row[c])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

export function toJson(rows: readonly ExportRow[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}
