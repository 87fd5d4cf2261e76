/**
 * The staff decline: a booking that waits with a time (its places back, the visitor told, with the
 * calendar's `METHOD:CANCEL`), or a request without a time, or one waiting in a full time's line
 * (its status, the reason the visitor reads in their language, its line ended). One transaction
 * each, with the history.
 */
import { auditActions, recordAudit } from "../db/audit";
import { changeStatus } from "../db/inbox";
import { slotBookingById, visitorOf } from "../db/tour-ledger";
import { Waitlist } from "../db/tour-waitlist";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import { setBookingStatus } from "./booking-status";
import type { Bookings } from "./deps";
import { refundWhatIsDue } from "./refund";
import { bookingType } from "../forms";
import { bookingFacts } from "./visits";
import { offerFreedPlaces } from "./waitlist";

/** Declines a waiting or confirmed booking with a time: "stale" when it is neither any more. */
export async function declineBooking(deps: Bookings, id: string, actor: string): Promise<"done" | "stale"> {
  const outcome = await deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const visit = slotBookingById(tx, id);
    if (!visit || !setBookingStatus(tx, id, ["pending", "confirmed"], "declined", now)) return "stale" as const;
    recordAudit(tx, { actor, action: auditActions.slotDeclined, target: { type: bookingType, id }, detail: { slot: `${visit.date} ${visit.time}` } }, now);
    const declined = { kind: "declined" as const, booking: bookingFacts(tx, id)!, actor };
    queueMails(tx, bookingMails([declined, ...offerFreedPlaces(tx, schedule, now)], mailFacts(deps, schedule)));
    return "done" as const;
  });
  refundWhatIsDue(deps);
  return outcome;
}

/** Declines a request the estate has not answered yet, with the reason the visitor reads; false when it was answered meanwhile. */
export function declineRequest(deps: Bookings, id: string, reason: string, actor: string): Promise<boolean> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const visitor = visitorOf(tx, id);
    if (!visitor || !changeStatus(tx, bookingType, id, ["new"], "declined", now)) return false;
    // A request that waited on a full time's waitlist leaves it once answered.
    new Waitlist(tx).endFor(id, now);
    recordAudit(tx, { actor, action: auditActions.bookingDeclined, target: { type: bookingType, id }, detail: { reason } }, now);
    queueMails(tx, bookingMails([{ kind: "requestDeclined", id, visitor, reason, actor }], mailFacts(deps)));
    return true;
  });
}
