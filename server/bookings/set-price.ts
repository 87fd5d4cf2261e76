/**
 * An admin sets what a booking costs (a phone booking agreed at another price, a gesture), with a
 * reason: the price stored, the reason beside it, and both prices and the reason in the audit log;
 * one transaction. Its voucher and deposit are left as they are: the balance to pay on the day is
 * the new price less the deposit paid.
 */
import { auditActions, recordAudit } from "../db/audit";
import { setPrice, slotBookingById } from "../db/tour-ledger";
import type { Bookings } from "./deps";
import { bookingType } from "../forms";

/** "done", or "stale" when the booking has no time (a request) or no longer takes place. */
export function setBookingPrice(deps: Bookings, id: string, change: { priceCents: number; reason: string }, actor: string): Promise<"done" | "stale"> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const booking = slotBookingById(tx, id);
    if (!booking || (booking.status !== "confirmed" && booking.status !== "pending")) return "stale";
    setPrice(tx, id, { priceCents: change.priceCents, note: change.reason }, now);
    const detail = { from: booking.priceCents, to: change.priceCents, reason: change.reason };
    recordAudit(tx, { actor, action: auditActions.priceChanged, target: { type: bookingType, id }, detail }, now);
    return "done";
  });
}
