/**
 * The bookings' places (`tour_slot_bookings`, migrations 30, 41 and 80): who holds which places at
 * which local day and time, and what the experiences add to them (the groups waiting for a tour's
 * minimum, a pending booking's reason and hold, the after-visit e-mail's mark). Every function
 * here runs inside the caller's transaction; the rules (what can be booked, when) are
 * server/bookings/ledger.ts's and server/bookings/take-places.ts's.
 */
import type { TourPackageId } from "#forms/tour-booking";
import { jsonValues, type Db } from "./database";
import { bookingType } from "../forms";
import { keyOf } from "./tour-guests";
import { notesOf } from "./assignment";

export type SlotStatus = "pending" | "confirmed" | "declined" | "cancelled" | "expired";
export type Attendance = "arrived" | "no-show";
export type BookingSource = "visitor" | "staff";
/** What a pending booking waits for: the estate's answer, the deposit, or enough people for its tour to run. */
export type WaitingFor = "estate" | "payment" | "minimum";

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
  source: BookingSource;
  attendance: Attendance | null;
  /** A private tour: the time is closed to everyone else while it holds its places. */
  private: boolean;
  /** What a pending booking waits for (null: the estate's answer, as before migration 80). */
  waitingFor: WaitingFor | null;
  /** What the group pays (cents): the pricing's price less its voucher, or as an admin set it; null when booked before prices were kept. */
  priceCents: number | null;
  /** The pricing's price of the group before a voucher (cents); null when booked before it was kept. */
  listPriceCents: number | null;
  /** Why an admin set the price themselves (null: the pricing's). */
  priceNote: string | null;
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
  source: BookingSource;
  attendance: Attendance | null;
  private: number;
  waiting_for: WaitingFor | null;
  price_cents: number | null;
  list_price_cents: number | null;
  price_note: string | null;
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
  source: row.source,
  attendance: row.attendance,
  private: row.private === 1,
  waitingFor: row.waiting_for,
  priceCents: row.price_cents,
  listPriceCents: row.list_price_cents,
  priceNote: row.price_note,
});

/** Places a booking holds at `@now`: a confirmed one always, a pending one until its hold ends. */
const holdingSql = "(status = 'confirmed' OR (status = 'pending' AND hold_until > @now))";
/** The same over the table aliased `s`. */
const holdingSqlOf = (alias: string) => holdingSql.replaceAll("status", `${alias}.status`).replaceAll("hold_until", `${alias}.hold_until`);
/** Places a waitlist offer holds at `@now`: until the offer runs out. */
const offerHoldingSql = "(status = 'offered' AND offered_until > @now)";

/** A slot's pool: its package's places, or every package's at that time when one guide leads them all. */
export interface Pool {
  date: string;
  time: string;
  package: TourPackageId;
  shared: boolean;
}

/** Places held in a pool at `now` by bookings and open waitlist offers, `except` one booking. */
export function placesHeld(db: Db, pool: Pool, now: Date, except = ""): number {
  const row = db
    .prepare(
      `SELECT (SELECT coalesce(sum(guests), 0) FROM tour_slot_bookings
         WHERE slot_date = @date AND slot_time = @time AND (@shared = 1 OR package = @package) AND booking_id != @except AND ${holdingSql})
       + (SELECT coalesce(sum(guests), 0) FROM tour_waitlist
         WHERE slot_date = @date AND slot_time = @time AND (@shared = 1 OR package = @package) AND ${offerHoldingSql}) AS n`,
    )
    .get({ date: pool.date, time: pool.time, shared: pool.shared ? 1 : 0, package: pool.package, except, now: now.toISOString() }) as { n: number };
  return row.n;
}

