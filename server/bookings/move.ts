/**
 * A booking moved to another time of its package: by its visitor, through the private link (before
 * the cut-off, at most `visitorMovesPerDay` times a day), or by the staff from its page (until the
 * tour starts). One transaction: the new time's places checked (the booking's own left out), the
 * move recorded with the calendar's next SEQUENCE, its history, the places it freed offered to the
 * waitlist, and the e-mails (the visitor's with the updated calendar file, same UID; the estate's
 * when the visitor moved it).
 */
import { auditActions, recordAudit, visitorActor } from "../db/audit";
import { moveSlotBooking, slotBookingById } from "../db/tour-ledger";
import type { ChangedBy } from "./booking-events";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import type { Bookings } from "./deps";
import type { EstateReason } from "./estate-reason";
import { checkPlaces, SlotRefused } from "./ledger";
import type { Slot } from "./schedule";
import { bookingType } from "../forms";
import { bookingFacts, changeable, movesLeft } from "./visits";
import { offerFreedPlaces } from "./waitlist";

/**
 * The visitor moves their booking: "late" past the cut-off (or a booking that no longer holds
 * places), "same" for the time it already has (not a move: nothing mailed, recorded or counted,
 * G10), "limit" past the day's moves, or why the time is refused.
 */
export function moveByVisitor(deps: Bookings, id: string, to: Slot): Promise<"moved" | "late" | "same" | "limit" | SlotRefused> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const visit = slotBookingById(tx, id);
    if (!visit || !changeable(schedule, visit, now)) return "late" as const;
    if (to.package === visit.package && to.date === visit.date && to.time === visit.time) return "same" as const;
    if (movesLeft(tx, id, now) === 0) return "limit" as const;
    try {
      checkPlaces(tx, schedule, to, visit.guests, now, { except: id, private: visit.private });
    } catch (error) {
      if (error instanceof SlotRefused) return error;
      throw error;
    }
    moveSlotBooking(tx, id, to, now);
    const detail = { from: `${visit.date} ${visit.time}`, to: `${to.date} ${to.time}` };
    recordAudit(tx, { actor: visitorActor, action: auditActions.slotMovedByVisitor, target: { type: bookingType, id }, detail }, now);
    const moved = { kind: "moved" as const, booking: bookingFacts(tx, id)!, from: visit, changedBy: { by: "visitor" } satisfies ChangedBy };
    queueMails(tx, bookingMails([moved, ...offerFreedPlaces(tx, schedule, now)], mailFacts(deps, schedule)));
    return "moved" as const;
  });
}

/**
 * A member of the staff moves a waiting or confirmed booking, with the reason the visitor's e-mail
 * gives (`why`): "stale" when it no longer holds places, or is already at that time; or why the
 * time is refused.
 */
export function moveByStaff(deps: Bookings, id: string, to: Slot, actor: string, why: EstateReason | null = null): Promise<"moved" | "stale" | SlotRefused> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const visit = slotBookingById(tx, id);
    if (!visit || (visit.status !== "pending" && visit.status !== "confirmed") || to.package !== visit.package) return "stale" as const;
    if (to.date === visit.date && to.time === visit.time) return "stale" as const;
    try {
      checkPlaces(tx, schedule, to, visit.guests, now, { except: id, byStaff: true, private: visit.private });
    } catch (error) {
      if (error instanceof SlotRefused) return error;
      throw error;
    }
    moveSlotBooking(tx, id, to, now);
    const detail = { from: `${visit.date} ${visit.time}`, to: `${to.date} ${to.time}`, ...(why ? { why: why.preset, note: why.note } : {}) };
    recordAudit(tx, { actor, action: auditActions.slotMoved, target: { type: bookingType, id }, detail }, now);
    const moved = { kind: "moved" as const, booking: bookingFacts(tx, id)!, from: visit, changedBy: { by: "staff", actor, why } satisfies ChangedBy };
    queueMails(tx, bookingMails([moved, ...offerFreedPlaces(tx, schedule, now)], mailFacts(deps, schedule)));
    return "moved" as const;
  });
}
