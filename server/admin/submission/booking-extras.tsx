/**
 * What a tour booking's page shows besides its time: its experience (a private tour, the group's
 * price, the gift voucher used, the deposit and where it stands) and the guest behind it, as the
 * estate knows them (./guest-views.tsx).
 */
import { createElement, Fragment } from "react";
import { formatPrice } from "#core/format";
import type { BookingExtras } from "../../bookings/booking-page";
import type { PaymentRow } from "../../db/tour-payments";
import type { ViewContext } from "../shared/view-context";
import { GuestPanel } from "../shared/guest-summary";

/** Where a deposit stands, in the staff's words. */
const depositState = (view: ViewContext, payment: PaymentRow) =>
  view.t(`experience.deposit.${payment.status === "refund-due" ? "refundDue" : payment.status}`, {
    amount: formatPrice(payment.amount_cents / 100, view.lang),
  });

function ExperiencePanel({ view, lines }: { view: ViewContext; lines: string[] }) {
  return (
    <section aria-labelledby="experience-title" className="panel">
      <h2 id="experience-title">{view.t("experience.title")}</h2>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** The panels of a tour booking's page: its experience when it has a time, the guest when the booking has an address. */
export function bookingExtras({ slot, deposit: payment, voucher, guest }: BookingExtras, view: ViewContext, bookingId: string) {
  const lines = slot
    ? [
        ...(slot.private ? [view.t("experience.private")] : []),
        ...(slot.priceCents !== null ? [view.t("experience.price", { price: formatPrice(slot.priceCents / 100, view.lang) })] : []),
        ...(voucher ? [view.t("experience.voucher", { code: voucher.code })] : []),
        ...(payment ? [depositState(view, payment)] : []),
        ...(slot.status === "pending" && slot.waitingFor === "minimum" ? [view.t("experience.waitingMinimum")] : []),
      ]
    : [];
  return createElement(
    Fragment,
    null,
    lines.length > 0 ? createElement(ExperiencePanel, { view, lines }) : null,
    guest ? createElement(GuestPanel, { view, guest, bookingId }) : null,
  );
}