/** Whether a private booking holds a pool at `now` (its time is then closed to everyone else), `except` one booking. */
export function privateHeld(db: Db, pool: Pool, now: Date, except = ""): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM tour_slot_bookings WHERE slot_date = @date AND slot_time = @time AND (@shared = 1 OR package = @package)
         AND private = 1 AND booking_id != @except AND ${holdingSql} LIMIT 1`,
      )
      .get({ date: pool.date, time: pool.time, shared: pool.shared ? 1 : 0, package: pool.package, except, now: now.toISOString() }) !== undefined
  );
}

/**
 * Places held per day, time and package from `from` to `to` (days, both included), bookings and
 * offers together, and whether a private booking holds that time (`closed`).
 */
export function placesHeldBetween(
  db: Db,
  from: string,
  to: string,
  now: Date,
): { date: string; time: string; package: TourPackageId; places: number; closed: number }[] {
  return db
    .prepare(
      `SELECT slot_date AS date, slot_time AS time, package, sum(n) AS places, max(p) AS closed FROM (
         SELECT slot_date, slot_time, package, guests AS n, private AS p FROM tour_slot_bookings WHERE slot_date BETWEEN @from AND @to AND ${holdingSql}
         UNION ALL
         SELECT slot_date, slot_time, package, guests AS n, 0 AS p FROM tour_waitlist WHERE slot_date BETWEEN @from AND @to AND ${offerHoldingSql}
       ) AS held GROUP BY slot_date, slot_time, package`,
    )
    .all({ from, to, now: now.toISOString() }) as { date: string; time: string; package: TourPackageId; places: number; closed: number }[];
}

/** Records a new booking's places. */
export function insertSlotBooking(
  db: Db,
  booking: {
    id: string;
    package: TourPackageId;
    date: string;
    time: string;
    zone: string;
    guests: number;
    status: "pending" | "confirmed";
    holdUntil: string | null;
    token: string;
    source: BookingSource;
    private?: boolean;
    waitingFor?: WaitingFor | null;
    priceCents?: number | null;
    listPriceCents?: number | null;
  },
  now: Date,
): void {
  const at = now.toISOString();
  db.prepare(
    `INSERT INTO tour_slot_bookings (booking_id, package, slot_date, slot_time, time_zone, guests, status, hold_until, manage_token, sequence, created_at, updated_at, source, private, waiting_for, price_cents, list_price_cents)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    booking.id,
    booking.package,
    booking.date,
    booking.time,
    booking.zone,
    booking.guests,
    booking.status,
    booking.holdUntil,
    booking.token,
    at,
    at,
    booking.source,
    booking.private ? 1 : 0,
    booking.status === "pending" ? (booking.waitingFor ?? "estate") : null,
    booking.priceCents ?? null,
    booking.listPriceCents ?? null,
  );
}

/**
 * Sets what a booking costs: `priceCents` what the group pays, `listPriceCents` the pricing's
 * price before a voucher (left as it is when undefined), `note` an admin's reason (null: the
 * pricing's own price).
 */
export function setPrice(db: Db, id: string, price: { priceCents: number; listPriceCents?: number; note: string | null }, now: Date): boolean {
  return (
    db
      .prepare(
        "UPDATE tour_slot_bookings SET price_cents = ?, list_price_cents = coalesce(?, list_price_cents), price_note = ?, updated_at = ? WHERE booking_id = ?",
      )
      .run(price.priceCents, price.listPriceCents ?? null, price.note, now.toISOString(), id).changes === 1
  );
}

/** Changes a booking's group (its places checked already in the same transaction), on its time and on the booking as sent. */
export function setGuests(db: Db, id: string, guests: number, now: Date): boolean {
  db.prepare("UPDATE tour_bookings SET guests = ? WHERE id = ?").run(guests, id);
  return db.prepare("UPDATE tour_slot_bookings SET guests = ?, updated_at = ? WHERE booking_id = ?").run(guests, now.toISOString(), id).changes === 1;
}

export function slotBookingById(db: Db, id: string): SlotBooking | null {
  const row = db.prepare("SELECT * FROM tour_slot_bookings WHERE booking_id = ?").get(id) as Row | undefined;
  return row ? fromRow(row) : null;
}

export function slotBookingByToken(db: Db, token: string): SlotBooking | null {
  const row = db.prepare("SELECT * FROM tour_slot_bookings WHERE manage_token = ?").get(token) as Row | undefined;
  return row ? fromRow(row) : null;
}

/** Moves a booking to another slot of its package, one more calendar change; its reminder is due again. */
export function moveSlotBooking(db: Db, id: string, to: { package: TourPackageId; date: string; time: string }, now: Date): void {
  db.prepare(
    "UPDATE tour_slot_bookings SET slot_date = ?, slot_time = ?, package = ?, sequence = sequence + 1, updated_at = ?, reminder_queued_at = NULL WHERE booking_id = ?",
  ).run(to.date, to.time, to.package, now.toISOString(), id);
}

/** Changes a booking's status, only from one of `from`; false when it was not in one of them. */
export function setSlotStatus(db: Db, id: string, from: readonly SlotStatus[], to: SlotStatus, now: Date, holdUntil: Date | null = null): boolean {
  const result = db
    .prepare(
      `UPDATE tour_slot_bookings SET status = ?, hold_until = ?, sequence = sequence + 1, updated_at = ?
       WHERE booking_id = ? AND status IN (${from.map(() => "?").join(", ")})`,
    )
    .run(to, holdUntil?.toISOString() ?? null, now.toISOString(), id, ...from);
  return result.changes === 1;
}

