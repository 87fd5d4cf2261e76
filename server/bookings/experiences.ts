/**
 * What the tours' experiences add to the booking ledger, as the best winery platforms sell them:
 * private tours (the time closes after one booking, priced per group), prices per person and in
 * total, a minimum group before a tour runs (groups wait until it is reached, then are confirmed
 * together), a gift voucher, and a deposit paid online. All of it runs inside the write
 * transaction that counts the places (./service.ts `reserve`, the submission store's group
 * commit), so a private tour, a paid hold and a voucher are counted once or not at all.
 */
import { setWaiting, type SlotBooking } from "../db/tour-ledger";
import { insertPayment } from "../db/tour-payments";
import type { VoucherRow } from "../db/tour-vouchers";
import { depositOf, quote } from "./pricing";
import { minimumHoldEnd, type Slot } from "./schedule";
import type { TourService } from "./service";
import { redeem, voucherValue } from "./vouchers";

/** How long a time is held while its deposit is paid: the checkout's own life, and a minute for its webhook to arrive. */
export const checkoutMinutes = 30;
export const paymentHoldMinutes = checkoutMinutes + 1;

/** What a visitor chose besides the time and the group. */
export interface ExperienceChoice {
  /** A private tour: the time closes to everyone else, priced per group. */
  private: boolean;
  /** A gift voucher's code as typed, or null. */
  voucher: string | null;
}

/** A visitor's booking with its price, as written. */
export interface ExperienceBooking {
  held: SlotBooking;
  /** The group's price after the voucher (cents). */
  priceCents: number;
  /** The deposit to pay online now (cents); 0: nothing to pay. */
  depositCents: number;
  voucher: VoucherRow | null;
}

/**
 * Books a visitor's time with what they chose; call inside the submission's transaction, after
 * its row is written. The voucher is redeemed first (`VoucherRefused` rolls everything back), the
 * price worked out (less the voucher), the places taken (`SlotRefused` likewise) with the deposit
 * to pay, if the package asks one and a payment provider is set, holding them until the checkout
 * ends.
 */
export function reserveExperience(
  tours: TourService,
  booking: { id: string; slot: Slot; guests: number; choice: ExperienceChoice },
  paymentsOn: boolean,
): ExperienceBooking {
  const now = tours.now;
  const voucher = booking.choice.voucher ? redeem(tours.db, booking.choice.voucher, booking.id, booking.slot.package, now) : null;
  const price = quote(tours.content.current, booking.slot.package, booking.guests, booking.choice.private)?.totalCents ?? 0;
  const priceCents = Math.max(0, price - (voucher ? voucherValue(tours.content.current, voucher) : 0));
  const depositCents = depositOf(tours.schedule(), booking.slot.package, priceCents, paymentsOn);
  const paymentUntil = depositCents > 0 ? new Date(now.getTime() + paymentHoldMinutes * 60_000) : null;
  const held = tours.reserve({ id: booking.id, slot: booking.slot, guests: booking.guests, private: booking.choice.private, priceCents, paymentUntil });
  if (paymentUntil)
    insertPayment(tours.db, { bookingId: booking.id, amountCents: depositCents, expiresAt: new Date(now.getTime() + checkoutMinutes * 60_000) }, now);
  return { held, priceCents, depositCents, voucher };
}

/**
 * A deposit paid for a time still held: the booking is confirmed (and may bring its time to the
 * minimum), or, when its tour still lacks people, waits for them until the cut-off. Call inside
 * the write transaction that records the payment.
 */
export function confirmPaid(tours: TourService, visit: SlotBooking): void {
  const schedule = tours.schedule();
  const minimum = schedule.rules[visit.package].minGuests;
  if (!visit.private && minimum > 1 && tours.peopleTowardsMinimum(visit) + visit.guests < minimum) {
    setWaiting(tours.db, visit.bookingId, "minimum", minimumHoldEnd(schedule, visit), tours.now);
    tours.tell("booked", visit.bookingId);
    return;
  }
  if (!tours.setStatus(visit.bookingId, ["pending", "expired"], "confirmed")) return;
  tours.tell("confirmed", visit.bookingId);
  tours.settleMinimum(visit);
}
