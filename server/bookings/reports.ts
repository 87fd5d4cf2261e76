/**
 * The tours' reports: for a day, a week (Monday first), a month or a year on the estate's clock, the
 * groups booked and the people in them, those who came and the no-shows (from the day's
 * check-in), the cancellations, the takings booked, each by day (by week in a month, by month in a year), by
 * package, by language and by country (the staff's, else the phone's). Counted from the bookings
 * with a time, whatever became of them; SQL: server/db/tour-reports.ts.
 */
import type { Content } from "#content";
import type { Db } from "../db/database";
import type { Bookings } from "./deps";
import { paymentsOf } from "../db/tour-payments";
import { reportRows, type ReportRow } from "../db/tour-reports";
import { vouchersCreatedBetween, redemptionsOfBookings } from "../db/tour-vouchers";
import { moneyOf, type BookingMoney } from "./booking-money";
import { countryOfPhone } from "./guests";
import { addDays, addMonths, localOf, weekdayOf } from "./paris-time";
import { voucherValue } from "./vouchers";

export const reportPeriods = ["day", "week", "month", "year"] as const;
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
  /** What the confirmed bookings cost their groups, after vouchers (cents): the sum of their prices. */
  revenueCents: number;
  /** Deposits paid online by the period's bookings, whatever became of them since (cents). */
  depositsCents: number;
  /** The part of them refunded or due for refund (cents). */
  refundsCents: number;
  /** What gift vouchers took off the confirmed bookings' prices (cents). */
  vouchersRedeemedCents: number;
  /** What the confirmed bookings leave to collect on site: their prices less the deposits kept (cents). */
  balanceCents: number;
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
  /** By day (a day's or a week's report), by week (a month's: each line's key is its Monday), by month (a year's: its first day). */
  byTime: ReportLine[];
  byPackage: ReportLine[];
  byLanguage: ReportLine[];
  byCountry: ReportLine[];
  /** Gift vouchers made in the period (on the estate's clock), and what they are worth. */
  vouchersSold: { count: number; cents: number };
}

/** The days a report of `period` holding `day` covers. */
function reportRange(period: ReportPeriod, day: string): { from: string; to: string } {
  if (period === "day") return { from: day, to: day };
  if (period === "week") {
    const monday = addDays(day, 1 - weekdayOf(day));
    return { from: monday, to: addDays(monday, 6) };
  }
  if (period === "year") return { from: `${day.slice(0, 4)}-01-01`, to: `${day.slice(0, 4)}-12-31` };
  const first = `${day.slice(0, 7)}-01`;
  return { from: first, to: addDays(addMonths(first, 1), -1) };
}

/** The line of the report by time a booking's day falls in: the day itself, its week's Monday (a month's report) or its month's first day (a year's). */
function timeKey(period: ReportPeriod, day: string): string {
  if (period === "month") return addDays(day, 1 - weekdayOf(day));
  if (period === "year") return `${day.slice(0, 7)}-01`;
  return day;
}

const empty = (): ReportCounts => ({
  bookings: 0,
  guests: 0,
  visitors: 0,
  noShows: 0,
  noShowGuests: 0,
  cancellations: 0,
  cancelledGuests: 0,
  revenueCents: 0,
  depositsCents: 0,
  refundsCents: 0,
  vouchersRedeemedCents: 0,
  balanceCents: 0,
});

/** A booking as the report counts it: its row and its money (./booking-money.ts, as the day sheet shows it). */
type Counted = ReportRow & { money: BookingMoney };

function count(into: ReportCounts, row: Counted): void {
  into.depositsCents += row.money.depositCents;
  into.refundsCents += row.money.refundCents;
  if (row.status === "confirmed") {
    into.bookings += 1;
    into.guests += row.guests;
    into.revenueCents += row.priceCents ?? 0;
    into.vouchersRedeemedCents += row.money.voucher?.cents ?? 0;
    into.balanceCents += row.money.balanceCents ?? 0;
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
function linesBy(rows: readonly Counted[], key: (row: Counted) => string, order?: readonly string[]): ReportLine[] {
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

/** The report of `period` holding `day`, the packages named as the content names them now. */
export function tourReport(deps: Pick<Bookings, "db" | "content">, period: ReportPeriod, day: string): Report {
  const { db } = deps;
  const content = deps.content.current;
  const { from, to } = reportRange(period, day);
  const booked = reportRows(db, from, to);
  const ids = booked.map((row) => row.bookingId);
  const payments = paymentsOf(db, ids);
  const vouchers = redemptionsOfBookings(db, ids);
  const rows: Counted[] = booked.map((row) => ({
    ...row,
    money: moneyOf(row, payments.get(row.bookingId) ?? null, vouchers.get(row.bookingId) ?? null),
  }));
  const totals = empty();
  for (const row of rows) count(totals, row);
  const days = Array.from({ length: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1 }, (_, i) => addDays(from, i));
  const byTime = linesBy(rows, (row) => timeKey(period, row.date), [...new Set(days.map((one) => timeKey(period, one)))]);
  return {
    period,
    from,
    to,
    totals,
    byTime,
    byPackage: linesBy(rows, (row) => row.package),
    byLanguage: linesBy(rows, (row) => row.language),
    byCountry: linesBy(rows, (row) => row.country ?? countryOfPhone(row.phone) ?? "unknown"),
    vouchersSold: vouchersSold(db, content, from, to),
  };
}

/** The gift vouchers made from `from` to `to` (their day on the estate's clock), and what they are worth. */
function vouchersSold(db: Db, content: Content, from: string, to: string): { count: number; cents: number } {
  // A day either side in UTC, then each voucher's own day on the estate's clock.
  const made = vouchersCreatedBetween(db, `${addDays(from, -1)}T00:00:00.000Z`, `${addDays(to, 2)}T00:00:00.000Z`).filter((voucher) => {
    const day = localOf(new Date(voucher.created_at)).date;
    return from <= day && day <= to;
  });
  return { count: made.length, cents: made.reduce((sum, voucher) => sum + voucherValue(content, voucher), 0) };
}
