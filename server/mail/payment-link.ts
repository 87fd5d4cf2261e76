/**
 * The e-mail that gives a guest the payment link of a deposit the estate asked (a booking made by
 * phone with a deposit, or a decline undone after the deposit was refunded), in the guest's
 * language: the visit, the deposit's amount, until when the link works (Paris time) and what is
 * left to pay on the day, the link as a button, and the private link. Nothing the guest typed is
 * repeated.
 */
import { formatEventDate, formatPrice, formatTime } from "#core/format";
import type { OutgoingMail } from "#core/mail";
import { outgoingMail } from "./outgoing";
import { translator } from "#locales";
import { bookingReference } from "./booking-reply";
import { headerSafe, signedBy } from "./compose";
import { renderMail, type MailBlock } from "./layout";
import { manageLink, visitFacts, type VisitForMail, type VisitMailContext } from "./tour-visit";

/** What the link's e-mail says of the deposit: its amount, its checkout, until when (the estate's day and time), and the price and balance. */
export interface DepositLink {
  amountCents: number;
  url: string;
  until: { date: string; time: string };
  priceCents: number;
}

export function composePaymentLink(visit: VisitForMail, deposit: DepositLink, context: VisitMailContext): OutgoingMail {
  const lang = visit.language;
  const { t } = translator(lang);
  const estate = context.estateNames[lang];
  const amount = formatPrice(deposit.amountCents / 100, lang);
  const intro = t("tourMail.paymentLinkIntro", { amount, date: formatEventDate(deposit.until.date, lang), time: formatTime(deposit.until.time, lang) });
  const blocks: MailBlock[] = [
    { kind: "text", text: intro },
    {
      kind: "facts",
      lines: [
        ...visitFacts(t, visit, { price: false }),
        t("tourMail.paymentLinkPrice", { price: formatPrice(deposit.priceCents / 100, lang) }),
        t("tourMail.paymentLinkBalance", { balance: formatPrice(Math.max(0, deposit.priceCents - deposit.amountCents) / 100, lang) }),
      ],
    },
    { kind: "action", intro: t("tourMail.paymentLinkAction"), button: t("tourMail.paymentLinkButton", { amount }), url: deposit.url },
    {
      kind: "action",
      intro: t("tourMail.manage", { hours: context.cutoffHours }),
      button: t("tourMail.manageButton"),
      url: manageLink(context.siteUrl, visit.token),
    },
    { kind: "small", text: t("mail.booking.reference", { reference: bookingReference(visit.id) }) },
  ];
  const subject = t("tourMail.paymentLinkSubject", { estate, date: formatEventDate(visit.date, lang), time: formatTime(visit.time, lang) });
  const { text, html } = renderMail({ ...signedBy(lang, context), preview: intro, greeting: t("tourMail.greeting"), blocks });
  return outgoingMail({
    kind: "reply",
    to: headerSafe(visit.email, 254),
    replyTo: headerSafe(context.estateEmail, 254),
    subject: headerSafe(subject),
    text,
    html,
    headers: {},
  });
}
