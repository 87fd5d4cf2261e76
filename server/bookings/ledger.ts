/**
 * Who holds which places. Every change that takes places (a booking, a move, a confirmation)
 * counts them inside the same write transaction that records it (the store's group commit is
 * `BEGIN IMMEDIATE`; the staff's actions use `.immediate()`), so two requests for the last places
 * cannot both see them free: SQLite serialises the writers (cal.com #5820, #13360, #10789).
 */
import { randomBytes } from "node:crypto";
import type { TourPackageId } from "#forms/tour-booking";
import type { Db } from "../db/database";
import { hasSlot, beforeCutoff, slotInstant, type Schedule, type Slot } from "./schedule";
import { addDays, dayCount, weekdayOf } from "./paris-time";

export type SlotStatus = "pending" | "confirmed" | "declined" | "cancelled" | "expired";

/** A booking's slot as stored. */
export interface SlotBooking {
  bookingId: string;
  package: TourPackageId;
  date: string;
  time: string;
  zone: string;
  guests: number;
  status: SlotStatus;
  holdUntil: string | null;
  token: string;
  sequence: number;
  createdAt: string;
}

interface Row {
  booking_id: string;
  package: TourPackageId;
  slot_date: string;
  slot_time: string;
  time_zone: string;
  guests: number;
  status: SlotStatus;
  hold_until: string | null;
  manage_token: string;
  sequence: number;
  created_at: string;
}

const fromRow = (row: Row): SlotBooking => ({
  bookingId: row.booking_id,
  package: row.package,
  date: row.slot_date,
  time: row.slot_time,
  zone: row.time_zone,
  guests: row.guests,
  status: row.status,
  holdUntil: row.hold_until,
  token: row.manage_token,
  sequence: row.sequence,
  createdAt: row.created_at,
});

/** Why a slot cannot be given: not in the schedule, past its cut-off, or short of places. */
export class SlotRefused extends Error {
  override name = "SlotRefused";
  constructor(
    readonly reason: "unknown" | "closed" | "full",
    /** The places still free (for "full"). */
    readonly placesLeft: number,
  ) {
    super(`slot refused: ${reason}`);
  }
}

/** The private link's token: 32 random bytes, 43 characters. */
export const manageToken = () => randomBytes(32).toString("base64url");

/** Places a booking holds at `now`: a confirmed one always, a pending one until its hold ends. */
const holdingSql = "(status = 'confirmed' OR (status = 'pending' AND hold_until > @now))";

/** Places a waitlist offer holds at `now`: until the offer runs out (./waitlist.ts). */
const offerHoldingSql = "(status = 'offered' AND offered_until > @now)";

/** A slot on the schedule with its places, as the availability API answers. */
export interface OpenSlot extends Slot {
  capacity: number;
  placesLeft: number;
}

/** Reads and changes the places of the schedule's slots. */
export class Ledger {
  constructor(private readonly db: Db) {}

  /** Places held in one slot's pool (the package's, or every package's with a shared guide), `except` one booking. */
  taken(schedule: Schedule, slot: Slot, now: Date, except = ""): number {
    const row = this.db
      .prepare(
        `SELECT (SELECT coalesce(sum(guests), 0) FROM tour_slot_bookings
           WHERE slot_date = @date AND slot_time = @time AND (@shared = 1 OR package = @package) AND booking_id != @except AND ${holdingSql})
         + (SELECT coalesce(sum(guests), 0) FROM tour_waitlist
           WHERE slot_date = @date AND slot_time = @time AND (@shared = 1 OR package = @package) AND ${offerHoldingSql}) AS n`,
      )
      .get({ date: slot.date, time: slot.time, shared: schedule.sharedGuide ? 1 : 0, package: slot.package, except, now: now.toISOString() }) as { n: number };
    return row.n;
  }

