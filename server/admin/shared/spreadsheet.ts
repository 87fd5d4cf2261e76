/**
 * The inbox's exports as a spreadsheet opens them: the columns named in the
 * staff member's language, times on the estate's clock, tours, languages and statuses by their
 * names, as CSV (UTF-8 with a byte-order mark, comma or semicolon) or as an Excel workbook
 * (exceljs). The raw, machine-readable JSON stays in server/db/export.ts.
 */
import { TZDate } from "@date-fns/tz";
import { stringify } from "csv-stringify/sync";
import { storedColumns } from "#forms/definitions";
import type { FormDefinitions, FormKind } from "#forms/definitions";
import type { ExportQuery } from "../../db/export";
import type { ExportData } from "../../inbox/export";
import { columnMessage, formOfType, serverForms, type ColumnName, type InboxStatus } from "../../forms";
import type { BookingDetails } from "../../db/tour-ledger";
import { localOf } from "../../bookings/paris-time";
import { estateTimeZone, formatClock, languageLabel, statusName, type ViewContext } from "./view-context";

export type { ExportQuery } from "../../db/export";

/** The CSV's separator: a comma, or the semicolon that Excel set to French expects. */
export type Separator = "comma" | "semicolon";
export const separators: readonly Separator[] = ["comma", "semicolon"];

/** The separator a staff member's Excel expects by default: French Excel splits on ";". */
export const defaultSeparator = (view: ViewContext): Separator => (view.lang === "fr" ? "semicolon" : "comma");

/** A phone number, kept apart so that each format can keep it as text. */
interface PhoneCell {
  phone: string;
}
/** A moment, shown on the estate's clock. */
interface TimeCell {
  at: Date;
}
/** A calendar day (`YYYY-MM-DD`): a date cell in a workbook, the day as written in a CSV. */
interface DayCell {
  day: string;
}
type Cell = string | number | null | PhoneCell | TimeCell | DayCell;

/** An export: the header in the staff member's words, then one row per submission. */
export interface Sheet {
  header: string[];
  rows: Cell[][];
}

/** Only what a phone field accepts (forms/schema.ts): such a value cannot carry a formula. */
const phoneShape = /^[+0-9 ().-]+$/;

/** Whether a text is a real `YYYY-MM-DD` day. */
export function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date;
}

/** How the staff area names a stored column of a form (the export's header, a submission's page): `field.<name>`, checked by the compiler (../../forms). */
export function columnLabel(view: Pick<ViewContext, "t">, name: ColumnName): string {
  return view.t(columnMessage(name));
}

const timeColumns = new Set(["receivedAt", "consentedAt", "confirmedAt", "unsubscribedAt"]);

/** One stored value as the staff read it. */
function cellOf(view: ViewContext, form: FormDefinitions[FormKind], name: ColumnName, value: string | number | null): Cell {
  if (value === null || value === "") return null;
  if (timeColumns.has(name)) return { at: new Date(String(value)) };
  if (form.fields.find((candidate) => candidate.name === name)?.kind === "date" && isDay(String(value))) return { day: String(value) };
  if (name === "language") return languageLabel(view, String(value));
  const field = form.fields.find((candidate) => candidate.name === name);
  if (field?.kind === "phone") return { phone: String(value) };
  if (field?.kind === "checkbox") return view.t("field.ticked");
  if (serverForms[form.kind].tour === name) return view.tourName(String(value));
  return value;
}

/**
 * A form's submissions for an export, oldest first, narrowed by status and by the days they came
 * in (on the estate's clock), each with its inbox status by name (`data`: server/inbox/export.ts).
 */
export function exportSheet(view: ViewContext, query: ExportQuery, data: ExportData): Sheet {
  const form = formOfType(query.type);
  const columns = storedColumns(form);
  const { rows } = data;
  const ids = rows.map((row) => String(row.id));
  const sheet: Sheet = {
    header: [...columns.map((column) => columnLabel(view, column.name)), view.t("field.status"), view.t("field.assignee")],
    rows: rows.map((row) => [
      ...columns.map((column) => cellOf(view, form, column.name, row[column.name] ?? null)),
      statusName(view, row.__status as InboxStatus),
      row.__assignee ?? null,
    ]),
  };
  return withNotes(view, data.notes, data.slots ? withTourDetails(view, data.slots, sheet, ids) : sheet, ids);
}

/** A sheet with the staff's internal notes of each submission last, oldest first, one a line. */
function withNotes(view: ViewContext, notes: Map<string, string[]>, sheet: Sheet, ids: string[]): Sheet {
  return {
    header: [...sheet.header, view.t("field.notes")],
    rows: sheet.rows.map((row, index) => [...row, (notes.get(ids[index]!) ?? []).join("\n") || null]),
  };
}

