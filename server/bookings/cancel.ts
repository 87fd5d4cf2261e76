/**
 * A booking cancelled: by its visitor, through the private link (before the cut-off), or by the
 * staff from its page. One transaction: its places back (and its voucher; a paid deposit due for
 * refund), its history, the places offered to the waitlist, and the e-mails (the visitor's, with the
 * calendar's `METHOD:CANCEL`; the estate's when the visitor cancelled). The refund is asked for
 * once it is committed.
 */
import { auditActions, recordAudit, visitorActor } from "../db/audit";
import { slotBookingById } from "../db/tour-ledger";
import type { ChangedBy } from "./booking-events";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import { setBookingStatus } from "./booking-status";
import type { Bookings } from "./deps";
import { refundWhatIsDue } from "./refund";
import { bookingType } from "../forms";
import { bookingFacts, changeable } from "./visits";
import { offerFreedPlaces } from "./waitlist";

/** The visitor cancels: "late" past the cut-off, or for a booking that no longer holds places. */
export async function cancelByVisitor(deps: Bookings, id: string): Promise<"cancelled" | "late"> {
  const outcome = await deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const visit = slotBookingById(tx, id);
    if (!visit || !changeable(schedule, visit, now)) return "late" as const;
    setBookingStatus(tx, id, ["pending", "confirmed"], "cancelled", now);
    const detail = { slot: `${visit.date} ${visit.time}` };
    recordAudit(tx, { actor: visitorActor, action: auditActions.slotCancelledByVisitor, target: { type: bookingType, id }, detail }, now);
    const cancelled = { kind: "cancelled" as const, booking: bookingFacts(tx, id)!, changedBy: { by: "visitor" } satisfies ChangedBy };
    queueMails(tx, bookingMails([cancelled, ...offerFreedPlaces(tx, schedule, now)], mailFacts(deps, schedule)));
    return "cancelled" as const;
  });
  refundWhatIsDue(deps);
  return outcome;
}

/** A member of the staff cancels a waiting or confirmed booking: "stale" when it no longer is either. */
export async function cancelByStaff(deps: Bookings, id: string, actor: string): Promise<"done" | "stale"> {
  const outcome = await deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const visit = slotBookingById(tx, id);
    if (!visit || !setBookingStatus(tx, id, ["pending", "confirmed"], "cancelled", now)) return "stale" as const;
    recordAudit(tx, { actor, action: auditActions.slotCancelled, target: { type: bookingType, id }, detail: { slot: `${visit.date} ${visit.time}` } }, now);
    const cancelled = { kind: "cancelled" as const, booking: bookingFacts(tx, id)!, changedBy: { by: "staff", actor, reason: null } satisfies ChangedBy };
    queueMails(tx, bookingMails([cancelled, ...offerFreedPlaces(tx, schedule, now)], mailFacts(deps, schedule)));
    return "done" as const;
  });
  refundWhatIsDue(deps);
  return outcome;
}
