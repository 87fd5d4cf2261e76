/**
 * The bookings a report counts (server/bookings/reports.ts): every tour time booked from one day
 * to another, whatever became of it, with the person's language, phone and the country the staff
 * set for them.
 */
import type { TourPackageId } from "#forms/tour-booking";
import type { Db } from "./database";
import { keyOf } from "./tour-guests";
import type { Attendance, SlotStatus } from "./tour-ledger";

export interface ReportRow {
  bookingId: string;
  package: TourPackageId;
  date: string;
  time: string;
  guests: number;
  status: SlotStatus;
  attendance: Attendance | null;
  private: boolean;
  priceCents: number | null;
  /** The pricing's price of the group, before a voucher (null: a booking made before prices were kept). */
  listPriceCents: number | null;
  language: string;
  phone: string | null;
  /** The country the staff set for the person, if any. */
  country: string | null;
}

/** Every booking with a time from `from` to `to` (days, both included), in time order. */
export function reportRows(db: Db, from: string, to: string): ReportRow[] {
  const rows = db
    .prepare(
      `SELECT s.booking_id AS bookingId, s.package, s.slot_date AS date, s.slot_time AS time, s.guests, s.status, s.attendance,
         s.private, s.price_cents AS priceCents, s.list_price_cents AS listPriceCents, t.language, t.phone, g.country
       FROM tour_slot_bookings s JOIN tour_bookings t ON t.id = s.booking_id
       LEFT JOIN tour_guests g ON g.email = ${keyOf}
       WHERE s.slot_date BETWEEN ? AND ? ORDER BY s.slot_date, s.slot_time`,
    )
    .all(from, to) as (Omit<ReportRow, "private"> & { private: number })[];
  return rows.map((row) => ({ ...row, private: row.private === 1 }));
}
