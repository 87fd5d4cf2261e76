/**
 * The holds that ran out, by the minute's sweep: a request the estate left unanswered, a deposit
 * not paid in time, a tour whose minimum group was not reached by the cut-off. Each becomes
 * expired, once (its status changes in the same transaction as its e-mail): its places return
 * (offered to the waitlist), its voucher is given back, a paid deposit is refunded, and its visitor
 * is told in the words of what it waited for.
 */
import { expiredHolds } from "../db/tour-ledger";
import type { BookingEvent } from "./booking-events";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import { setBookingStatus } from "./booking-status";
import type { Bookings } from "./deps";
import { refundWhatIsDue } from "./refund";
import { bookingFacts } from "./visits";
import { offerFreedPlaces } from "./waitlist";

/** Ends the holds that ran out; resolves with how many. */
export async function expireHolds(deps: Bookings): Promise<number> {
  const count = await deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const expired: BookingEvent[] = [];
    for (const visit of expiredHolds(tx, now)) {
      if (!setBookingStatus(tx, visit.bookingId, ["pending"], "expired", now)) continue;
      expired.push({ kind: "expired", booking: bookingFacts(tx, visit.bookingId)!, via: "sweep" });
    }
    queueMails(tx, bookingMails([...expired, ...offerFreedPlaces(tx, schedule, now)], mailFacts(deps, schedule)));
    return expired.length;
  });
  refundWhatIsDue(deps);
  return count;
}
