/**
 * The waitlist of a full time, as the use-cases change it: a request put in line (at most
 * `waitlistFactor` times the time's capacity in people), and the places a change freed offered to
 * the first in line whose group fits, held for them for the waitlist's hold (never past the
 * visitors' cut-off). The line is server/db/tour-waitlist.ts's.
 */
import type { Db } from "../db/database";
import { visitorOf } from "../db/tour-ledger";
import { Waitlist } from "../db/tour-waitlist";
import type { BookingEvent } from "./booking-events";
import { placesLeft } from "./ledger";
import { capacityOf, cutoffOf, hasSlot, slotInstant, waitlistFactor, type Schedule, type Slot } from "./schedule";

/** The waitlist of a time is full: its people in line already reach twice the time's capacity. */
export class WaitlistFull extends Error {
  override name = "WaitlistFull";
}

/** Puts a stored request in line for a full time; throws `WaitlistFull` (the request is then rolled back with it). */
export function joinLine(tx: Db, schedule: Schedule, request: { id: string; slot: Slot; guests: number }, now: Date) {
  const line = new Waitlist(tx);
  if (line.peopleInLine(request.slot) + request.guests > waitlistFactor * capacityOf(schedule, request.slot)) throw new WaitlistFull();
  line.join({ bookingId: request.id, slot: request.slot, guests: request.guests, now });
  return line.byBooking(request.id)!;
}

/**
 * Offers freed places to the waitlist, inside the transaction of the change that freed them: the
 * offers that ran out lapse; each one waiting, first in line first, whose group fits in the places
 * now free at their time is offered them. A time past its cut-off, or off the schedule, ends its
 * line. The offers made, each as an event.
 */
export function offerFreedPlaces(tx: Db, schedule: Schedule, now: Date): BookingEvent[] {
  const line = new Waitlist(tx);
  for (const lapsed of line.lapsedOffers(now)) line.setStatus(lapsed.id, "offered", "lapsed", now);
  const offers: BookingEvent[] = [];
  for (const entry of line.waiting()) {
    const cutoff = slotInstant(schedule, entry).getTime() - cutoffOf(schedule, entry.package) * 3_600_000;
    if (!hasSlot(schedule, entry) || cutoff <= now.getTime()) {
      line.setStatus(entry.id, "waiting", "gone", now);
      continue;
    }
    if (placesLeft(tx, schedule, entry, now) < entry.guests) continue;
    const until = new Date(Math.min(now.getTime() + schedule.waitlistHoldHours * 3_600_000, cutoff));
    line.setStatus(entry.id, "waiting", "offered", now, until);
    const visitor = visitorOf(tx, entry.bookingId);
    if (visitor) offers.push({ kind: "offered", entry: { ...entry, status: "offered", offeredUntil: until.toISOString() }, visitor, until });
  }
  return offers;
}
