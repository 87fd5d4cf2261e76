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
import { givenBackBy, type EstateReason } from "./estate-reason";
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
    const givenBack = givenBackBy(tx, id);
    setBookingStatus(tx, id, ["pending", "confirmed"], "cancelled", now);
    const detail = { slot: `${visit.date} ${visit.time}` };
    recordAudit(tx, { actor: visitorActor, action: auditActions.slotCancelledByVisitor, target: { type: bookingType, id }, detail }, now);
    const cancelled = { kind: "cancelled" as const, booking: bookingFacts(tx, id)!, changedBy: { by: "visitor" } satisfies ChangedBy, givenBack };
    queueMails(tx, bookingMails([cancelled, ...offerFreedPlaces(tx, schedule, now)], mailFacts(deps, schedule)));
    return "cancelled" as const;
  });
  refundWhatIsDue(deps);
  return outcome;
}

/**
 * A member of the staff cancels a waiting or confirmed booking, with the reason the visitor's
 * e-mail gives (`why`): "stale" when it no longer is either.
 */
export async function cancelByStaff(deps: Bookings, id: string, actor: string, why: EstateReason | null = null): Promise<"done" | "stale"> {
  const outcome = await deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const visit = slotBookingById(tx, id);
    const givenBack = givenBackBy(tx, id);
    if (!visit || !setBookingStatus(tx, id, ["pending", "confirmed"], "cancelled", now)) return "stale" as const;
    const detail = { slot: `${visit.date} ${visit.time}`, ...(why ? { why: why.preset, note: why.note } : {}) };
    recordAudit(tx, { actor, action: auditActions.slotCancelled, target: { type: bookingType, id }, detail }, now);
    const changedBy = { by: "staff", actor, why } satisfies ChangedBy;
    const cancelled = { kind: "cancelled" as const, booking: bookingFacts(tx, id)!, changedBy, givenBack };
    queueMails(tx, bookingMails([cancelled, ...offerFreedPlaces(tx, schedule, now)], mailFacts(deps, schedule)));
    return "done" as const;
  });
  refundWhatIsDue(deps);
  return outcome;
}
