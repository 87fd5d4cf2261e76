/**
 * What a booking costs, worked out inside its write transaction: the package's price for the
 * group (core/tour-price.ts: per person, a tier, or a private tour's price for the group), less a
 * gift voucher, and the deposit its package asks online. Prices come from content/tours.json;
 * the deposit's share from the package's rules (server/bookings/schedule.ts).
 */
import type { Content } from "#content";
import { quoteTour, type TourQuote } from "#core/tour-price";
import type { TourPackageId } from "#forms/tour-booking";
import type { SlotBooking } from "../db/tour-ledger";
import type { PaymentRow } from "../db/tour-payments";
import type { Redemption } from "../db/tour-vouchers";
import type { Schedule } from "./schedule";

/** A package's prices as the live content gives them; null for a package content no longer describes. */
export function packagePrices(content: Content, pkg: string) {
  return content.tours.packages.find((tour) => tour.id === pkg) ?? null;
}

/** Whether a package offers private tours (content gives their price). */
export const offersPrivate = (content: Content, pkg: string) => packagePrices(content, pkg)?.privatePrice !== undefined;

/** The price of a group on a package's tour (shared, or private when asked and offered). */
export function quote(content: Content, pkg: string, guests: number, privateTour: boolean): TourQuote | null {
  const prices = packagePrices(content, pkg);
  return prices ? quoteTour(prices, guests, privateTour) : null;
}

/**
 * The deposit of a booking of `pkg` costing `priceCents`: the package's share, rounded to the
 * cent; none when the estate asks none, when the package waits for the estate's answer (the
 * visitor pays only for a time the estate already promised), or when no payment provider is set.
 */
export function depositOf(schedule: Schedule, pkg: TourPackageId, priceCents: number, paymentsOn: boolean, byStaff = false): number {
  const share = schedule.rules[pkg]?.depositPercent ?? 0;
  // The staff asking a deposit of a phone booking are the estate's answer already.
  if (!paymentsOn || share === 0 || (!schedule.instantConfirm[pkg] && !byStaff) || priceCents <= 0) return 0;
  return Math.round((priceCents * share) / 100);
}

/**
 * A booking's money as the staff and the visitor see it: the pricing's price of the group, what
 * its voucher took off, what the group pays (an admin may have set it, with `note` saying why), the
 * deposit asked and what of it is paid, and the balance to pay on the day. Null amounts: a booking
 * made before prices were kept.
 */
export interface BookingMoney {
  listCents: number | null;
  /** What the voucher it uses now took off (0: none, or given back). */
  voucherCents: number;
  voucherCode: string | null;
  priceCents: number | null;
  /** An admin's reason for setting the price themselves, or null. */
  note: string | null;
  depositCents: number;
  /** The deposit as paid and kept (0 while unpaid, or once refunded). */
  depositPaidCents: number;
  /** What is left to pay on the day. */
  balanceCents: number | null;
}

/** The money of a booking from what is stored: its price, its voucher's use, its deposit. */
export function moneyOf(
  slot: Pick<SlotBooking, "priceCents" | "listPriceCents" | "priceNote">,
  use: Redemption | null,
  payment: PaymentRow | null,
): BookingMoney {
  const voucherCents = use && use.released_at === null ? (use.amount_cents ?? 0) : 0;
  const depositPaidCents = payment?.status === "paid" ? payment.amount_cents : 0;
  return {
    listCents: slot.listPriceCents ?? (slot.priceCents === null ? null : slot.priceCents + voucherCents),
    voucherCents,
    voucherCode: use && use.released_at === null ? use.code : null,
    priceCents: slot.priceCents,
    note: slot.priceNote,
    depositCents: payment?.amount_cents ?? 0,
    depositPaidCents,
    balanceCents: slot.priceCents === null ? null : Math.max(0, slot.priceCents - depositPaidCents),
  };
}
