/**
 * What a tour booking's page shows besides its time: its experience (a private tour, the group's
 * price, the gift voucher used, the deposit and where it stands) and the guest behind it, as the
 * estate knows them (./guest-views.tsx).
 */
import { createElement, Fragment, type ReactNode } from "react";
import { formatPrice } from "#core/format";
import type { BookingExtras } from "../../bookings/booking-page";
import type { BookingMoney } from "../../bookings/pricing";
import type { PaymentRow } from "../../db/tour-payments";
import type { VoucherRow } from "../../db/tour-vouchers";
import { CsrfField } from "../shared/layout";
import type { ViewContext } from "../shared/view-context";
import { GuestPanel } from "../shared/guest-summary";

/** Where a deposit stands, in the staff's words. */
const depositState = (view: ViewContext, payment: PaymentRow) =>
  view.t(`experience.deposit.${payment.status === "refund-due" ? "refundDue" : payment.status}`, {
    amount: formatPrice(payment.amount_cents / 100, view.lang),
  });

function ExperiencePanel({ view, lines, link, priceForm }: { view: ViewContext; lines: string[]; link: string | null; priceForm: ReactNode }) {
  return (
    <section aria-labelledby="experience-title" className="panel">
      <h2 id="experience-title">{view.t("experience.title")}</h2>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {link ? (
        <p>
          {view.t("experience.paymentLink")} <a href={link}>{link}</a>
        </p>
      ) : null}
      {priceForm}
    </section>
  );
}

/** A booking's money in the staff's words: the pricing's price, the voucher's part, the price, the deposit paid, the balance, an admin's reason. */
function moneyLines(view: ViewContext, money: BookingMoney, voucher: VoucherRow | null): string[] {
  const euros = (cents: number) => formatPrice(cents / 100, view.lang);
  const lines: string[] = [];
  if (money.priceCents === null) return lines;
  if (money.voucherCents > 0 && money.listCents !== null) lines.push(view.t("experience.listPrice", { price: euros(money.listCents) }));
  if (voucher) lines.push(view.t("experience.voucherTaken", { code: voucher.code, amount: euros(money.voucherCents) }));
  lines.push(view.t("experience.price", { price: euros(money.priceCents) }));
  if (money.note) lines.push(view.t("experience.priceNote", { reason: money.note }));
  if (money.depositPaidCents > 0) lines.push(view.t("experience.depositPaid", { amount: euros(money.depositPaidCents) }));
  if (money.balanceCents !== null) lines.push(view.t("experience.balance", { amount: euros(money.balanceCents) }));
  return lines;
}

/** An admin sets the group's price, with a reason the booking and the audit log keep. */
function PriceForm({ view, bookingId, priceCents }: { view: ViewContext; bookingId: string; priceCents: number | null }) {
  return (
    <form method="post" action={`/admin/submissions/tour-bookings/${encodeURIComponent(bookingId)}/price`} className="answer price-form" id="price-form">
      <CsrfField view={view} />
      <label>
        {view.t("experience.setPrice")}
        <input type="text" name="price" inputMode="decimal" required maxLength={10} defaultValue={priceCents === null ? "" : String(priceCents / 100)} />
      </label>
      <label>
        {view.t("experience.priceReason")}
        <input type="text" name="reason" required maxLength={500} />
      </label>
      <button type="submit" className="secondary">
        {view.t("experience.savePrice")}
      </button>
    </form>
  );
}

/** The panels of a tour booking's page: its experience and money when it has a time (an admin may set the price), the guest when the booking has an address. */
export function bookingExtras({ slot, deposit: payment, voucher, money, guest }: BookingExtras, view: ViewContext, bookingId: string, canSetPrice = false) {
  const lines = slot
    ? [
        ...(slot.private ? [view.t("experience.private")] : []),
        ...(money ? moneyLines(view, money, voucher) : []),
        ...(payment ? [depositState(view, payment)] : []),
        ...(slot.status === "pending" && slot.waitingFor === "minimum" ? [view.t("experience.waitingMinimum")] : []),
      ]
    : [];
  const live = slot !== null && (slot.status === "confirmed" || slot.status === "pending");
  const link = slot?.status === "pending" && slot.waitingFor === "payment" && payment?.status === "open" ? payment.checkout_url : null;
  return createElement(
    Fragment,
    null,
    lines.length > 0
      ? createElement(ExperiencePanel, {
          view,
          lines,
          link,
          priceForm: canSetPrice && live ? createElement(PriceForm, { view, bookingId, priceCents: slot.priceCents }) : null,
        })
      : null,
    guest ? createElement(GuestPanel, { view, guest, bookingId }) : null,
  );
}
