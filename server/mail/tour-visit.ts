/**
 * The e-mails a visitor gets about a booked tour slot, in the language of the page they booked
 * from: the acknowledgement (or the confirmation, when the package confirms at once), a move, a
 * cancellation, an expired request, the estate's confirmation or refusal, the reminder. None of
 * them repeats anything the visitor typed (not even their name): only the estate's own words,
 * the tour, where it meets, the time, the group's size, its price and the private link. Each
 * carries the calendar file for the booking's current state; subjects name the place and the day
 * and the time. The reminder, sent when online changes close, gives the phone instead of the
 * private link.
 */
import type { MeetingPoint } from "#content/meeting-point";
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
import { priceLine, priceLines, receiptLine, refundLine, type VisitPrice } from "./visit-price";

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
  /** Where the tour meets, in the visitor's language (content/meeting-point.ts): Château Mongiron's tour at Château Mongiron. */
  meeting: MeetingPoint;
  /** What it costs (./visit-price.ts); null when that cannot be said. */
  price: VisitPrice | null;
  /** Still a request (waiting for the estate's answer, or declined or expired as one): its reference is a request's (N17). */
  request: boolean;
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
type VisitShown = Pick<VisitForMail, "language" | "tour" | "date" | "time" | "guests" | "meeting" | "price">;

/** What the facts block says besides the visit's time, tour and group. */
export interface FactsShown {
  /** Where the tour meets and how to get there (false: a waitlist's e-mail, where nothing is booked yet). */
  where?: boolean;
  /**
   * The price with what is paid and left to pay (a booking that takes place), the price alone (one
   * that ended, or a place in line: nothing is due), or none.
   */
  price?: "due" | "alone" | false;
  /** A moved visit's time before the move. */
  from?: { date: string; time: string } | null;
}

/**
 * The facts block of every e-mail about a visit, in the visitor's language: when (the estate's day
 * and time, and before a move), the tour, the group, its price (./visit-price.ts) and where it meets.
 */
export function visitFacts(t: ReturnType<typeof translator>["t"], visit: VisitShown, { where = true, price = "due", from = null }: FactsShown = {}): string[] {
  const lang = visit.language;
  const when = (date: string, time: string) => ({ date: formatEventDate(date, lang), time: formatTime(time, lang) });
  return [
    t("mail.booking.when", when(visit.date, visit.time)),
    ...(from ? [t("tourMail.movedFrom", when(from.date, from.time))] : []),
    t("mail.booking.tour", { tour: visit.tour }),
    t("mail.booking.guests", { count: visit.guests }),
    ...(price && visit.price ? priceLines(t, lang, visit.price, { ended: price === "alone" }) : []),
    ...(where ? [t("mail.booking.where", { place: visit.meeting.place, address: visit.meeting.address }), visit.meeting.directions] : []),
  ];
}

/** A subject's names: the estate that writes, where the tour meets, and whether that is elsewhere (the sister estate). */
export const subjectPlace = (estate: string, meeting: Pick<MeetingPoint, "place">) => ({
  estate,
  place: meeting.place,
  elsewhere: meeting.place === estate ? "no" : "yes",
});

/** The reference a visitor quotes: a request's while it is one, else the booking's. */
export const referenceLine = (t: ReturnType<typeof translator>["t"], visit: Pick<VisitForMail, "id" | "request">) =>
  t(visit.request ? "tourMail.requestReference" : "mail.booking.reference", { reference: bookingReference(visit.id) });

/** A calendar entry's title: the tour, with where it meets when its name does not say it. */
const calendarSummary = (visit: Pick<VisitForMail, "tour" | "meeting">) =>
  visit.tour.includes(visit.meeting.place) ? visit.tour : `${visit.tour} — ${visit.meeting.place}`;

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

/** What else an e-mail about a visit tells: the time before a move; why a waiting booking is now confirmed. */
export interface VisitMailCause {
  from?: { date: string; time: string } | null;
  /** Confirmed by the estate, by its tour reaching its minimum group (N19), or by its deposit paid (with its receipt). */
  by?: "staff" | "minimum" | "deposit";
}

