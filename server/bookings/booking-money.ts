/**
 * What a booking means in money, as the day sheet and the reports count it: its price (after a
 * voucher, as stored when booked), the deposit collected online and any of it refunded, what is
 * left to collect on site, and the voucher with what it took off the price (its use as recorded,
 * so a value voucher that paid part of the tour counts that part). One function, so the guide's
 * sheet and the estate's takings never disagree.
 */
import type { SlotBooking } from "../db/tour-ledger";
import type { PaymentRow } from "../db/tour-payments";
import type { Redemption } from "../db/tour-vouchers";

export interface BookingMoney {
  /** What the group pays, after a voucher (cents); null for a booking made before prices were kept. */
  priceCents: number | null;
  /** The deposit collected online (paid, whether or not refunded since). */
  depositCents: number;
  /** The part of it refunded, or due for refund. */
  refundCents: number;
  /** What is left to collect on site: the price less the deposit kept; null without a price. */
  balanceCents: number | null;
  /** The gift voucher the booking uses, and what it took off the group's price. */
  voucher: { code: string; cents: number } | null;
}

const collected = new Set<PaymentRow["status"]>(["paid", "refund-due", "refunded"]);
const refunded = new Set<PaymentRow["status"]>(["refund-due", "refunded"]);

/** A booking's money from its slot row, its payment and its standing use of a voucher, as stored. */
export function moneyOf(booking: Pick<SlotBooking, "priceCents" | "listPriceCents">, payment: PaymentRow | null, use: Redemption | null): BookingMoney {
  const depositCents = payment && collected.has(payment.status) ? payment.amount_cents : 0;
  const refundCents = payment && refunded.has(payment.status) ? payment.amount_cents : 0;
  const { priceCents } = booking;
  const balanceCents = priceCents === null ? null : Math.max(0, priceCents - (depositCents - refundCents));
  return { priceCents, depositCents, refundCents, balanceCents, voucher: use ? { code: use.code, cents: voucherCents(booking, use) } : null };
}

/** What a use took off: as recorded, else (a use recorded before amounts were kept) the list price less what the group pays. */
function voucherCents(booking: Pick<SlotBooking, "priceCents" | "listPriceCents">, use: Redemption): number {
  if (use.amount_cents !== null) return use.amount_cents;
  if (booking.listPriceCents === null || booking.priceCents === null) return 0;
  return Math.max(0, booking.listPriceCents - booking.priceCents);
}
