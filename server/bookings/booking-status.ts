/**
 * A booking's status, changed in the ledger and the inbox together; a booking that no longer takes
 * place (cancelled, declined, expired) gives back, in the same transaction, its voucher and its
 * deposit (a paid one becomes due for refund: ./refund.ts asks the provider after the commit; an
 * open checkout ends).
 */
import type { Db } from "../db/database";
import { changeStatus } from "../db/inbox";
import { setSlotStatus, type SlotStatus } from "../db/tour-ledger";
import { setPaymentStatus } from "../db/tour-payments";
import { releaseRedemption } from "../db/tour-vouchers";
import { bookingType, statusesOf } from "../forms";

/** Changes a booking's status (and the inbox's with it), only from one of `from`; false when it was in none of them. */
export function setBookingStatus(tx: Db, id: string, from: readonly SlotStatus[], to: SlotStatus, now: Date, holdUntil: Date | null = null): boolean {
  if (!setSlotStatus(tx, id, from, to, now, holdUntil)) return false;
  if (to === "cancelled" || to === "declined" || to === "expired") {
    releaseRedemption(tx, id, now);
    setPaymentStatus(tx, id, ["paid"], "refund-due", now);
    setPaymentStatus(tx, id, ["open"], "expired", now);
  }
  const inbox = to === "pending" ? "new" : to === "expired" ? "declined" : to;
  changeStatus(tx, bookingType, id, statusesOf(bookingType), inbox, now);
  return true;
}
