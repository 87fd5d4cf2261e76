/**
 * The tours' reports: for a day, a week (Monday first) or a month on the estate's clock, the
 * groups booked and the people in them, those who came and the no-shows (from the day's
 * check-in), the cancellations, the takings booked, each by day (or by week in a month), by
 * package, by language and by country (the staff's, else the phone's). Counted from the bookings
 * with a time, whatever became of them; SQL: server/db/tour-reports.ts.
 */
import type { Db } from "../db/database";
import { reportRows, type ReportRow } from "../db/tour-reports";
import { countryOfPhone } from "./guests";
import { addDays, addMonths, weekdayOf } from "./paris-time";

export const reportPeriods = ["day", "week", "month"] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/** What one line of a report counts. */
interface ReportCounts {
  /** Confirmed bookings (those who came and the no-shows included), and the people in them. */
  bookings: number;
  guests: number;
  /** People checked in as arrived. */
  visitors: number;
  /** Bookings marked absent, and their people. */
  noShows: number;
  noShowGuests: number;
  /** Bookings cancelled (by the visitor or the estate), and their people. */
  cancellations: number;
  cancelledGuests: number;
  /** What the confirmed bookings cost their groups, after vouchers (cents). */
  revenueCents: number;
}

/** A line of a report: what it counts, under its key (a day, a week's Monday, a package, a language, a country or "unknown"). */
export interface ReportLine extends ReportCounts {
  key: string;
}

export interface Report {
  period: ReportPeriod;
  /** The first and last day counted, both included. */
  from: string;
  to: string;
  totals: ReportCounts;
  /** By day (a day's or a week's report), by week (a month's: each line's key is its Monday). */
  byTime: ReportLine[];
  byPackage: ReportLine[];
  byLanguage: ReportLine[];
  byCountry: ReportLine[];
}

/** The days a report of `period` holding `day` covers. */
function reportRange(period: ReportPeriod, day: string): { from: string; to: string } {
  if (period === "day") return { from: day, to: day };
  if (period === "week") {
    const monday = addDays(day, 1 - weekdayOf(day));
    return { from: monday, to: addDays(monday, 6) };
  }
  const first = `${day.slice(0, 7)}-01`;
  return { from: first, to: addDays(addMonths(first, 1), -1) };
}

const empty = (): ReportCounts => ({ bookings: 0, guests: 0, visitors: 0, noShows: 0, noShowGuests: 0, cancellations: 0, cancelledGuests: 0, revenueCents: 0 });

function count(into: ReportCounts, row: ReportRow): void {
  if (row.status === "confirmed") {
    into.bookings += 1;
    into.guests += row.guests;
    into.revenueCents += row.priceCents ?? 0;
    if (row.attendance === "arrived") into.visitors += row.guests;
    if (row.attendance === "no-show") {
      into.noShows += 1;
      into.noShowGuests += row.guests;
    }
  } else if (row.status === "cancelled") {
    into.cancellations += 1;
    into.cancelledGuests += row.guests;
  }
}

/** Lines by key, in the order `order` gives (else by most guests). */
function linesBy(rows: readonly ReportRow[], key: (row: ReportRow) => string, order?: readonly string[]): ReportLine[] {
  const lines = new Map<string, ReportLine>();
  for (const key_ of order ?? []) lines.set(key_, { key: key_, ...empty() });
  for (const row of rows) {
    const k = key(row);
    if (!lines.has(k)) lines.set(k, { key: k, ...empty() });
    count(lines.get(k)!, row);
  }
  const result = [...lines.values()];
  return order ? result : result.sort((a, b) => b.guests - a.guests || b.cancellations - a.cancellations || a.key.localeCompare(b.key));
}

/** The report of `period` holding `day`. */
export function tourReport(db: Db, period: ReportPeriod, day: string): Report {
  const { from, to } = reportRange(period, day);
  const rows = reportRows(db, from, to);
  const totals = empty();
  for (const row of rows) count(totals, row);
  const days = Array.from({ length: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1 }, (_, i) => addDays(from, i));
  const byTime =
    period === "month"
      ? linesBy(rows, (row) => addDays(row.date, 1 - weekdayOf(row.date)), [...new Set(days.map((one) => addDays(one, 1 - weekdayOf(one))))])
      : linesBy(rows, (row) => row.date, days);
  return {
    period,
    from,
    to,
    totals,
    byTime,
    byPackage: linesBy(rows, (row) => row.package),
    byLanguage: linesBy(rows, (row) => row.language),
    byCountry: linesBy(rows, (row) => row.country ?? countryOfPhone(row.phone) ?? "unknown"),
  };
}