/** Marks a confirmed booking's check-in (or clears it); false when the booking is not confirmed. */
export function setAttendance(db: Db, id: string, attendance: Attendance | null, now: Date): boolean {
  return (
    db
      .prepare("UPDATE tour_slot_bookings SET attendance = ?, attendance_at = ?, updated_at = ? WHERE booking_id = ? AND status = 'confirmed'")
      .run(attendance, attendance ? now.toISOString() : null, now.toISOString(), id).changes === 1
  );
}

/** Pending requests whose hold ended by `now`. */
export function expiredHolds(db: Db, now: Date): SlotBooking[] {
  return (db.prepare("SELECT * FROM tour_slot_bookings WHERE status = 'pending' AND hold_until <= ?").all(now.toISOString()) as Row[]).map(fromRow);
}

/** Confirmed bookings from `from` to `to` whose reminder has not been queued. */
export function remindersNotQueued(db: Db, from: string, to: string): SlotBooking[] {
  return (
    db
      .prepare("SELECT * FROM tour_slot_bookings WHERE status = 'confirmed' AND reminder_queued_at IS NULL AND slot_date BETWEEN ? AND ?")
      .all(from, to) as Row[]
  ).map(fromRow);
}

/** Marks a booking's reminder queued; false when it already was. */
export function markReminderQueued(db: Db, id: string, now: Date): boolean {
  return (
    db.prepare("UPDATE tour_slot_bookings SET reminder_queued_at = ? WHERE booking_id = ? AND reminder_queued_at IS NULL").run(now.toISOString(), id)
      .changes === 1
  );
}

/** What a tour booking's own row (the form's) says of the visitor. */
export interface Visitor {
  name: string;
  email: string;
  phone: string | null;
  language: string;
  guests: number | null;
  package: string;
  /** The day the visitor wished for, if any. */
  date: string | null;
}

export function visitorOf(db: Db, id: string): Visitor | null {
  return (db.prepare("SELECT name, email, phone, language, guests, package, date FROM tour_bookings WHERE id = ?").get(id) as Visitor | undefined) ?? null;
}

/** A booking holding places, with what the staff need to run the day. */
export interface HeldBooking extends SlotBooking, Omit<Visitor, "guests" | "package" | "date"> {
  /** The colleague it is assigned to (their address), or null. */
  assignee: string | null;
  /** The visitor's own message, if any. */
  message: string | null;
  /** The staff's internal notes, oldest first. */
  notes: string[];
}

interface HeldRow extends Row {
  name: string;
  email: string;
  phone: string | null;
  language: string;
  message: string | null;
  assignee: string | null;
}

/**
 * Every booking holding places from `from` to `to` (days, both included) at `now`, in time order,
 * with the visitor's name, address, phone and language, the colleague it is assigned to and the
 * staff's notes: what the calendar, the day sheet and a schedule change's warning show.
 */
export function heldBookingsBetween(db: Db, from: string, to: string, now: Date): HeldBooking[] {
  const rows = db
    .prepare(
      `SELECT s.*, t.name, t.email, t.phone, t.language, t.message, st.email AS assignee
       FROM tour_slot_bookings s
       JOIN tour_bookings t ON t.id = s.booking_id
       LEFT JOIN inbox i ON i.type = @type AND i.submission_id = s.booking_id
       LEFT JOIN staff st ON st.id = i.assigned_to
       WHERE s.slot_date BETWEEN @from AND @to AND ${holdingSqlOf("s")}
       ORDER BY s.slot_date, s.slot_time, s.created_at`,
    )
    .all({ from, to, now: now.toISOString(), type: bookingType }) as HeldRow[];
  const notes = notesOf(
    db,
    bookingType,
    rows.map((row) => row.booking_id),
  );
  return rows.map((row) => ({
    ...fromRow(row),
    name: row.name,
    email: row.email,
    phone: row.phone,
    language: row.language,
    message: row.message,
    assignee: row.assignee,
    notes: notes.get(row.booking_id) ?? [],
  }));
}

/** How often the person behind a key (an address, or a walk-in's phone: ./tour-guests.ts) came, and did not, across their bookings (checked in or marked absent). */
export function attendanceOf(db: Db, key: string): { visits: number; noShows: number } {
  const row = db
    .prepare(
      `SELECT count(*) FILTER (WHERE s.attendance = 'arrived') AS visits, count(*) FILTER (WHERE s.attendance = 'no-show') AS noShows
       FROM tour_slot_bookings s JOIN tour_bookings t ON t.id = s.booking_id WHERE ${keyOf} = ?`,
    )
    .get(key) as { visits: number; noShows: number };
  return row;
}

/** What an export adds to each tour booking: its time and status, the check-in, the colleague on it and the staff's notes. */
export interface BookingDetails {
  date: string;
  time: string;
  status: SlotStatus;
  attendance: Attendance | null;
}

