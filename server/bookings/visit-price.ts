/**
 * A booking's price as its visitor is told it (server/mail/visit-price.ts says it in their
 * language, in every e-mail and on the private page): the group's price and how it was reached
 * (per person, a group tier, one price for the group, a private tour), the voucher's deduction, the
 * deposit and where it stands. The figures are the booking's as stored (its price after the
 * voucher, kept when it was booked); the content's prices say how that price was reached.
 */
import type { Content } from "#content";
import type { TourPrices } from "#core/tour-price";
import type { PaymentRow } from "../db/tour-payments";
import type { VoucherRow } from "../db/tour-vouchers";
import type { VisitPrice } from "../mail/visit-price";
import { localOf } from "./paris-time";
import { packagePrices, quote } from "./pricing";
import { voucherValue } from "./vouchers";

/** What the price of a booking is read from. */
export interface PricedBooking {
  package: string;
  guests: number;
  private: boolean;
  /** The group's price after the voucher as stored (cents); null when it was booked without one kept. */
  priceCents: number | null;
  voucher: VoucherRow | null;
  deposit: PaymentRow | null;
}

const depositStates = { open: "open", paid: "paid", "refund-due": "refunding", refunded: "refunded", expired: "lapsed" } as const;

/** The group tier a size falls in (the largest `from` it reaches), as core/tour-price.ts chooses it. */
const tierOf = (prices: TourPrices, guests: number) =>
  [...(prices.groupPrices ?? [])].sort((a, b) => b.from - a.from).find((tier) => tier.from <= guests) ?? null;

/**
 * A booking's price for its visitor, or null when neither its stored price nor the content can say
 * it (a package the content no longer describes, booked before prices were kept).
 */
export function visitPrice(content: Content, booking: PricedBooking): VisitPrice | null {
  const prices = packagePrices(content, booking.package);
  const listed = prices ? quote(content, booking.package, booking.guests, booking.private) : null;
  if (!listed && booking.priceCents === null) return null;
  const voucherCents = booking.voucher ? voucherValue(content, booking.voucher) : 0;
  // The price before the voucher: the stored price with the voucher added back (a voucher worth more
  // than the tour left 0 stored: the tour's price, then); without a stored price, the content's.
  const stored = booking.priceCents;
  const totalCents = stored === null || (booking.voucher && stored === 0) ? (listed?.totalCents ?? 0) : stored + (booking.voucher ? voucherCents : 0);
  const perPerson = listed?.basis === "person" || listed?.basis === "tier";
  // A price per person that no longer divides the total (the content's price changed since), or a
  // package the content no longer describes: the total alone.
  const basis = !listed || (perPerson && totalCents % booking.guests !== 0) ? "total" : listed.basis;
  const tier = prices && (basis === "tier" || basis === "group") ? tierOf(prices, booking.guests) : null;
  const deduction = booking.voucher ? Math.min(voucherCents, totalCents) : 0;
  const deposit = booking.deposit;
  return {
    guests: booking.guests,
    basis,
    unitCents: basis === "person" || basis === "tier" ? totalCents / booking.guests : 0,
    tierFrom: tier?.from ?? null,
    totalCents,
    voucher: booking.voucher ? { code: booking.voucher.code, cents: deduction } : null,
    dueCents: stored ?? Math.max(0, totalCents - deduction),
    deposit: deposit
      ? {
          cents: deposit.amount_cents,
          state: depositStates[deposit.status],
          paidOn: deposit.status === "paid" ? localOf(new Date(deposit.updated_at)).date : null,
        }
      : null,
  };
}
