/**
 * The staff confirm a request that came without a time (or waited in a full time's line) into one
 * of its package's times, as one script in one transaction: its status, its places taken (refused
 * without room, unless an admin places it over the places with a reason), its line ended, the
 * placing in its history, and the visitor's confirmation with the private link and the calendar
 * file (Paris time).
 */
import type { Db } from "../db/database";
import { changeStatus } from "../db/inbox";
import { slotBookingById, visitorOf } from "../db/tour-ledger";
import { Waitlist } from "../db/tour-waitlist";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import type { Bookings } from "./deps";
import { checkPlaces, placesLeft, SlotRefused } from "./ledger";
import { hasSlot, type Slot } from "./schedule";
import { priceGroup } from "./price-group";
import { recordStaffPlacement } from "./staff-placement";
import { holdPlaces } from "./take-places";
import { bookingType } from "../forms";
import { bookingFacts } from "./visits";

/** Who confirms, and whether an admin places the group over the places left (and why). */
export interface StaffPlacer {
  actor: string;
  overCapacity: boolean;
  reason: string;
}

/** Confirms the request into `slot`: "stale" when it was answered meanwhile or already has a time; or why the time is refused (nothing changed). */
export async function confirmRequest(deps: Bookings, id: string, slot: Slot, staff: StaffPlacer): Promise<"done" | "stale" | SlotRefused> {
  try {
    return await deps.commits.run((tx) => confirmInto(deps, tx, id, slot, staff));
  } catch (error) {
    // The status changed first is rolled back with the transaction.
    if (error instanceof SlotRefused) return error;
    throw error;
  }
}

function confirmInto(deps: Bookings, tx: Db, id: string, slot: Slot, staff: StaffPlacer): "done" | "stale" {
  const now = deps.now();
  const schedule = deps.schedule.current();
  const visitor = visitorOf(tx, id);
  if (!visitor || visitor.package !== slot.package || slotBookingById(tx, id)) return "stale";
  if (!changeStatus(tx, bookingType, id, ["new"], "confirmed", now)) return "stale";
  const guests = visitor.guests ?? 1;
  const free = hasSlot(schedule, slot) && placesLeft(tx, schedule, slot, now) >= guests;
  checkPlaces(tx, schedule, slot, guests, now, { byStaff: true, overCapacity: staff.overCapacity });
  const price = priceGroup(tx, deps.content.current, { id, package: slot.package, guests, private: false, voucher: null }, now);
  holdPlaces(
    tx,
    schedule,
    { id, slot, guests, confirmed: true, holdUntil: now, source: "visitor", priceCents: price.priceCents, listPriceCents: price.listCents },
    now,
  );
  new Waitlist(tx).endFor(id, now);
  recordStaffPlacement(tx, { actor: staff.actor, bookingId: id, placed: "confirmed", slot, guests, overbooked: !free, reason: staff.reason }, now);
  queueMails(tx, bookingMails([{ kind: "confirmed", booking: bookingFacts(tx, id)!, by: "staff" }], mailFacts(deps, schedule)));
  return "done";
}
