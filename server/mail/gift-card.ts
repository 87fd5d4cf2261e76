/**
 * The gift card, as the buyer (or the office) is sent it and as it prints (server/pages/gift-card.tsx):
 * in the card's language, who it is from and for, their words, the code to give when booking,
 * what it is worth (an amount, or a tour for a number of people) and until when, and how to use
 * it; the mail carries the link of its printable page. The words are the site's messages
 * (`giftCard.*`, five languages).
 */
import { formatDate, formatPrice } from "#core/format";
import type { Language } from "#core/languages";
import type { OutgoingMail } from "#core/mail";
import { outgoingMail } from "./outgoing";
import { localizePath, pagePaths } from "#core/paths";
import { translator } from "#locales";
import { headerSafe, signedBy, type EstateFacts } from "./compose";
import { renderMail, type MailBlock } from "./layout";

/** A gift card's facts: the voucher as stored, and its printable page's address. */
export interface GiftCard {
  code: string;
  kind: "value" | "package";
  /** A value voucher: its amount, and what is left of it (cents). */
  amountCents: number | null;
  remainingCents: number | null;
  /** A tour's voucher: the tour and the people. */
  package: string | null;
  guests: number | null;
  validUntil: string;
  buyerName: string;
  recipient: string;
  message: string;
  language: Language;
  cardUrl: string;
}

/** What a card says of itself, in its language: its worth, its last day, who it is from and for, and how to use it. */
export function giftCardLines(card: GiftCard, facts: Pick<EstateFacts, "tourName" | "siteUrl">) {
  const lang = card.language;
  const { t } = translator(lang);
  const worth =
    card.kind === "value"
      ? t("giftCard.worthValue", { amount: formatPrice((card.amountCents ?? 0) / 100, lang) })
      : t("giftCard.worthTour", { tour: facts.tourName(card.package ?? "", lang), count: card.guests ?? 1 });
  const left =
    card.kind === "value" && card.remainingCents !== null && card.remainingCents !== card.amountCents
      ? t("giftCard.left", { amount: formatPrice(card.remainingCents / 100, lang) })
      : null;
  return {
    title: t("giftCard.title"),
    from: card.buyerName ? t("giftCard.from", { name: card.buyerName }) : null,
    to: card.recipient ? t("giftCard.to", { name: card.recipient }) : null,
    code: t("giftCard.code", { code: card.code }),
    worth,
    left,
    valid: t("giftCard.validUntil", { date: formatDate(card.validUntil, lang, { dateStyle: "long" }) }),
    howTo: t("giftCard.howTo"),
    bookUrl: `${facts.siteUrl}${localizePath(lang, pagePaths.wineTours)}`,
    book: t("giftCard.book"),
  };
}

/** The gift card mailed to `to`, in the card's language, with the link of its printable page. */
export function composeGiftCard(to: string, card: GiftCard, facts: EstateFacts): OutgoingMail {
  const lang = card.language;
  const { t } = translator(lang);
  const lines = giftCardLines(card, facts);
  const estate = facts.estateNames[lang];
  const blocks: MailBlock[] = [
    { kind: "text", text: t("giftCard.mailIntro", { estate }) },
    ...(card.message ? [{ kind: "quote" as const, text: card.message }] : []),
    {
      kind: "facts",
      lines: [...(lines.from ? [lines.from] : []), ...(lines.to ? [lines.to] : []), lines.code, lines.worth, ...(lines.left ? [lines.left] : []), lines.valid],
    },
    { kind: "text", text: lines.howTo },
    { kind: "action", intro: t("giftCard.printIntro"), button: t("giftCard.printButton"), url: card.cardUrl },
    { kind: "links", links: [{ label: lines.book, url: lines.bookUrl }] },
  ];
  const { text, html } = renderMail({ ...signedBy(lang, facts), preview: t("giftCard.mailIntro", { estate }), greeting: t("tourMail.greeting"), blocks });
  return outgoingMail({
    kind: "reply",
    to: headerSafe(to, 254),
    replyTo: headerSafe(facts.estateEmail, 254),
    subject: headerSafe(t("giftCard.subject", { estate })),
    text,
    html,
    headers: {},
  });
}
