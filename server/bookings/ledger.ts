/**
 * Who holds which places. A booking is the truth and the schedule only a template: a booking that
 * holds places keeps its own package, day, time and group, and places are counted from the
 * bookings that hold them, so no change of the schedule can make a booked place free again. Every
 * change that takes places (a booking, a move, a confirmation) counts them inside the same write
 * transaction that records it (every use-case writes through the group commit, `BEGIN IMMEDIATE`),
 * so two requests for the last places cannot both see them free: SQLite serialises the writers
 * (cal.com #5820, #13360, #10789). The SQL is server/db/tour-ledger.ts's.
 */
import { randomBytes } from "node:crypto";
import type { TourPackageId } from "#forms/tour-booking";
import type { Db } from "../db/database";
import { placesHeld, placesHeldBetween, privateHeld } from "../db/tour-ledger";
import { beforeCutoff, capacityOf, hasSlot, slotInstant, timesOn, withinHorizon, type Schedule, type Slot } from "./schedule";
import { addDays, dayCount } from "./paris-time";

/**
 * Why a slot cannot be given: not in the schedule, past its cut-off, beyond the booking horizon,
 * short of places, or held by a private tour (or, for a private tour, not empty): no override
 * puts two groups together when one of them booked the time for itself.
 */
export class SlotRefused extends Error {
  override name = "SlotRefused";
  constructor(
    readonly reason: "unknown" | "closed" | "horizon" | "full" | "private",
    /** The places still free (for "full"). */
    readonly placesLeft: number,
  ) {
    super(`slot refused: ${reason}`);
  }
}

/** The private link's token: 32 random bytes, 43 characters. */
export const manageToken = () => randomBytes(32).toString("base64url");

/** A slot with its capacity and places left, as the availability API and the staff's pages show it. */
export interface OpenSlot extends Slot {
  capacity: number;
  placesLeft: number;
}

/** How the places of a slot are checked. */
export interface CheckOptions {
  /** The booking being moved or confirmed: its own places do not count against it (cal.com #10973). */
  except?: string;
  /** The estate may still place a group after the visitors' cut-off, until the tour starts. */
  byStaff?: boolean;
  /** An admin places a group over the places left (with a reason the audit log keeps). */
  overCapacity?: boolean;
  /** A private tour: it needs the whole time free, whatever the group's size. */
  private?: boolean;
}

/**
 * Places held in one slot's pool (the package's, or every package's with a shared guide),
 * `except` one booking. A private booking holds the whole time: at least its capacity.
 */
export function placesTaken(db: Db, schedule: Schedule, slot: Slot, now: Date, except = ""): number {
  const pool = { ...slot, shared: schedule.sharedGuide };
  const held = placesHeld(db, pool, now, except);
  return privateHeld(db, pool, now, except) ? Math.max(held, capacityOf(schedule, slot)) : held;
}

/** A slot's places left at `now`, never below zero (a lowered capacity leaves its bookings where they are). */
export function placesLeft(db: Db, schedule: Schedule, slot: Slot, now: Date, except = ""): number {
  return Math.max(0, capacityOf(schedule, slot) - placesTaken(db, schedule, slot, now, except));
}

/**
 * The slots of a package from `from` to `to` that visitors can still book at `now`: on the
 * schedule, before the cut-off and within the booking horizon, each with its capacity and places
 * left. One query for the range.
 */
export function openSlots(db: Db, schedule: Schedule, pkg: TourPackageId, from: string, to: string, now: Date): OpenSlot[] {
  const held = new Map<string, number>();
  // Times a private tour closed: nothing is left there.
  const closed = new Set<string>();
  for (const row of placesHeldBetween(db, from, to, now)) {
    const key = `${row.date} ${row.time} ${schedule.sharedGuide ? "*" : row.package}`;
    held.set(key, (held.get(key) ?? 0) + row.places);
    if (row.closed) closed.add(key);
  }
  const slots: OpenSlot[] = [];
  for (let i = 0; i < dayCount(from, to); i++) {
    const date = addDays(from, i);
    if (!withinHorizon(schedule, date, now, pkg)) break;
    for (const time of timesOn(schedule, pkg, date)) {
      const slot = { package: pkg, date, time };
      if (!beforeCutoff(schedule, slot, now)) continue;
      const capacity = capacityOf(schedule, slot);
      const key = `${date} ${time} ${schedule.sharedGuide ? "*" : pkg}`;
      slots.push({ ...slot, capacity, placesLeft: closed.has(key) ? 0 : Math.max(0, capacity - (held.get(key) ?? 0)) });
    }
  }
  return slots;
}

/**
 * Checks that `guests` places can be given in `slot` at `now` and throws `SlotRefused` when not:
 * the slot must be on the schedule, within the booking horizon, and not started (before the
 * visitors' cut-off, unless the staff place it), with room for the group (unless an admin
 * places it over the places). Call inside the write transaction that then records the places.
 */
export function checkPlaces(db: Db, schedule: Schedule, slot: Slot, guests: number, now: Date, options: CheckOptions = {}): void {
  if (!hasSlot(schedule, slot)) throw new SlotRefused("unknown", 0);
  if (!withinHorizon(schedule, slot.date, now, slot.package)) throw new SlotRefused("horizon", 0);
  const open = options.byStaff ? slotInstant(schedule, slot).getTime() > now.getTime() : beforeCutoff(schedule, slot, now);
  if (!open) throw new SlotRefused("closed", 0);
  const room = roomFor(db, schedule, slot, guests, now, options);
  if (room !== "free") throw new SlotRefused(room, placesLeft(db, schedule, slot, now, options.except));
}

/**
 * Whether a time has room for a group (the schedule aside: a booking kept off it is confirmed
 * where it is): "private" when a private tour holds it, or when the group is a private tour and
 * anyone else holds places there (an admin's override never changes that); "full" without the
 * places (unless an admin places it over them); else "free".
 */
export function roomFor(db: Db, schedule: Schedule, slot: Slot, guests: number, now: Date, options: CheckOptions = {}): "free" | "full" | "private" {
  const pool = { ...slot, shared: schedule.sharedGuide };
  const except = options.except ?? "";
  if (options.private ? placesHeld(db, pool, now, except) > 0 : privateHeld(db, pool, now, except)) return "private";
  const left = placesLeft(db, schedule, slot, now, except);
  // A private tour takes the whole time: every place must be free.
  const needed = options.private ? Math.max(guests, capacityOf(schedule, slot)) : guests;
  return needed > left && !options.overCapacity ? "full" : "free";
}

/** Whether a time listed with its places left and capacity has room for a group (a private tour needs it empty). */
export const fits = (time: { placesLeft: number; capacity: number }, group: { guests: number; private: boolean }) =>
  time.placesLeft >= (group.private ? Math.max(group.guests, time.capacity) : group.guests);

/** Whether `guests` places can be given in `slot` (as `checkPlaces` decides), without throwing. */
export function placesFree(db: Db, schedule: Schedule, slot: Slot, guests: number, now: Date, options: CheckOptions = {}): boolean {
  try {
    checkPlaces(db, schedule, slot, guests, now, options);
    return true;
  } catch (error) {
    if (error instanceof SlotRefused) return false;
    throw error;
  }
}

/** When a pending request made at `now` stops holding its places: after the schedule's hold, and never past the tour itself. */
export function holdEnd(schedule: Schedule, slot: Slot, now: Date): Date {
  return new Date(Math.min(now.getTime() + schedule.holdHours * 3_600_000, slotInstant(schedule, slot).getTime()));
}
