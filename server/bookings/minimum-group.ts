/**
 * A tour's minimum group: a time of a package with a minimum runs once enough people booked it.
 * The groups that waited for it are then confirmed together, in the transaction that brought the
 * people; the use-case tells each (./booking-mails.ts).
 */
import type { Db } from "../db/database";
import { peopleTowardsMinimum, waitingForMinimum } from "../db/tour-ledger";
import type { BookingEvent } from "./booking-events";
import { setBookingStatus } from "./booking-status";
import type { Schedule, Slot } from "./schedule";
import { bookingFacts } from "./visits";

/** Once `slot` has its package's minimum, confirms every group waiting for it; the groups confirmed, each as an event. */
export function confirmGroupsAtMinimum(tx: Db, schedule: Schedule, slot: Slot, now: Date): BookingEvent[] {
  const minimum = schedule.rules[slot.package].minGuests;
  if (minimum <= 1 || peopleTowardsMinimum(tx, slot, now) < minimum) return [];
  const confirmed = waitingForMinimum(tx, slot, now).filter((id) => setBookingStatus(tx, id, ["pending"], "confirmed", now));
  return confirmed.map((id) => ({ kind: "confirmed", booking: bookingFacts(tx, id)!, by: "minimum" }));
}

/** Whether `guests` more people bring a time to its package's minimum (always, on a package without one). */
export function reachesMinimum(tx: Db, schedule: Schedule, slot: Slot, guests: number, now: Date): boolean {
  const minimum = schedule.rules[slot.package].minGuests;
  return minimum <= 1 || peopleTowardsMinimum(tx, slot, now) + guests >= minimum;
}
