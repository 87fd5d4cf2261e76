/**
 * The availability the visitors' time picker asks for, every click: a package's open slots from
 * one day to another, with their places. The same question within a second, with no commit and no
 * schedule change since, gets the same answer without asking the database again, its JSON body
 * serialised once: under 200 clients `npm run bench:tours` measured p99 in seconds without it, and
 * the serialisation, not the counting, was what each request then cost.
 */
import type { TourPackageId } from "#forms/tour-booking";
import type { Bookings } from "./deps";
import { openSlots, type OpenSlot } from "./ledger";
import { cutoffOf, slotStart } from "./schedule";

const answerOf = (deps: Bookings, pkg: TourPackageId, from: string, to: string) => {
  const now = deps.now();
  return deps.availability.answer(`${pkg} ${from} ${to}`, now.getTime(), () => openSlots(deps.db, deps.schedule.current(), pkg, from, to, now));
};

/** The slots of a package that can be booked now, from `from` to `to`. */
export function availability(deps: Bookings, pkg: TourPackageId, from: string, to: string): OpenSlot[] {
  return answerOf(deps, pkg, from, to).slots;
}

/**
 * The availability API's JSON body for the same question: the slots with their start, capacity
 * and places left, and what the tours form tells before booking (the package's minimum group, and
 * the deposit it asks when a payment provider is set) and says above its button and on it
 * (app/components/tours/booking-action.ts): the hours before a tour when online moving and
 * cancelling end (the package's own cut-off, else the schedule's), and whether the estate confirms
 * the package's bookings itself. Serialised once per remembered answer, terms and all: a schedule
 * change drops the answers remembered.
 */
export function availabilityJson(deps: Bookings, pkg: TourPackageId, from: string, to: string): string {
  const answer = answerOf(deps, pkg, from, to);
  if (answer.json === undefined) {
    const schedule = deps.schedule.current();
    const rules = schedule.rules[pkg];
    const minimum = rules.minGuests > 1 ? { minGuests: rules.minGuests } : {};
    const deposit = deps.payments && rules.depositPercent > 0 && schedule.instantConfirm[pkg] ? { depositPercent: rules.depositPercent } : {};
    answer.json = JSON.stringify({
      slots: answer.slots.map((slot) => ({ start: slotStart(schedule, slot), capacity: slot.capacity, placesLeft: slot.placesLeft })),
      ...minimum,
      ...deposit,
      cutoffHours: cutoffOf(schedule, pkg),
      instantConfirm: schedule.instantConfirm[pkg],
    });
  }
  return answer.json;
}
