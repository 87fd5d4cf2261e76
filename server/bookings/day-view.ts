/**
 * The days as the estate runs them, for the calendar and the day sheet: each day's scheduled
 * times, and every time that has bookings even when the schedule no longer has it (a closed day, a
 * time moved or removed): a booking is never hidden by the schedule. Places are counted from the
 * bookings (and open waitlist offers) held there; each time lists who waits for it, and an open
 * offer with the moment it ends. The day sheet adds what the guide needs of each booking: its
 * money (price, deposit paid, balance to collect, voucher), the guest's tags and notes, and which
 * check-in marks its tour allows now.
 */
import { tourPackageIds, type TourPackageId } from "#forms/tour-booking";
import { guestKey, guestSummaries, type GuestSummary } from "../db/tour-guests";
import { heldBookingsBetween, placesHeldBetween, type HeldBooking } from "../db/tour-ledger";
import { paymentsOf } from "../db/tour-payments";
import { redemptionsOfBookings } from "../db/tour-vouchers";
import { linesBetween, type LineEntry } from "../db/tour-waitlist";
import { moneyOf, type BookingMoney } from "./booking-money";
import { checkInsOpen, type CheckInsOpen } from "./check-in";
import type { Bookings } from "./deps";
import { addDays, dayCount } from "./paris-time";
import { capacityOf, closureOn, dateChangeOf, timesOn, type Closure, type DateChange, type Schedule } from "./schedule";

/** One time of one package on one day, with its places and its bookings. */
export interface SlotView {
  package: TourPackageId;
  time: string;
  /** Whether the schedule runs this time that day; false: only bookings kept from before a change hold it. */
  scheduled: boolean;
  capacity: number;
  /** Places held at this time (every package's with a shared guide), bookings and open waitlist offers; all of them when a private tour holds it. */
  taken: number;
  /** A private tour holds the time: nobody else can be placed there. */
  private: boolean;
  /** The tour's minimum group, and the people its bookings here have towards it (confirmed, or waiting for it). */
  minimum: number;
  towardsMinimum: number;
  bookings: HeldBooking[];
  /** The one-off change of this time that day, if any. */
  change: DateChange | null;
  /** Who waits for this time, first in line first: waiting, or holding an open offer. */
  waitlist: LineEntry[];
}

export interface DayView {
  date: string;
  /** The closure covering the day, if any: its bookings still show. */
  closure: Closure | null;
  slots: SlotView[];
}

/**
 * The days from `from` to `to`: `bookings` are those holding places in that range, `held` the
 * places held per day, time and package (server/db/tour-ledger.ts).
 */
function dayViews(
  schedule: Schedule,
  from: string,
  to: string,
  bookings: readonly HeldBooking[],
  held: readonly { date: string; time: string; package: TourPackageId; places: number; closed: number }[],
  lines: readonly LineEntry[],
): DayView[] {
  const places = new Map<string, number>();
  // Times a private tour holds: full to everyone else, as the ledger and the site count them.
  const closed = new Set<string>();
  const pool = (date: string, time: string, pkg: TourPackageId) => `${date} ${time} ${schedule.sharedGuide ? "*" : pkg}`;
  for (const row of held) {
    places.set(pool(row.date, row.time, row.package), (places.get(pool(row.date, row.time, row.package)) ?? 0) + row.places);
    if (row.closed) closed.add(pool(row.date, row.time, row.package));
  }
  const order = (pkg: TourPackageId) => tourPackageIds.indexOf(pkg);
  const days: DayView[] = [];
  for (let i = 0; i < dayCount(from, to); i++) {
    const date = addDays(from, i);
    const slots = new Map<string, SlotView>();
    const view = (pkg: TourPackageId, time: string, scheduled: boolean): SlotView => {
      const slot = { package: pkg, date, time };
      const capacity = capacityOf(schedule, slot);
      const taken = places.get(pool(date, time, pkg)) ?? 0;
      const held = closed.has(pool(date, time, pkg));
      return {
        package: pkg,
        time,
        scheduled,
        capacity,
        taken: held ? Math.max(taken, capacity) : taken,
        private: held,
        minimum: schedule.rules[pkg].minGuests,
        towardsMinimum: 0,
        bookings: [],
        change: dateChangeOf(schedule, slot),
        waitlist: [],
      };
    };
    for (const pkg of tourPackageIds) for (const time of timesOn(schedule, pkg, date)) slots.set(`${time} ${pkg}`, view(pkg, time, true));
    for (const booking of bookings) {
      if (booking.date !== date) continue;
      const key = `${booking.time} ${booking.package}`;
      if (!slots.has(key)) slots.set(key, view(booking.package, booking.time, false));
      const slot = slots.get(key)!;
      slot.bookings.push(booking);
      if (booking.status === "confirmed" || booking.waitingFor === "minimum") slot.towardsMinimum += booking.guests;
    }
    for (const line of lines) {
      if (line.date !== date) continue;
      const key = `${line.time} ${line.package}`;
      if (!slots.has(key)) slots.set(key, view(line.package, line.time, false));
      slots.get(key)!.waitlist.push(line);
    }
    days.push({
      date,
      closure: closureOn(schedule, date),
      slots: [...slots.values()].sort((a, b) => a.time.localeCompare(b.time) || order(a.package) - order(b.package)),
    });
  }
  return days;
}

/**
 * The days from `from` to `to` as the staff run them (the calendar): each day's scheduled times and
 * every time that has bookings (those off the schedule marked so), with places and bookings.
 */
export function days(deps: Bookings, from: string, to: string): DayView[] {
  const now = deps.now();
  const { db } = deps;
  return dayViews(
    deps.schedule.current(),
    from,
    to,
    heldBookingsBetween(db, from, to, now),
    placesHeldBetween(db, from, to, now),
    linesBetween(db, from, to, now),
  );
}

/** A booking as the day sheet shows it: its money, the guest behind it, and the check-in its tour allows now. */
export interface SheetBooking extends HeldBooking {
  money: BookingMoney;
  /** What the estate knows of the guest (visits, no-shows, tags, notes); null for a booking with neither address nor phone. */
  guest: GuestSummary | null;
  checkIn: CheckInsOpen;
}

/** A time of the day sheet, its bookings with what the guide needs of each. */
export interface SheetSlot extends Omit<SlotView, "bookings"> {
  bookings: SheetBooking[];
}

export interface DaySheet extends Omit<DayView, "slots"> {
  slots: SheetSlot[];
}

/** A day for its sheet: its times, bookings and waitlists, each booking with its money, its guest and its check-in. */
export function daySheet(deps: Bookings, day: string): DaySheet {
  const [shown] = days(deps, day, day);
  const bookings = shown!.slots.flatMap((slot) => slot.bookings);
  const ids = bookings.map((booking) => booking.bookingId);
  const guests = guestSummaries(
    deps.db,
    bookings.flatMap((booking) => guestKey(booking.email, booking.phone) ?? []),
  );
  const payments = paymentsOf(deps.db, ids);
  const vouchers = redemptionsOfBookings(deps.db, ids);
  const schedule = deps.schedule.current();
  const now = deps.now();
  return {
    ...shown!,
    slots: shown!.slots.map((slot) => ({
      ...slot,
      bookings: slot.bookings.map((booking) => ({
        ...booking,
        money: moneyOf(booking, payments.get(booking.bookingId) ?? null, vouchers.get(booking.bookingId) ?? null),
        guest: guests.get(guestKey(booking.email, booking.phone) ?? "") ?? null,
        checkIn: checkInsOpen(schedule, booking, now),
      })),
    })),
  };
}