/**
 * A tour bookings' sheet with what the office runs the day from: the tour's day (a date cell) and
 * time on the estate's clock, the booking's status and the check-in.
 */
function withTourDetails(view: ViewContext, slots: Map<string, BookingDetails>, sheet: Sheet, ids: string[]): Sheet {
  const attendance = { arrived: view.t("checkIn.arrived"), "no-show": view.t("checkIn.noShow") } as const;
  return {
    header: [...sheet.header, view.t("field.tourDay"), view.t("field.tourTime"), view.t("field.tourStatus"), view.t("field.checkIn")],
    rows: sheet.rows.map((row, index) => {
      const slot = slots.get(ids[index]!);
      return [
        ...row,
        slot ? { day: slot.date } : null,
        slot ? formatClock(view, slot.time) : null,
        slot ? view.t(`slot.status.${slot.status}`) : null,
        slot?.attendance ? attendance[slot.attendance] : null,
      ];
    }),
  };
}

/** A moment as the estate's clock reads it, in a form every spreadsheet takes for a date: "2026-11-23 13:05". */
function localTime(at: Date): string {
  const { date, time } = localOf(at, estateTimeZone);
  return `${date} ${time}`;
}

/**
 * CSV as Excel opens it with a double click: a UTF-8 byte-order mark first (without it Excel reads
 * Windows-1252 and garbles accents and CJK), the chosen separator, CRLF line ends. Formulas are
 * defused by csv-stringify (`escape_formulas`: a leading `'` on a text cell starting with `=`, `+`,
 * `-`, `@`, tab or CR). A phone number is written `="+44 20 7946 0958"` instead: a spreadsheet
 * shows it as text, with its `+` and leading zeros and without a visible quote. That formula is
 * only ever a quoted constant: it is used for values made solely of digits, spaces, `+`, brackets,
 * dots and dashes (what the form accepts), anything else gets the `'` like every other cell.
 */
export function sheetToCsv(sheet: Sheet, separator: Separator): string {
  const body = stringify([sheet.header, ...sheet.rows] as unknown[][], {
    delimiter: separator === "semicolon" ? ";" : ",",
    record_delimiter: "windows",
    quote_record_delimiter: true,
    escape_formulas: true,
    quoted_match: /^\s|\s$/,
    cast: {
      date: (value) => localTime(value),
      // The only objects of a sheet are its PhoneCell and TimeCell values.
      object: (value: Record<string, unknown>) => {
        if (value.at instanceof Date) return localTime(value.at);
        if (typeof value.day === "string") return value.day;
        const phone = String(value.phone);
        return phoneShape.test(phone) ? { value: `="${phone}"`, escape_formulas: false } : phone;
      },
    },
  });
  return `\uFEFF${body}`;
}

/** A moment as Excel stores it: the estate's wall-clock time, with no zone (Excel has none). */
function wallClock(at: Date): Date {
  const paris = new TZDate(at.getTime(), estateTimeZone);
  return new Date(Date.UTC(paris.getFullYear(), paris.getMonth(), paris.getDate(), paris.getHours(), paris.getMinutes(), paris.getSeconds()));
}

/**
 * An Excel workbook of one sheet: text cells stay text (a phone number keeps its `+` and zeros, and
 * a cell starting with `=` is never a formula), times are real dates on the estate's clock, the
 * header is bold and frozen.
 */
export async function sheetToXlsx(sheet: Sheet, title: string): Promise<Buffer> {
  // Loaded at the first workbook, not at every start: exceljs and its zip libraries were a seventh
  // of a server's start-up CPU (0.25 of 1.75 s), for a file the office downloads now and then.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  // Excel limits a sheet's name to 31 characters and refuses a few; the form's name has none of them.
  const worksheet = workbook.addWorksheet(title.replace(/[\\/?*[\]:]/g, " ").slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  worksheet.addRow(sheet.header).font = { bold: true };
  for (const row of sheet.rows) {
    const added = worksheet.addRow(
      row.map((cell) =>
        cell !== null && typeof cell === "object" ? ("at" in cell ? wallClock(cell.at) : "day" in cell ? new Date(`${cell.day}T00:00:00Z`) : cell.phone) : cell,
      ),
    );
    row.forEach((cell, index) => {
      if (cell !== null && typeof cell === "object" && "at" in cell) added.getCell(index + 1).numFmt = "yyyy-mm-dd hh:mm";
      if (cell !== null && typeof cell === "object" && "day" in cell) added.getCell(index + 1).numFmt = "yyyy-mm-dd";
    });
  }
  worksheet.columns.forEach((column, index) => {
    const longest = Math.max(
      ...[sheet.header[index] ?? "", ...sheet.rows.map((row) => (typeof row[index] === "string" ? (row[index] as string) : "0000-00-00 00:00"))].map((text) =>
        Math.min(60, text.length),
      ),
    );
    column.width = Math.max(10, longest + 2);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
