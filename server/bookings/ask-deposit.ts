/**
 * A deposit the estate asks of a booking through a payment link (a phone booking the staff make
 * with a deposit, a decline undone after its deposit was refunded): the booking waits for it
 * (`pending`, `waiting_for = 'payment'`) until the link's checkout ends, at most a day (the
 * provider's checkout lives no longer), and then lapses as a visitor's unpaid deposit does. The
 * checkout is made after the commit (./checkout.ts `sendPaymentLink`), which mails the link.
 */
import type { Db } from "../db/database";
import { setWaiting } from "../db/tour-ledger";
import { insertPayment, paymentOf, reopenPayment } from "../db/tour-payments";
import { slotInstant, type Schedule, type Slot } from "./schedule";

/** The longest a payment link stays open: the provider's checkout ends within a day of being made. */
const linkHours = 23;
/** The shortest (the provider's floor for a checkout's end). */
const linkMinutes = 30;

/** When a payment link made at `now` for a tour at `slot` ends: at the tour's start, within half an hour and a day from now. */
export function paymentLinkEnd(schedule: Schedule, slot: Slot, now: Date): Date {
  const start = slotInstant(schedule, slot).getTime();
  return new Date(Math.min(now.getTime() + linkHours * 3_600_000, Math.max(start, now.getTime() + linkMinutes * 60_000)));
}

/**
 * Asks `amountCents` of a pending booking (a new deposit, or the same one again after a refund or
 * a lapse): its payment open until the link ends, the booking waiting for it a minute longer (for
 * the provider's word). False when its deposit is paid, or its refund still to be made.
 */
export function askDeposit(tx: Db, schedule: Schedule, booking: { id: string; slot: Slot }, amountCents: number, now: Date): boolean {
  const ends = paymentLinkEnd(schedule, booking.slot, now);
  const asked = paymentOf(tx, booking.id)
    ? reopenPayment(tx, booking.id, ends, now)
    : (insertPayment(tx, { bookingId: booking.id, amountCents, expiresAt: ends }, now), true);
  if (!asked) return false;
  setWaiting(tx, booking.id, "payment", new Date(ends.getTime() + 60_000), now);
  return true;
}