  /**
   * The slots of a package from `from` to `to` that can still be booked at `now` (after the
   * cut-off they are left out), each with its capacity and places left. One query for the range.
   */
  open(schedule: Schedule, pkg: TourPackageId, from: string, to: string, now: Date): OpenSlot[] {
    const rows = this.db
      .prepare(
        `SELECT slot_date, slot_time, package, sum(guests) AS n FROM tour_slot_bookings
         WHERE slot_date BETWEEN @from AND @to AND ${holdingSql} GROUP BY slot_date, slot_time, package
         UNION ALL
         SELECT slot_date, slot_time, package, sum(guests) AS n FROM tour_waitlist
         WHERE slot_date BETWEEN @from AND @to AND ${offerHoldingSql} GROUP BY slot_date, slot_time, package`,
      )
      .all({ from, to, now: now.toISOString() }) as { slot_date: string; slot_time: string; package: string; n: number }[];
    const held = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.slot_date} ${row.slot_time} ${schedule.sharedGuide ? "*" : row.package}`;
      held.set(key, (held.get(key) ?? 0) + row.n);
    }
    const slots: OpenSlot[] = [];
    for (let i = 0; i < dayCount(from, to); i++) {
      const date = addDays(from, i);
      for (const time of schedule.times[pkg][weekdayOf(date)] ?? []) {
        const slot = { package: pkg, date, time };
        if (!hasSlot(schedule, slot) || !beforeCutoff(schedule, slot, now)) continue;
        const taken = held.get(`${date} ${time} ${schedule.sharedGuide ? "*" : pkg}`) ?? 0;
        slots.push({ ...slot, capacity: schedule.capacity, placesLeft: Math.max(0, schedule.capacity - taken) });
      }
    }
    return slots;
  }

  /**
   * Checks that `guests` places are free in `slot` at `now` and throws `SlotRefused` when not.
   * Call inside the write transaction that then records the places. `except`: the booking being
   * moved, whose own places do not count against it (cal.com #10973). `byStaff`: the estate may
   * still place a group after the visitors' cut-off, until the tour starts.
   */
  check(schedule: Schedule, slot: Slot, guests: number, now: Date, except = "", byStaff = false): void {
    if (!hasSlot(schedule, slot)) throw new SlotRefused("unknown", 0);
    const open = byStaff ? slotInstant(schedule, slot).getTime() > now.getTime() : beforeCutoff(schedule, slot, now);
    if (!open) throw new SlotRefused("closed", 0);
    const left = Math.max(0, schedule.capacity - this.taken(schedule, slot, now, except));
    if (guests > left) throw new SlotRefused("full", left);
  }

  /** Records a new booking's places; call after `check`, in the same transaction. */
  hold(booking: { id: string; slot: Slot; guests: number; zone: string; confirmed: boolean; holdUntil: Date; now: Date }): SlotBooking {
    const token = manageToken();
    const at = booking.now.toISOString();
    // A pending request holds its places until the estate answers, at most holdHours and never past the tour itself.
    this.db
      .prepare(
        `INSERT INTO tour_slot_bookings (booking_id, package, slot_date, slot_time, time_zone, guests, status, hold_until, manage_token, sequence, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
      )
      .run(booking.id, booking.slot.package, booking.slot.date, booking.slot.time, booking.zone, booking.guests, booking.confirmed ? "confirmed" : "pending", booking.confirmed ? null : booking.holdUntil.toISOString(), token, at, at);
    return this.byId(booking.id)!;
  }

  byId(id: string): SlotBooking | null {
    const row = this.db.prepare("SELECT * FROM tour_slot_bookings WHERE booking_id = ?").get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  byToken(token: string): SlotBooking | null {
    const row = this.db.prepare("SELECT * FROM tour_slot_bookings WHERE manage_token = ?").get(token) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  /** Moves a booking to another slot of its package, one more calendar change. */
  move(id: string, to: Slot, now: Date): void {
    this.db
      .prepare("UPDATE tour_slot_bookings SET slot_date = ?, slot_time = ?, package = ?, sequence = sequence + 1, updated_at = ?, reminder_queued_at = NULL WHERE booking_id = ?")
      .run(to.date, to.time, to.package, now.toISOString(), id);
  }

  /** Changes a booking's status, only from one of `from`; false when it was not in one of them. */
  setStatus(id: string, from: readonly SlotStatus[], to: SlotStatus, now: Date, holdUntil: Date | null = null): boolean {
    const result = this.db
      .prepare(
        `UPDATE tour_slot_bookings SET status = ?, hold_until = ?, sequence = sequence + 1, updated_at = ?
         WHERE booking_id = ? AND status IN (${from.map(() => "?").join(", ")})`,
      )
      .run(to, holdUntil?.toISOString() ?? null, now.toISOString(), id, ...from);
    return result.changes === 1;
  }

  /** Pending requests whose hold ended by `now`. */
  expiredHolds(now: Date): SlotBooking[] {
    return (this.db.prepare("SELECT * FROM tour_slot_bookings WHERE status = 'pending' AND hold_until <= ?").all(now.toISOString()) as Row[]).map(fromRow);
  }

  /** When a pending request made at `now` stops holding its places. */
  static holdEnd(schedule: Schedule, slot: Slot, now: Date): Date {
    return new Date(Math.min(now.getTime() + schedule.holdHours * 3_600_000, slotInstant(schedule, slot).getTime()));
  }
}