/** The slot of each of `ids` that has one, by booking id. */
export function slotDetailsOf(db: Db, ids: readonly string[]): Map<string, BookingDetails> {
  const rows = db
    .prepare(`SELECT booking_id, slot_date, slot_time, status, attendance FROM tour_slot_bookings WHERE booking_id IN (SELECT value FROM ${jsonValues(db)})`)
    .all(JSON.stringify(ids)) as { booking_id: string; slot_date: string; slot_time: string; status: SlotStatus; attendance: Attendance | null }[];
  return new Map(rows.map((row) => [row.booking_id, { date: row.slot_date, time: row.slot_time, status: row.status, attendance: row.attendance }]));
}

/** The staff's notes on each of `ids`, oldest first. */

/** A confirmed tour for the staff's calendar feed. */
export interface ConfirmedRow {
  booking_id: string;
  package: string;
  slot_date: string;
  slot_time: string;
  time_zone: string;
  guests: number;
  sequence: number;
  name: string;
  language: string;
  phone: string | null;
}

/** Every confirmed tour from `since` (a day) on, in time order, with the visitor's name, language and phone. */
export function confirmedSince(db: Db, since: string): ConfirmedRow[] {
  return db
    .prepare(
      `SELECT s.booking_id, s.package, s.slot_date, s.slot_time, s.time_zone, s.guests, s.sequence, t.name, t.language, t.phone
       FROM tour_slot_bookings s JOIN tour_bookings t ON t.id = s.booking_id
       WHERE s.status = 'confirmed' AND s.slot_date >= ? ORDER BY s.slot_date, s.slot_time`,
    )
    .all(since) as ConfirmedRow[];
}

// What the experiences add: the minimum group, a pending booking's reason, the after-visit e-mail.

/** A package's time on a day. */
export interface PackageTime {
  package: TourPackageId;
  date: string;
  time: string;
}

/** People who count towards a tour's minimum at a package's time: confirmed groups and those waiting for the minimum. */
export function peopleTowardsMinimum(db: Db, slot: PackageTime, now: Date): number {
  return (
    db
      .prepare(
        `SELECT coalesce(sum(guests), 0) AS n FROM tour_slot_bookings WHERE package = ? AND slot_date = ? AND slot_time = ?
         AND (status = 'confirmed' OR (status = 'pending' AND waiting_for = 'minimum' AND hold_until > ?))`,
      )
      .get(slot.package, slot.date, slot.time, now.toISOString()) as { n: number }
  ).n;
}

/** The bookings at a package's time still waiting for its minimum, oldest first. */
export function waitingForMinimum(db: Db, slot: PackageTime, now: Date): string[] {
  return (
    db
      .prepare(
        `SELECT booking_id FROM tour_slot_bookings WHERE package = ? AND slot_date = ? AND slot_time = ? AND status = 'pending'
         AND waiting_for = 'minimum' AND hold_until > ? ORDER BY created_at`,
      )
      .all(slot.package, slot.date, slot.time, now.toISOString()) as { booking_id: string }[]
  ).map((row) => row.booking_id);
}

/** A pending booking now waits for something else, until `holdUntil`; false when it is no longer pending. */
export function setWaiting(db: Db, id: string, waitingFor: WaitingFor, holdUntil: Date, now: Date): boolean {
  return (
    db
      .prepare("UPDATE tour_slot_bookings SET waiting_for = ?, hold_until = ?, updated_at = ? WHERE booking_id = ? AND status = 'pending'")
      .run(waitingFor, holdUntil.toISOString(), now.toISOString(), id).changes === 1
  );
}

/** A visit checked in whose thank-you e-mail is not queued yet. */
export interface VisitToThank {
  bookingId: string;
  package: TourPackageId;
  date: string;
  time: string;
}

/** Confirmed visits from `from` to `to` (days, both included) marked arrived, whose thank-you e-mail was not queued. */
export function visitsToThank(db: Db, from: string, to: string): VisitToThank[] {
  return db
    .prepare(
      `SELECT booking_id AS bookingId, package, slot_date AS date, slot_time AS time FROM tour_slot_bookings
       WHERE status = 'confirmed' AND attendance = 'arrived' AND thanks_queued_at IS NULL AND slot_date BETWEEN ? AND ?`,
    )
    .all(from, to) as VisitToThank[];
}

/** Marks a visit's thank-you e-mail queued; false when it already was (another sweep got there first). */
export function markThanked(db: Db, id: string, now: Date): boolean {
  return (
    db.prepare("UPDATE tour_slot_bookings SET thanks_queued_at = ? WHERE booking_id = ? AND thanks_queued_at IS NULL").run(now.toISOString(), id).changes === 1
  );
}
