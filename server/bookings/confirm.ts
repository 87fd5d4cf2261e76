/**
 * The staff confirm a booking that waits with a time, or take back their decline of one, in one
 * transaction with its places counted (the booking's own left out): refused when the time has no
 * room for it, unless an admin overrides with a reason (cal.com #10789), which the history keeps;
 * the visitor is told.
 */
import { auditActions, recordAudit } from "../db/audit";
import { slotBookingById, type SlotStatus } from "../db/tour-ledger";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import { setBookingStatus } from "./booking-status";
import type { Bookings } from "./deps";
import { placesLeft } from "./ledger";
import { bookingType } from "../forms";
import { bookingFacts } from "./visits";

/** Who confirms, and whether an admin places the group over the places left (and why). */
export interface StaffConfirmation {
  actor: string;
  override: boolean;
  reason: string;
}

/** Confirms a waiting booking: "full" without room (and no override), "stale" when it no longer waits. */
export function confirmBooking(deps: Bookings, id: string, staff: StaffConfirmation): Promise<"done" | "full" | "stale"> {
  return confirmFrom(deps, id, "pending", auditActions.slotConfirmed, staff);
}

/** Takes back a decline: the booking confirmed again, as a confirmation is. */
export function undoDecline(deps: Bookings, id: string, staff: StaffConfirmation): Promise<"done" | "full" | "stale"> {
  return confirmFrom(deps, id, "declined", auditActions.slotDeclineUndone, staff);
}

function confirmFrom(deps: Bookings, id: string, from: SlotStatus, action: string, staff: StaffConfirmation): Promise<"done" | "full" | "stale"> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const visit = slotBookingById(tx, id);
    if (!visit || visit.status !== from) return "stale" as const;
    const free = placesLeft(tx, schedule, visit, now, id) >= visit.guests;
    if (!free && !staff.override) return "full" as const;
    setBookingStatus(tx, id, [from], "confirmed", now);
    const slot = `${visit.date} ${visit.time}`;
    const target = { type: bookingType, id };
    // Over the places: the override and its reason are what the history keeps.
    if (free) recordAudit(tx, { actor: staff.actor, action, target, detail: { slot, overbooked: false } }, now);
    else recordAudit(tx, { actor: staff.actor, action: auditActions.slotOverbooked, target, detail: { slot, overbooked: true, reason: staff.reason } }, now);
    queueMails(tx, bookingMails([{ kind: "confirmed", booking: bookingFacts(tx, id)!, by: "staff" }], mailFacts(deps, schedule)));
    return "done" as const;
  });
}
