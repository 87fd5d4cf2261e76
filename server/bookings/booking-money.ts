/**
 * What a booking means in money, as the day sheet and the reports count it: its price (after a
 * voucher, as stored when booked), the deposit collected online and any of it refunded, what is
 * left to collect on site, and the voucher with what it took off the price. One function, so the
 * guide's sheet and the estate's takings never disagree.
 */
import type { Content } from "#content";
import type { SlotBooking } from "../db/tour-ledger";
import type { PaymentRow } from "../db/tour-payments";
import type { VoucherRow } from "../db/tour-vouchers";
import { quote } from "./pricing";
import { voucherValue } from "./vouchers";

export interface BookingMoney {
  /** What the group pays, after a voucher (cents); null for a booking made before prices were kept. */
  priceCents: number | null;
  /** The deposit collected online (paid, whether or not refunded since). */
  depositCents: number;
  /** The part of it refunded, or due for refund. */
  refundCents: number;
  /** What is left to collect on site: the price less the deposit kept; null without a price. */
  balanceCents: number | null;
  /** The gift voucher redeemed, and what it took off the group's price. */
  voucher: { code: string; cents: number } | null;
}

const collected = new Set<PaymentRow["status"]>(["paid", "refund-due", "refunded"]);
const refunded = new Set<PaymentRow["status"]>(["refund-due", "refunded"]);

/** A booking's money from its slot row, its payment and its voucher as stored. */
export function moneyOf(
  content: Content,
  booking: Pick<SlotBooking, "package" | "guests" | "private" | "priceCents">,
  payment: PaymentRow | null,
  voucher: VoucherRow | null,
): BookingMoney {
  const depositCents = payment && collected.has(payment.status) ? payment.amount_cents : 0;
  const refundCents = payment && refunded.has(payment.status) ? payment.amount_cents : 0;
  const { priceCents } = booking;
  const balanceCents = priceCents === null ? null : Math.max(0, priceCents - (depositCents - refundCents));
  return {
    priceCents,
    depositCents,
    refundCents,
    balanceCents,
    voucher: voucher ? { code: voucher.code, cents: voucherCents(content, booking, voucher) } : null,
  };
}

/** What a voucher took off: the group's full price less what it paid, at most the voucher's worth. */
function voucherCents(content: Content, booking: Pick<SlotBooking, "package" | "guests" | "private" | "priceCents">, voucher: VoucherRow): number {
  const worth = voucherValue(content, voucher);
  const full = quote(content, booking.package, booking.guests, booking.private)?.totalCents;
  if (full === undefined || booking.priceCents === null) return worth;
  return Math.max(0, Math.min(worth, full - booking.priceCents));
}
