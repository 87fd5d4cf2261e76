/**
 * The estate's e-mails about what happens to a booking after it came in, in the staff's language
 * like every e-mail to the office (./compose.ts): a visitor's own move or cancellation through the
 * private link, a waitlist offer made to the first in line, and that offer taken. Each names the
 * tour, the group and every time on the estate's clock, has a button to the booking in the inbox,
 * and the visitor's address as Reply-To. The visitor's name is the one thing they typed that it
 * repeats, on one line.
 */
import { adminTranslator, type AdminMessageId } from "#locales/admin";
import { formatPrice } from "#core/format";
import { bodySafe, headerSafe, inboxLink, languageName, staffFrame, subjectTime, type MailContext } from "./compose";
import type { OutgoingMail } from "#core/mail";
import { renderMail, type MailBlock } from "./layout";
import { parisParts, staffDay, staffDayAndTime } from "./staff-clock";
import { outgoingMail } from "./outgoing";

/** What happened: the visitor moved or cancelled; the waitlist's places were offered, or taken (the booking then confirmed or waiting). */
export type EstateChangeKind = "moved" | "cancelled" | "offered" | "takenConfirmed" | "takenPending" | "depositConfirmed" | "depositWaiting";

/** The booking as the estate's e-mail names it. */
export interface ChangedVisit {
  id: string;
  name: string;
  email: string;
  /** The page's language, a code the e-mail writes out ("Japanese", « japonais »). */
  language: string;
  package: string;
  guests: number;
  /** The time before the change (or the time offered), and after it (a move), as instants. */
  from: Date;
  to: Date | null;
  /** Until when offered places are held. */
  until?: Date;
  /** A deposit paid online (cents). */
  amountCents?: number;
}

const subjects: Record<EstateChangeKind, AdminMessageId> = {
  moved: "estateMail.subject.moved",
  cancelled: "estateMail.subject.cancelled",
  offered: "estateMail.subject.offered",
  takenConfirmed: "estateMail.subject.taken",
  takenPending: "estateMail.subject.taken",
  depositConfirmed: "estateMail.subject.depositPaid",
  depositWaiting: "estateMail.subject.depositPaid",
};

/** The estate's e-mail about a change to a booking, made at `now`. */
export function composeEstateChange(
  kind: EstateChangeKind,
  visit: ChangedVisit,
  context: Pick<MailContext, "estateEmail" | "siteUrl" | "staffLanguage" | "estateNames" | "estatePhone" | "address" | "tourName">,
  now: Date,
): OutgoingMail {
  const lang = context.staffLanguage();
  const { t } = adminTranslator(lang);
  const name = headerSafe(bodySafe(visit.name), 60);
  const at = (when: Date) => {
    const local = parisParts(when);
    return staffDayAndTime(local.date, local.time, lang);
  };
  const amount = formatPrice((visit.amountCents ?? 0) / 100, lang);
  const intro =
    kind === "offered"
      ? t("estateMail.intro.offered", { name, until: visit.until ? at(visit.until) : "—" })
      : kind === "depositConfirmed" || kind === "depositWaiting"
        ? t(`estateMail.intro.${kind}`, { name, amount })
        : t(`estateMail.intro.${kind}`, { name });
  const times =
    kind === "moved"
      ? [t("estateMail.was", { when: at(visit.from) }), t("estateMail.now", { when: at(visit.to!) })]
      : [t(kind === "cancelled" ? "estateMail.was" : "estateMail.time", { when: at(visit.from) })];
  const blocks: MailBlock[] = [
    { kind: "text", text: intro },
    {
      kind: "facts",
      lines: [
        ...times,
        t("estateMail.tour", { tour: context.tourName(visit.package, lang) }),
        t("estateMail.group", { count: visit.guests }),
        t("estateMail.language", { language: languageName(visit.language, lang) }),
        t("estateMail.changedAt", { when: at(now) }),
      ],
    },
    { kind: "action", intro: t("estateMail.open"), button: t("estateMail.openButton"), url: inboxLink(context.siteUrl, "tourBooking", visit.id) },
    { kind: "small", text: t("estateMail.replyNote") },
  ];
  const shown = parisParts(visit.to ?? visit.from);
  const subject = t("estateMail.subject", { status: t(subjects[kind]), name, when: subjectTime(shown.date, shown.time, lang) });
  const { text, html } = renderMail({ ...staffFrame(lang, context), preview: subject, greeting: null, blocks });
  return outgoingMail({ kind: "notification", to: context.estateEmail, replyTo: headerSafe(visit.email, 254), subject, text, html, headers: {} });
}

/** A gift voucher bought online, as the estate's e-mail names it. */
export interface SoldVoucher {
  code: string;
  kind: "value" | "package";
  amountCents: number | null;
  package: string | null;
  guests: number | null;
  validUntil: string;
  buyerName: string;
  buyerEmail: string;
  recipient: string;
  /** What the buyer paid (cents). */
  paidCents: number;
}

/**
 * The estate's e-mail that a visitor bought a gift voucher online (as it is told of a deposit
 * paid), in the staff's language: who bought it and paid what, what it is worth, its code, for
 * whom, until when, and a button to the voucher's page; the buyer's address as Reply-To.
 */
export function composeVoucherSold(
  voucher: SoldVoucher,
  context: Pick<MailContext, "estateEmail" | "siteUrl" | "staffLanguage" | "estateNames" | "estatePhone" | "address" | "tourName">,
): OutgoingMail {
  const lang = context.staffLanguage();
  const { t } = adminTranslator(lang);
  const name = headerSafe(bodySafe(voucher.buyerName), 60);
  const amount = formatPrice(voucher.paidCents / 100, lang);
  const worth =
    voucher.kind === "value"
      ? formatPrice((voucher.amountCents ?? 0) / 100, lang)
      : t("estateMail.voucherSold.tour", { tour: context.tourName(voucher.package ?? "", lang), count: voucher.guests ?? 1 });
  const recipient = bodySafe(voucher.recipient).trim();
  const blocks: MailBlock[] = [
    { kind: "text", text: t("estateMail.voucherSold.intro", { name, amount }) },
    {
      kind: "facts",
      lines: [
        t("estateMail.voucherSold.code", { code: voucher.code }),
        t("estateMail.voucherSold.worth", { worth }),
        ...(recipient ? [t("estateMail.voucherSold.for", { name: recipient })] : []),
        t("estateMail.voucherSold.validUntil", { day: staffDay(voucher.validUntil, lang) }),
      ],
    },
    {
      kind: "action",
      intro: t("estateMail.voucherSold.open"),
      button: t("estateMail.voucherSold.openButton"),
      url: new URL(`/admin/vouchers/${encodeURIComponent(voucher.code)}`, context.siteUrl).toString(),
    },
    { kind: "small", text: t("estateMail.replyNote") },
  ];
  const subject = t("estateMail.voucherSold.subject", { name, amount });
  const { text, html } = renderMail({ ...staffFrame(lang, context), preview: subject, greeting: null, blocks });
  return outgoingMail({ kind: "notification", to: context.estateEmail, replyTo: headerSafe(voucher.buyerEmail, 254), subject, text, html, headers: {} });
}