/** The e-mail for `kind`, with the calendar file of the booking as it now stands. */
export function composeVisitMail(
  kind: VisitMailKind,
  visit: VisitForMail,
  context: VisitMailContext,
  now: Date,
  cause: VisitMailCause = {},
  byEstate: EstateChange | null = null,
): OutgoingMail {
  const { t } = translator(visit.language);
  const estate = context.estateNames[visit.language];
  const place = visit.meeting.place;
  const date = formatEventDate(visit.date, visit.language);
  const time = formatTime(visit.time, visit.language);
  // A booking that confirms at once is "booked" and confirmed: it reads as the confirmation.
  const effective: VisitMailKind = kind === "booked" && visit.status === "confirmed" ? "confirmed" : kind;
  const ended = removes(effective);
  const details = visitFacts(t, visit, { price: ended ? "alone" : "due", from: effective === "moved" ? (cause.from ?? null) : null });
  const confirmedIntro =
    cause.by === "minimum"
      ? t("tourMail.minimumReachedIntro")
      : cause.by === "deposit"
        ? t("tourMail.depositIntro", { place })
        : t("mail.booking.confirmedIntro", { place });
  const intro: Record<VisitMailKind, string> = {
    booked: t("tourMail.pendingIntro", { count: visit.guests, hours: context.holdHours }),
    confirmed: confirmedIntro,
    moved: t(byEstate ? "tourMail.estateMovedIntro" : "tourMail.movedIntro"),
    cancelled: t(byEstate ? "tourMail.estateCancelledIntro" : "tourMail.cancelledIntro"),
    expired: t("tourMail.expiredIntro"),
    declined: t("mail.booking.declinedIntro", { place }),
    reminder: t("tourMail.reminderIntro", { place }),
  };
  const file = t("mail.booking.calendarFile");
  const link = manageLink(context.siteUrl, visit.token);
  const again = new URL(localizePath(visit.language, "/wine-tours"), context.siteUrl).toString();
  // A deposit paid: its receipt; a booking ended with a deposit paid: its refund (only then, N13).
  const receipt = effective === "confirmed" && cause.by === "deposit" ? receiptLine(t, visit.language, visit.price) : null;
  // (A cancellation by the estate says what it gave back in its own block.)
  const refund = ended && !byEstate?.givenBack ? refundLine(t, visit.language, visit.price) : null;
  // The reminder comes when online changes close (the cut-off): it gives the phone, not the private link.
  const after: MailBlock[] = ended
    ? [
        ...(refund ? [{ kind: "text" as const, text: refund }] : []),
        { kind: "text", text: t("tourMail.calendarRemoved", { file }) },
        { kind: "action", intro: t("mail.booking.declinedAgain"), button: t("tourMail.againButton"), url: again },
      ]
    : [
        ...(receipt ? [{ kind: "text" as const, text: receipt }] : []),
        { kind: "text", text: `${t("mail.booking.duration", { minutes: context.durationMinutes })}\n${t("mail.booking.calendar", { file })}` },
        effective === "reminder"
          ? { kind: "text", text: t("mail.booking.change", { phone: context.estatePhone }) }
          : { kind: "action", intro: t("tourMail.manage", { hours: context.cutoffHours }), button: t("tourMail.manageButton"), url: link },
      ];
  const subject = headerSafe(t(subjects[effective], { ...subjectPlace(estate, visit.meeting), date, time }));
  const { text, html } = renderMail({
    ...signedBy(visit.language, context),
    preview: intro[effective],
    greeting: t("tourMail.greeting"),
    blocks: [
      { kind: "text", text: intro[effective] },
      ...(byEstate && (effective === "moved" || effective === "cancelled") ? estateBlocks(t, visit.language, byEstate) : []),
      { kind: "facts", lines: details },
      ...after,
      { kind: "small", text: referenceLine(t, visit) },
    ],
  });
  const method = ended ? "CANCEL" : "REQUEST";
  const calendar = tourCalendar({
    uid: `${visit.id}@${new URL(context.siteUrl).hostname}`,
    sequence: visit.sequence,
    date: visit.date,
    time: visit.time,
    zone: visit.zone,
    durationMinutes: context.durationMinutes,
    method,
    status: method === "CANCEL" ? "CANCELLED" : visit.status === "confirmed" ? "CONFIRMED" : "TENTATIVE",
    summary: calendarSummary(visit),
    // The reminder's file carries no private link either.
    description: [...details, method === "CANCEL" || effective === "reminder" ? "" : link].filter(Boolean).join("\n"),
    location: `${place}, ${visit.meeting.address}`,
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
  visit: Omit<VisitForMail, "status" | "sequence" | "request">,
  until: { date: string; time: string },
  context: VisitMailContext,
): OutgoingMail {
  const { t } = translator(visit.language);
  const estate = context.estateNames[visit.language];
  const date = formatEventDate(visit.date, visit.language);
  const time = formatTime(visit.time, visit.language);
  const intro = t("tourMail.offerIntro", { untilDate: formatEventDate(until.date, visit.language), untilTime: formatTime(until.time, visit.language) });
  const subject = headerSafe(t("tourMail.offerSubject", { ...subjectPlace(estate, visit.meeting), date, time }));
  const { text, html } = renderMail({
    ...signedBy(visit.language, context),
    preview: intro,
    greeting: t("tourMail.greeting"),
    blocks: [
      { kind: "text", text: intro },
      { kind: "facts", lines: visitFacts(t, visit) },
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
  visit: Omit<VisitForMail, "status" | "sequence" | "request">,
  context: VisitMailContext & { waitlistHoldHours: number },
): OutgoingMail {
  const { t } = translator(visit.language);
  const estate = context.estateNames[visit.language];
  const date = formatEventDate(visit.date, visit.language);
  const time = formatTime(visit.time, visit.language);
  const intro = t("tourMail.waitlistIntro", { hours: context.waitlistHoldHours });
  const subject = headerSafe(t("tourMail.waitlistSubject", { ...subjectPlace(estate, visit.meeting), date, time }));
  const { text, html } = renderMail({
    ...signedBy(visit.language, context),
    preview: intro,
    greeting: t("tourMail.greeting"),
    blocks: [
      { kind: "text", text: intro },
      // Nothing is booked yet: the price alone, no meeting point.
      { kind: "facts", lines: visitFacts(t, visit, { where: false, price: "alone" }) },
      { kind: "action", intro: t("tourMail.waitlistLeave"), button: t("tourMail.leaveButton"), url: offerLink(context.siteUrl, visit.token) },
      { kind: "small", text: t("tourMail.requestReference", { reference: bookingReference(visit.id) }) },
    ],
  });
  return outgoingMail({ kind: "reply", to: headerSafe(visit.email, 254), replyTo: headerSafe(context.estateEmail, 254), subject, text, html, headers: {} });
}

/**
 * The acknowledgement of a tour request sent without a time: received, and answered soon. Like
 * every e-mail to a visitor it repeats nothing they typed: the tour and the group as chosen, the
 * preferred day as a date, what the group's price would be and where the tour meets.
 */
export function composeRequestReceived(
  id: string,
  request: { email: string; language: Language; package: string; guests?: number | null; date?: string | null },
  context: EstateFacts,
  tour: { meeting: MeetingPoint; price: VisitPrice | null },
): OutgoingMail {
  const { t } = translator(request.language);
  const estate = context.estateNames[request.language];
  const facts = [
    t("mail.booking.tour", { tour: context.tourName(request.package, request.language) }),
    ...(request.date ? [t("tourMail.preferredDay", { date: formatEventDate(request.date, request.language) })] : []),
    ...(request.guests ? [t("mail.booking.guests", { count: request.guests })] : []),
    // What the group would pay: the estate confirms the rest with the time.
    ...(tour.price ? [priceLine(t, request.language, tour.price)] : []),
    t("mail.booking.where", { place: tour.meeting.place, address: tour.meeting.address }),
    tour.meeting.directions,
  ];
  const intro = t("tourMail.requestIntro");
  const subject = headerSafe(t("tourMail.requestSubject", subjectPlace(estate, tour.meeting)));
  const { text, html } = renderMail({
    ...signedBy(request.language, context),
    preview: intro,
    greeting: t("tourMail.greeting"),
    blocks: [
      { kind: "text", text: intro },
      { kind: "facts", lines: facts },
      { kind: "small", text: t("tourMail.requestReference", { reference: bookingReference(id) }) },
    ],
  });
  return outgoingMail({ kind: "reply", to: headerSafe(request.email, 254), replyTo: headerSafe(context.estateEmail, 254), subject, text, html, headers: {} });
}
