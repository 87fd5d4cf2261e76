/**
 * The e-mails a visitor gets about a booked tour slot, in the language of the page they booked
 * from: the acknowledgement (or the confirmation, when the package confirms at once), a move, a
 * cancellation, an expired request, the estate's confirmation or refusal, the reminder. None of
 * them repeats anything the visitor typed (not even their name): only the estate's own words,
 * the tour, the time, the group's size and the private link. Each carries the calendar file for the
 * booking's current state; subjects name the day and the time. The reminder, sent when online
 * changes close, gives the phone instead of the private link.
 */
import { formatEventDate, formatPrice, formatTime } from "#core/format";
import type { Language } from "#core/languages";
import { localizePath, apiPaths } from "#core/paths";
import { translator, type MessageId } from "#locales";
import { bookingReference, type ReplyContext } from "./booking-reply";
import { tourCalendar } from "./calendar";
import { bodySafe, headerSafe, signedBy, type EstateFacts } from "./compose";
import type { OutgoingMail } from "#core/mail";
import { renderMail, type MailBlock } from "./layout";
import { outgoingMail } from "./outgoing";

/**
 * The ready reasons the staff give for a cancellation or a move they make: at the guest's own
 * request (by phone, by mail: told as the guest's own change), or one of the estate's ("other":
 * the staff's words alone).
 */
export const estateReasons = ["guestAsked", "privateEvent", "weather", "works", "guide", "other"] as const;

/** Why the estate cancelled or moved a visit: a ready reason, and the staff's own words ("" for none). */
export interface EstateReason {
  preset: (typeof estateReasons)[number];
  note: string;
}

/** What a cancellation gave back, read before it did: the deposit paid online (refunded in full) and the voucher (valid again). */
export interface GivenBack {
  refundCents: number;
  voucher: string | null;
}

/** A cancellation or a move the estate made: the reason it gave (if any) and, for a cancellation, what it gave back. */
export interface EstateChange {
  why: EstateReason | null;
  givenBack: GivenBack | null;
}

/** Why the visitor is written to. */
export type VisitMailKind = "booked" | "moved" | "cancelled" | "expired" | "confirmed" | "declined" | "reminder";

/** A booking with a slot, as the mails need it. */
export interface VisitForMail {
  id: string;
  email: string;
  language: Language;
  /** The tour's name in the visitor's language. */
  tour: string;
  /** The estate's local day and time, and the zone. */
  date: string;
  time: string;
  zone: string;
  guests: number;
  status: "pending" | "confirmed" | "declined" | "cancelled" | "expired";
  sequence: number;
  /** The private link's token. */
  token: string;
}

/** What the mails need besides the booking: the estate (./booking-reply.ts) and the schedule's windows. */
export interface VisitMailContext extends ReplyContext {
  cutoffHours: number;
  holdHours: number;
}

/** The path of the visitor's own page; the token rides in the query, which the log never keeps (server/log.ts). */

