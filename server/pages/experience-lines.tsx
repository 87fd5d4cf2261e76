/**
 * What the visitor's own page (./visit.tsx) adds about a booking's experience, in their language:
 * what a held time waits for (the deposit, or the tour's minimum group), the price as its e-mails
 * state it (a private tour's, a group price, a voucher's deduction, the deposit paid and the balance
 * due: ../mail/visit-price.ts), and the deposit: a button to pay it while its checkout is open, or
 * that it was refunded.
 */
import { formatPrice } from "#core/format";
import { translator } from "#locales";
import type { BookedVisit } from "../bookings/visits";
import type { PaymentRow } from "../db/tour-payments";
import { priceLines, refundLine, type VisitPrice } from "../mail/visit-price";

/** A booking that no longer takes place: its price is told without what is left to pay. */
const ended = (visit: BookedVisit) => visit.status === "cancelled" || visit.status === "declined" || visit.status === "expired";

/** What a held time waits for, in the visitor's words; null when the booking's own status says it. */
export function experienceStatus(visit: BookedVisit): string | null {
  const { t } = translator(visit.language);
  if (visit.status !== "pending") return null;
  if (visit.waitingFor === "payment") return t("manage.status.payment");
  if (visit.waitingFor === "minimum") return t("manage.status.minimum");
  return null;
}

/** The booking's experience, under its time and group. */
export function ExperienceLines({
  visit,
  deposit: payment,
  payable,
  price,
}: {
  visit: BookedVisit;
  deposit: PaymentRow | null;
  payable: boolean;
  price: VisitPrice | null;
}) {
  const lang = visit.language;
  const { t } = translator(lang);
  const money = (cents: number) => formatPrice(cents / 100, lang);
  return (
    <>
      <ul>
        {price ? (
          priceLines(t, lang, price, { ended: ended(visit) }).map((line) => <li key={line}>{line}</li>)
        ) : (
          <>
            {visit.private ? <li>{t("manage.private")}</li> : null}
            {visit.priceCents !== null ? <li>{t("manage.price", { total: money(visit.priceCents) })}</li> : null}
          </>
        )}
        {payment?.status === "refund-due" && price ? <li>{refundLine(t, lang, price)}</li> : null}
        {payment?.status === "refunded" ? <li>{t("manage.depositRefunded", { amount: money(payment.amount_cents) })}</li> : null}
      </ul>
      {payable && payment ? (
        <p>
          <a className="button" href={payment.checkout_url!}>
            {t("manage.pay", { amount: money(payment.amount_cents) })}
          </a>
        </p>
      ) : null}
    </>
  );
}
