/**
 * The waitlist of a full slot (`tour_waitlist`, migration 31). A visitor who joins is stored as a
 * request (their booking's row) plus a line here. When places free up (a cancellation, a decline,
 * a move, an expired request or offer), the first in line whose group fits is offered them: the
 * places are held for them (./tour-ledger.ts counts an open offer) for the schedule's waitlist
 * hold, and the offer's e-mail is queued in the same transaction as the status change, so it is
 * made once, across restarts too (server/bookings/waitlist.ts decides; this module stores).
 */
import { randomBytes } from "node:crypto";
import type { TourPackageId } from "#forms/tour-booking";
import type { Db } from "./database";

/** A slot the waitlist names: a package at the estate's local day and time. */
interface Slot {
  package: TourPackageId;
  date: string;
  time: string;
}

export type WaitlistStatus = "waiting" | "offered" | "taken" | "lapsed" | "gone";

/** A line of the waitlist as stored. */
export interface WaitlistEntry {
  id: number;
  bookingId: string;
  package: TourPackageId;
  date: string;
  time: string;
  guests: number;
  status: WaitlistStatus;
  token: string;
  offeredUntil: string | null;
}

interface Row {
  id: number;
  booking_id: string;
  package: TourPackageId;
  slot_date: string;
  slot_time: string;
  guests: number;
  status: WaitlistStatus;
  token: string;
  offered_until: string | null;
}

const fromRow = (row: Row): WaitlistEntry => ({
  id: row.id,
  bookingId: row.booking_id,
  package: row.package,
  date: row.slot_date,
  time: row.slot_time,
  guests: row.guests,
  status: row.status,
  token: row.token,
  offeredUntil: row.offered_until,
});

/** Someone in line for a time, as the calendar and the day sheet show them: their name and phone, and an open offer's end. */
export interface LineEntry {
  bookingId: string;
  package: TourPackageId;
  date: string;
  time: string;
  guests: number;
  status: "waiting" | "offered";
  /** Until when an offer holds its places (ISO instant); null while waiting. */
  offeredUntil: string | null;
  name: string;
  phone: string | null;
}

/**
 * Everyone in line from `from` to `to` (days, both included) at `now`: waiting, or holding an offer
 * that has not run out; first in line first.
 */
export function linesBetween(db: Db, from: string, to: string, now: Date): LineEntry[] {
  return db
    .prepare(
      `SELECT w.booking_id AS bookingId, w.package, w.slot_date AS date, w.slot_time AS time, w.guests, w.status, w.offered_until AS offeredUntil, t.name, t.phone
       FROM tour_waitlist w JOIN tour_bookings t ON t.id = w.booking_id
       WHERE w.slot_date BETWEEN ? AND ? AND (w.status = 'waiting' OR (w.status = 'offered' AND w.offered_until > ?))
       ORDER BY w.slot_date, w.slot_time, w.id`,
    )
    .all(from, to, now.toISOString()) as LineEntry[];
}

/** Reads and changes the waitlist; every change runs inside the caller's write transaction. */
export class Waitlist {
  constructor(private readonly db: Db) {}

  /** Puts a stored request in line for a slot. */
  join(entry: { bookingId: string; slot: Slot; guests: number; now: Date }): void {
    const at = entry.now.toISOString();
    this.db
      .prepare(
        "INSERT INTO tour_waitlist (booking_id, package, slot_date, slot_time, guests, status, token, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?, ?)",
      )
      .run(entry.bookingId, entry.slot.package, entry.slot.date, entry.slot.time, entry.guests, randomBytes(32).toString("base64url"), at, at);
  }

  /** Everyone still waiting, first in line first. */
  waiting(): WaitlistEntry[] {
    return (this.db.prepare("SELECT * FROM tour_waitlist WHERE status = 'waiting' ORDER BY id").all() as Row[]).map(fromRow);
  }

  byToken(token: string): WaitlistEntry | null {
    const row = this.db.prepare("SELECT * FROM tour_waitlist WHERE token = ?").get(token) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  byBooking(bookingId: string): WaitlistEntry | null {
    const row = this.db.prepare("SELECT * FROM tour_waitlist WHERE booking_id = ?").get(bookingId) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  /** Changes a line's status, only from `from`; false when it was not in it. */
  setStatus(id: number, from: WaitlistStatus, to: WaitlistStatus, now: Date, offeredUntil: Date | null = null): boolean {
    return (
      this.db
        .prepare("UPDATE tour_waitlist SET status = ?, offered_until = ?, updated_at = ? WHERE id = ? AND status = ?")
        .run(to, offeredUntil?.toISOString() ?? null, now.toISOString(), id, from).changes === 1
    );
  }

  /** People waiting or holding an open offer for a slot (the waitlist's cap counts them). */
  peopleInLine(slot: Slot): number {
    const row = this.db
      .prepare(
        "SELECT coalesce(sum(guests), 0) AS n FROM tour_waitlist WHERE slot_date = ? AND slot_time = ? AND package = ? AND status IN ('waiting', 'offered')",
      )
      .get(slot.date, slot.time, slot.package) as { n: number };
    return row.n;
  }

  /** Ends a request's line when the request is answered otherwise (confirmed into a slot by the staff). */
  endFor(bookingId: string, now: Date): void {
    this.db
      .prepare("UPDATE tour_waitlist SET status = 'gone', offered_until = NULL, updated_at = ? WHERE booking_id = ? AND status IN ('waiting', 'offered')")
      .run(now.toISOString(), bookingId);
  }

  /** Offers that ran out by `now`: they hold nothing any more. */
  lapsedOffers(now: Date): WaitlistEntry[] {
    return (this.db.prepare("SELECT * FROM tour_waitlist WHERE status = 'offered' AND offered_until <= ?").all(now.toISOString()) as Row[]).map(fromRow);
  }
}