/** The visitor's private link. */
export function manageLink(siteUrl: string, token: string): string {
  const url = new URL(apiPaths.tourBooking, siteUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

/** What the facts block of a visit's e-mail needs of it. */
type VisitShown = Pick<VisitForMail, "language" | "tour" | "date" | "time" | "guests">;

/**
 * The facts block of every e-mail about a visit, in the visitor's language: when (the estate's day
 * and time), the tour, the group and, unless `where` is false, the estate's address.
 */
export function visitFacts(
  t: ReturnType<typeof translator>["t"],
  visit: VisitShown,
  context: Pick<VisitMailContext, "address">,
  { where = true }: { where?: boolean } = {},
): string[] {
  const date = formatEventDate(visit.date, visit.language);
  const time = formatTime(visit.time, visit.language);
  return [
    t("mail.booking.when", { date, time }),
    t("mail.booking.tour", { tour: visit.tour }),
    t("mail.booking.guests", { count: visit.guests }),
    ...(where ? [t("mail.booking.where", { address: context.address[visit.language] })] : []),
  ];
}

/** Whether the visitor's calendar should keep the entry (REQUEST) or drop it (CANCEL). */
const removes = (kind: VisitMailKind) => kind === "cancelled" || kind === "expired" || kind === "declined";

const subjects: Record<VisitMailKind, MessageId> = {
  booked: "tourMail.pendingSubject",
  confirmed: "mail.booking.confirmedSubject",
  moved: "tourMail.movedSubject",
  cancelled: "tourMail.cancelledSubject",
  expired: "tourMail.expiredSubject",
  declined: "tourMail.declinedSubject",
  reminder: "tourMail.reminderSubject",
};

/** The e-mail for `kind`, with the calendar file of the booking as it now stands. */
export function composeVisitMail(
  kind: VisitMailKind,
  visit: VisitForMail,
  context: VisitMailContext,
  now: Date,
  byEstate: EstateChange | null = null,
): OutgoingMail {
  const { t } = translator(visit.language);
  const estate = context.estateNames[visit.language];
  const date = formatEventDate(visit.date, visit.language);
  const time = formatTime(visit.time, visit.language);
  // A booking that confirms at once is "booked" and confirmed: it reads as the confirmation.
  const effective: VisitMailKind = kind === "booked" && visit.status === "confirmed" ? "confirmed" : kind;
  const details = visitFacts(t, visit, context);
  const intro: Record<VisitMailKind, string> = {
    booked: t("tourMail.pendingIntro", { count: visit.guests, hours: context.holdHours }),
    confirmed: t("mail.booking.confirmedIntro", { estate }),
    moved: t(byEstate ? "tourMail.estateMovedIntro" : "tourMail.movedIntro"),
    cancelled: t(byEstate ? "tourMail.estateCancelledIntro" : "tourMail.cancelledIntro"),
    expired: t("tourMail.expiredIntro"),
    declined: t("mail.booking.declinedIntro", { estate }),
    reminder: t("tourMail.reminderIntro", { estate }),
  };
  const file = t("mail.booking.calendarFile");
  const link = manageLink(context.siteUrl, visit.token);
  const again = new URL(localizePath(visit.language, "/wine-tours"), context.siteUrl).toString();
  // The reminder comes when online changes close (the cut-off): it gives the phone, not the private link.
  const after: MailBlock[] = removes(effective)
    ? [
        { kind: "text", text: t("tourMail.calendarRemoved", { file }) },
        { kind: "action", intro: t("mail.booking.declinedAgain"), button: t("tourMail.againButton"), url: again },
      ]
    : [
        { kind: "text", text: `${t("mail.booking.duration", { minutes: context.durationMinutes })}\n${t("mail.booking.calendar", { file })}` },
        effective === "reminder"
          ? { kind: "text", text: t("mail.booking.change", { phone: context.estatePhone }) }
          : { kind: "action", intro: t("tourMail.manage", { hours: context.cutoffHours }), button: t("tourMail.manageButton"), url: link },
      ];
  const subject = headerSafe(t(subjects[effective], { estate, date, time }));
  const { text, html } = renderMail({
    ...signedBy(visit.language, context),
    preview: intro[effective],
    greeting: t("tourMail.greeting"),
    blocks: [
      { kind: "text", text: intro[effective] },
      ...(byEstate && (effective === "moved" || effective === "cancelled") ? estateBlocks(t, visit.language, byEstate) : []),
      { kind: "facts", lines: details },
      ...after,
      { kind: "small", text: t("mail.booking.reference", { reference: bookingReference(visit.id) }) },
    ],
  });
  const method = removes(effective) ? "CANCEL" : "REQUEST";
  const calendar = tourCalendar({
    uid: `${visit.id}@${new URL(context.siteUrl).hostname}`,
    sequence: visit.sequence,
    date: visit.date,
    time: visit.time,
    zone: visit.zone,
    durationMinutes: context.durationMinutes,
    method,
    status: method === "CANCEL" ? "CANCELLED" : visit.status === "confirmed" ? "CONFIRMED" : "TENTATIVE",
    summary: visit.tour.includes(estate) ? visit.tour : `${visit.tour} — ${estate}`,
    // The reminder's file carries no private link either.
    description: [...details, method === "CANCEL" || effective === "reminder" ? "" : link].filter(Boolean).join("\n"),
    location: context.address[visit.language],
    organizer: { name: estate, email: context.estateEmail },
    attendee: { email: visit.email },
    stamp: now,
  });
  return outgoingMail({
    kind: "reply",
    to: headerSafe(visit.email, 254),
    replyTo: headerSafe(context.estateEmail, 254),
    subject,
    text,
    html,
    headers: {},
    attachments: [{ filename: file, contentType: `text/calendar; charset=utf-8; method=${method}`, content: calendar }],
  });
}

/**
 * What the estate says of a change it made, after its apology: the ready reason, the staff's own
 * words (quoted as written), and what a cancellation gave back (the deposit refunded, the voucher
 * valid again).
 */
function estateBlocks(t: ReturnType<typeof translator>["t"], language: Language, { why, givenBack }: EstateChange): MailBlock[] {
  const blocks: MailBlock[] = [];
  if (why && why.preset !== "other" && why.preset !== "guestAsked") blocks.push({ kind: "text", text: t(`tourMail.estateReason.${why.preset}`) });
  if (why && why.note !== "") blocks.push({ kind: "text", text: t("tourMail.estateNote") }, { kind: "quote", text: bodySafe(why.note) });
  const money = [
    ...(givenBack && givenBack.refundCents > 0 ? [t("tourMail.depositRefunded", { amount: formatPrice(givenBack.refundCents / 100, language) })] : []),
    ...(givenBack?.voucher ? [t("tourMail.voucherBack", { code: givenBack.voucher })] : []),
  ];
  if (money.length > 0) blocks.push({ kind: "text", text: money.join("\n") });
  return blocks;
}

/** The path of a waitlist offer's page; its token rides in the query, as the private link's does. */

/** A waitlist offer's link. */
function offerLink(siteUrl: string, token: string): string {
  const url = new URL(apiPaths.tourWaitlist, siteUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * The e-mail offering freed places to the first in line of a full slot's waitlist: the time, the
 * tour, the group, until when the places are kept (the estate's day and time, `until`), and the
 * offer's link. No calendar file: nothing is booked until the visitor takes the places.
 */
export function composeWaitlistOffer(
  visit: Omit<VisitForMail, "status" | "sequence">,
  until: { date: string; time: string },
  context: VisitMailContext,
): OutgoingMail {
  const { t } = translator(visit.language);
  const estate = context.estateNames[visit.language];
  const date = formatEventDate(visit.date, visit.language);
  const time = formatTime(visit.time, visit.language);
  const intro = t("tourMail.offerIntro", { untilDate: formatEventDate(until.date, visit.language), untilTime: formatTime(until.time, visit.language) });
  const subject = headerSafe(t("tourMail.offerSubject", { estate, date, time }));
  const { text, html } = renderMail({
    ...signedBy(visit.language, context),
    preview: intro,
    greeting: t("tourMail.greeting"),
    blocks: [
      { kind: "text", text: intro },
      { kind: "facts", lines: visitFacts(t, visit, context) },
      { kind: "action", intro: t("tourMail.offerTake"), button: t("waitlist.take"), url: offerLink(context.siteUrl, visit.token) },
      { kind: "text", text: t("tourMail.offerLater") },
      { kind: "small", text: t("tourMail.requestReference", { reference: bookingReference(visit.id) }) },
    ],
  });
  return outgoingMail({ kind: "reply", to: headerSafe(visit.email, 254), replyTo: headerSafe(context.estateEmail, 254), subject, text, html, headers: {} });
}

/**
 * The e-mail to a visitor who joined a full time's waitlist: for which time, what happens when
 * places free up (an offer kept for them for the waitlist's hold), and the link that takes them
 * off the list (the same page as an offer's, ../api/tours.tsx).
 */
export function composeWaitlistJoined(
  visit: Omit<VisitForMail, "status" | "sequence">,
  context: VisitMailContext & { waitlistHoldHours: number },
): OutgoingMail {
  const { t } = translator(visit.language);
  const estate = context.estateNames[visit.language];
  const date = formatEventDate(visit.date, visit.language);
  const time = formatTime(visit.time, visit.language);
  const intro = t("tourMail.waitlistIntro", { hours: context.waitlistHoldHours });
  const subject = headerSafe(t("tourMail.waitlistSubject", { estate, date, time }));
  const { text, html } = renderMail({
    ...signedBy(visit.language, context),
    preview: intro,
    greeting: t("tourMail.greeting"),
    blocks: [
      { kind: "text", text: intro },
      { kind: "facts", lines: visitFacts(t, visit, context, { where: false }) },
      { kind: "action", intro: t("tourMail.waitlistLeave"), button: t("tourMail.leaveButton"), url: offerLink(context.siteUrl, visit.token) },
      { kind: "small", text: t("tourMail.requestReference", { reference: bookingReference(visit.id) }) },
    ],
  });
  return outgoingMail({ kind: "reply", to: headerSafe(visit.email, 254), replyTo: headerSafe(context.estateEmail, 254), subject, text, html, headers: {} });
}

/**
 * The acknowledgement of a tour request sent without a time: received, and answered soon. Like
 * every e-mail to a visitor it repeats nothing they typed: the tour and the group as chosen, the
 * preferred day as a date.
 */
export function composeRequestReceived(
  id: string,
  request: { email: string; language: Language; package: string; guests?: number | null; date?: string | null },
  context: EstateFacts,
): OutgoingMail {
  const { t } = translator(request.language);
  const estate = context.estateNames[request.language];
  const facts = [
    t("mail.booking.tour", { tour: context.tourName(request.package, request.language) }),
    ...(request.date ? [t("tourMail.preferredDay", { date: formatEventDate(request.date, request.language) })] : []),
    ...(request.guests ? [t("mail.booking.guests", { count: request.guests })] : []),
  ];
  const intro = t("tourMail.requestIntro");
  const subject = headerSafe(t("tourMail.requestSubject", { estate }));
  const { text, html } = renderMail({
    ...signedBy(request.language, context),
    preview: intro,
    greeting: t("tourMail.greeting"),
    blocks: [
      { kind: "text", text: intro },
      ...(facts.length > 0 ? [{ kind: "facts" as const, lines: facts }] : []),
      { kind: "small", text: t("tourMail.requestReference", { reference: bookingReference(id) }) },
    ],
  });
  return outgoingMail({ kind: "reply", to: headerSafe(request.email, 254), replyTo: headerSafe(context.estateEmail, 254), subject, text, html, headers: {} });
}
