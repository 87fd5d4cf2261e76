/**
 * What a booking costs, as the visitor's e-mails and private page state it (the contract on a
 * durable medium: C. conso. L. 221-13; the native readers' N3 of 29 November 2026): the price for
 * the group (n × the price per person = the total, with the group tier it falls in; or one price
 * for the group, a private tour's), a gift voucher's deduction, the deposit paid online and what is
 * left to pay on the day, or, for a booking that no longer takes place, the deposit refunded.
 * server/bookings/visit-price.ts works the figures out from the booking as stored; this says them.
 */
import { formatEventDate, formatPrice } from "#core/format";
import type { Language } from "#core/languages";
import type { translator } from "#locales";

/** A booking's price as its visitor is told it (cents). */
export interface VisitPrice {
  guests: number;
  /**
   * Per person (the package's price, or a group tier's), one price for a group from a size on, a
   * private tour's; or the total alone (the content no longer says how it was reached).
   */
  basis: "person" | "tier" | "group" | "private" | "total";
  /** The price per person (`person`, `tier`). */
  unitCents: number;
  /** The group size a tier starts at (`tier`, `group`). */
  tierFrom: number | null;
  /** The group's price before a voucher. */
  totalCents: number;
  /** The gift voucher redeemed, and what it takes off (at most the total). */
  voucher: { code: string; cents: number } | null;
  /** What the group pays, the voucher taken off. */
  dueCents: number;
  /**
   * The deposit asked online: to pay (its checkout open), paid (on `paidOn`, the estate's day),
   * being refunded or refunded (the booking ended), or lapsed unpaid.
   */
  deposit: { cents: number; state: "open" | "paid" | "refunding" | "refunded" | "lapsed"; paidOn: string | null } | null;
}

type T = ReturnType<typeof translator>["t"];

/** The line saying what the group's price is and how it was reached. */
export function priceLine(t: T, lang: Language, price: VisitPrice): string {
  const money = (cents: number) => formatPrice(cents / 100, lang);
  const total = money(price.totalCents);
  switch (price.basis) {
    case "private":
      return t("tourMail.price.private", { total });
    case "group":
      return price.tierFrom === null ? t("manage.price", { total }) : t("tourMail.price.group", { total, from: price.tierFrom });
    case "tier":
      return price.tierFrom === null
        ? t("tourMail.price.perPerson", { guests: price.guests, unit: money(price.unitCents), total })
        : t("tourMail.price.tier", { guests: price.guests, unit: money(price.unitCents), total, from: price.tierFrom });
    case "total":
      return t("manage.price", { total });
    case "person":
      return t("tourMail.price.perPerson", { guests: price.guests, unit: money(price.unitCents), total });
  }
}

/** Whether a deposit was paid (and is kept, or is being given back). */
const paid = (price: VisitPrice) =>
  price.deposit !== null && (price.deposit.state === "paid" || price.deposit.state === "refunding" || price.deposit.state === "refunded");

/**
 * The price facts of a booking, one a line. A booking that takes place: its price, the voucher,
 * and what is paid and left to pay (the deposit paid online and the balance, or the whole on the
 * day). One that ended (`ended`): what it cost and, only when a deposit was paid, its refund (N13).
 */
export function priceLines(t: T, lang: Language, price: VisitPrice, { ended = false }: { ended?: boolean } = {}): string[] {
  const money = (cents: number) => formatPrice(cents / 100, lang);
  const lines = [priceLine(t, lang, price)];
  if (price.voucher) lines.push(t("tourMail.price.voucher", { code: price.voucher.code, amount: money(price.voucher.cents) }));
  if (ended) return lines;
  const deposit = price.deposit;
  const balance = Math.max(0, price.dueCents - (deposit && paid(price) ? deposit.cents : 0));
  if (deposit && deposit.state === "paid")
    lines.push(
      balance > 0
        ? t("tourMail.price.depositPaid", { deposit: money(deposit.cents), balance: money(balance) })
        : t("tourMail.price.paidInFull", { amount: money(deposit.cents) }),
    );
  else if (deposit && deposit.state === "open") lines.push(t("tourMail.price.depositToPay", { deposit: money(deposit.cents), balance: money(balance) }));
  else if (price.dueCents === 0) lines.push(t("tourMail.price.nothingDue"));
  else lines.push(t("tourMail.price.onTheDay", { amount: money(price.dueCents) }));
  return lines;
}

/** The refund of a paid deposit, in a booking's e-mail once it ended (cancelled, not run, declined); null when none was paid. */
export function refundLine(t: T, lang: Language, price: VisitPrice | null): string | null {
  if (!price?.deposit || (price.deposit.state !== "refunding" && price.deposit.state !== "refunded")) return null;
  return t("tourMail.price.refund", { amount: formatPrice(price.deposit.cents / 100, lang) });
}

/** The receipt of a deposit paid, for the e-mail its payment sends; null when none was paid. */
export function receiptLine(t: T, lang: Language, price: VisitPrice | null): string | null {
  if (!price?.deposit || price.deposit.state !== "paid") return null;
  const on = price.deposit.paidOn ? formatEventDate(price.deposit.paidOn, lang) : null;
  return on ? t("tourMail.price.receipt", { amount: formatPrice(price.deposit.cents / 100, lang), date: on }) : null;
}
