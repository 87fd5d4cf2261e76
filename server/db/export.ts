import { stringify } from "csv-stringify/sync";
import { storedColumns } from "#forms/definitions";
import type { FormDefinition } from "#forms/fields";
import type { Db } from "./database";

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
  const statement = db.prepare(`SELECT ${select} FROM ${form.table} ${where} ORDER BY received_at, rowid`);
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

export function toJson(rows: readonly ExportRow[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}
