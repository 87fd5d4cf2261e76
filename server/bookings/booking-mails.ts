/**
 * The one place that turns what happened to bookings (./booking-events.ts) into e-mails: the
 * visitor's, in their language (a booking's state, its move or cancellation, a waitlist's offer,
 * the reminder, the thank-you), and the estate's, in the staff's (what came in, what a visitor
 * changed, what the waitlist did). It chooses which e-mail and with which facts; server/mail/
 * composes each. A use-case queues them in the transaction that made the change (`queueMails`), so
 * each is sent once or not at all.
 */
import type { Content } from "#content";
import { meetingPointOf, type MeetingPoint } from "#content/meeting-point";
import type { OutgoingMail } from "#core/mail";
import type { ContentStore } from "../content-store";
import type { Db } from "../db/database";
import type { Visitor } from "../db/tour-ledger";
import type { WaitlistEntry } from "../db/tour-waitlist";
import { enqueueMail } from "../db/outbox";
import { composeDeclineReply, type ReplyContext } from "../mail/booking-reply";
import { composeSubmissionMails, type BookingNotice } from "../mail/compose";
import { composeEstateChange, type EstateChangeKind } from "../mail/tour-estate";
import { composeExperienceMail } from "../mail/tour-experience";
import { composePaymentLink } from "../mail/payment-link";
import {
  composeRequestReceived,
  composeVisitMail,
  composeWaitlistJoined,
  composeWaitlistOffer,
  type EstateChange,
  type GivenBack,
  type VisitForMail,
  type VisitMailCause,
  type VisitMailContext,
  type VisitMailKind,
} from "../mail/tour-visit";
import { defaultLanguage, isLanguage, perLanguage, type Language } from "#core/languages";
import { wineNameForMail } from "../mail/wine-name";
import type { BookingEvent, ChangedBy, Submitted } from "./booking-events";
import type { BookingMailContext, Bookings } from "./deps";
import { localOf } from "./paris-time";
import { packagePrices } from "./pricing";
import { cutoffOf, slotInstant, type Schedule, type Slot } from "./schedule";
import { visitPrice } from "./visit-price";
import { bookingType } from "../forms";
import type { BookingFacts } from "./visits";

/** An e-mail about one booking (the outbox files it under the booking). */
export interface BookingMail {
  bookingId: string;
  mail: OutgoingMail;
}

/** What the e-mails are composed with at the moment of the change. */
export interface MailFacts {
  /** Null without SMTP_URL: no visitor's or estate's e-mail then. */
  mail: BookingMailContext | null;
  /** The estate, for a staff answer (queued with or without SMTP_URL, as every staff reply). */
  estate: ReplyContext;
  schedule: Schedule;
  content: ContentStore;
  now: Date;
}

/** The e-mails' facts now, under `schedule` (the one the change was made under). */
export const mailFacts = (deps: Bookings, schedule: Schedule = deps.schedule.current()): MailFacts => ({
  mail: deps.mail(),
  estate: deps.estate(),
  schedule,
  content: deps.content,
  now: deps.now(),
});

/** Queues the e-mails in the transaction of the change they tell of. */
export function queueMails(tx: Db, mails: readonly BookingMail[]): void {
  // The outbox keeps the wall clock its sender reads, whatever clock the bookings run on (tests move theirs).
  for (const { bookingId, mail } of mails) enqueueMail(tx, mail, { type: bookingType, id: bookingId }, new Date().toISOString());
}

/** Every e-mail the events call for, in their order. */
export function bookingMails(events: readonly BookingEvent[], facts: MailFacts): BookingMail[] {
  return events.flatMap((event) => mailsOf(event, facts).map((mail) => ({ bookingId: idOf(event), mail })));
}

const idOf = (event: BookingEvent) =>
  "booking" in event ? event.booking.bookingId : "submission" in event ? event.submission.id : event.kind === "offered" ? event.entry.bookingId : event.id;

function mailsOf(event: BookingEvent, facts: MailFacts): OutgoingMail[] {
  const { mail } = facts;
  switch (event.kind) {
    case "requested": {
      const { id, input } = event.submission;
      const tour = { meeting: meetingOf(facts.content, input.package, input.language), price: groupPrice(facts.content, input.package, input.guests ?? null) };
      return mail ? [...estateNotice(event.submission, facts), composeRequestReceived(id, input, mail, tour)] : [];
    }
    case "waitlisted": {
      const { date, time, guests } = event.entry;
      return [
        ...estateNotice(event.submission, facts, { kind: "waitlist", date, time, guests }),
        ...present(waitlistJoined(event.submission, event.entry, facts)),
      ];
    }
    case "held": {
      const { booking, submission } = event;
      const visitor = event.notify || submission ? present(visitorMail("booked", booking, facts)) : [];
      return submission ? [...estateNotice(submission, facts, heldNotice(booking)), ...visitor] : visitor;
    }
    case "confirmed":
      return present(visitorMail("confirmed", event.booking, facts, { by: event.by }));
    case "depositPaid":
      return present(depositNotice(event.booking, event.amountCents, event.waiting, facts));
    case "waitingForMinimum":
      return present(visitorMail("booked", event.booking, facts));
    case "depositAsked":
      return present(paymentLink(event.booking, facts));
    case "moved":
      return [
        ...present(visitorMail("moved", event.booking, facts, { from: event.from }, estateChangeOf(event.changedBy, null))),
        ...(event.changedBy.by === "visitor" ? present(estateChange("moved", event.booking, event.from, facts)) : []),
      ];
    case "cancelled":
      return [
        ...present(visitorMail("cancelled", event.booking, facts, {}, estateChangeOf(event.changedBy, event.givenBack))),
        ...(event.changedBy.by === "visitor" ? present(estateChange("cancelled", event.booking, event.booking, facts)) : []),
      ];
    case "declined":
      return present(visitorMail("declined", event.booking, facts));
    case "requestDeclined": {
      const { visitor } = event;
      const language = isLanguage(visitor.language) ? visitor.language : defaultLanguage;
      const meeting = meetingOf(facts.content, visitor.package, language);
      return [composeDeclineReply({ id: event.id, name: visitor.name, email: visitor.email, language }, event.reason, facts.estate, meeting)];
    }
    case "expired":
      // A checkout that could not start says so itself, on the visitor's page; one that lapsed unpaid
      // is told as the sweep tells it, whether the sweep or the provider's webhook saw it first (N6).
      return event.via === "checkout" ? [] : present(visitorMail("expired", event.booking, facts));
    case "reminded":
      return present(visitorMail("reminder", event.booking, facts));
    case "offered":
      return offerMails(event.entry, event.visitor, event.until, facts);
    case "offerTaken":
      return [...present(visitorMail("booked", event.booking, facts)), ...present(offerTaken(event.booking, event.entry, facts))];
    case "thanked":
      return present(thanks(event.booking, event.packages, facts));
  }
}

const present = (mail: OutgoingMail | null): OutgoingMail[] => (mail ? [mail] : []);

/** Where a package's tour meets, in a language (the estate's own address for a package the content no longer describes). */
export function meetingOf(content: ContentStore, pkg: string, lang: Language): MeetingPoint {
  const site = content.current.site;
  const none = perLanguage(() => "");
  return meetingPointOf(site, packagePrices(content.current, pkg) ?? { meetingPoint: { at: "estate", directions: none } }, lang);
}

/** What a group would pay on a package's shared tour (a request's, a waitlist's), or null without a group size. */
const groupPrice = (content: ContentStore, pkg: string, guests: number | null) =>
  guests ? visitPrice(content.current, { package: pkg, guests, private: false, priceCents: null, voucher: null, deposit: null }) : null;

/** Whether a booking is still a request (the estate's answer awaited, or it was declined or lapsed as one): its e-mails then call it one (N17). */
const isRequest = (visit: BookingFacts) =>
  (visit.status === "pending" || visit.status === "declined" || visit.status === "expired") && (visit.waitingFor === null || visit.waitingFor === "estate");

/** A move or cancellation the estate made, as the visitor's e-mail tells it (null for the visitor's own, online or asked of the staff). */
const estateChangeOf = (changedBy: ChangedBy, givenBack: GivenBack | null): EstateChange | null =>
  changedBy.by === "visitor" || changedBy.why?.preset === "guestAsked" ? null : { why: changedBy.why, givenBack };

/** The estate's e-mail that a deposit was paid online, as its notice of the booking promised. */
function depositNotice(visit: BookingFacts, amountCents: number, waiting: boolean, { mail, schedule, now }: MailFacts): OutgoingMail | null {
  if (!mail) return null;
  const changed = { id: visit.bookingId, name: visit.name, email: visit.email, language: visit.language, package: visit.package, guests: visit.guests };
  return composeEstateChange(
    waiting ? "depositWaiting" : "depositConfirmed",
    { ...changed, from: slotInstant(schedule, visit), to: null, amountCents },
    mail,
    now,
  );
}

/**
 * What the visitor's e-mails say of a booking: its time, group, state and private link, the tour
 * named in the visitor's language, where it meets and what it costs as stored.
 */
function visitForMail(visit: BookingFacts, content: ContentStore): VisitForMail {
  return {
    id: visit.bookingId,
    email: visit.email,
    language: visit.language,
    tour: content.tourName(visit.package, visit.language),
    date: visit.date,
    time: visit.time,
    zone: visit.zone,
    guests: visit.guests,
    status: visit.status,
    sequence: visit.sequence,
    token: visit.token,
    meeting: meetingOf(content, visit.package, visit.language),
    price: visitPrice(content.current, visit),
    request: isRequest(visit),
  };
}

/** The visitor's e-mails' context for a package: its cut-off and the schedule's hold. */
const visitContext = (mail: BookingMailContext, schedule: Schedule, pkg: Slot["package"]): VisitMailContext => ({
  ...mail,
  cutoffHours: cutoffOf(schedule, pkg),
  holdHours: schedule.holdHours,
});

/**
 * The visitor's e-mail about a booking as it now stands, or null without mail or without an
 * address (a walk-in). A time held for its deposit or its tour's minimum is told in the
 * experiences' own words: none while its deposit is paid (the checkout says so), the minimum's
 * e-mail while it waits for enough people, the lapse of either.
 */
function visitorMail(
  kind: VisitMailKind,
  visit: BookingFacts,
  { mail, schedule, content, now }: MailFacts,
  cause: VisitMailCause = {},
  byEstate: EstateChange | null = null,
): OutgoingMail | null {
  if (!mail || visit.email === "") return null;
  const forMail = visitForMail(visit, content);
  const context = visitContext(mail, schedule, visit.package);
  const withPackage = { ...forMail, package: visit.package };
  const waiting = visit.status === "pending" ? visit.waitingFor : null;
  if (kind === "booked" && waiting === "payment") return null;
  if (kind === "booked" && waiting === "minimum") return composeExperienceMail("minimum", withPackage, context, schedule.rules[visit.package].minGuests);
  if (kind === "expired" && visit.waitingFor === "payment") return composeExperienceMail("paymentLapsed", withPackage, context);
  if (kind === "expired" && visit.waitingFor === "minimum") return composeExperienceMail("minimumNotReached", withPackage, context);
  return composeVisitMail(kind, forMail, context, now, cause, byEstate);
}

/** The payment link of a deposit the estate asked, to a guest with an address. */
function paymentLink(visit: BookingFacts, { mail, schedule, content }: MailFacts): OutgoingMail | null {
  const deposit = visit.deposit;
  if (!mail || visit.email === "" || !deposit?.checkout_url) return null;
  const until = localOf(new Date(deposit.expires_at));
  return composePaymentLink(
    visitForMail(visit, content),
    { amountCents: deposit.amount_cents, url: deposit.checkout_url, until, priceCents: visit.money.priceCents ?? 0 },
    visitContext(mail, schedule, visit.package),
  );
}

/** The estate's notice of a new submission (with what became of its time), as every form's. */
function estateNotice(submission: Submitted, { mail }: MailFacts, notice?: BookingNotice): OutgoingMail[] {
  if (!mail) return [];
  const saved = { id: submission.id, receivedAt: submission.receivedAt, created: true, confirmation: null };
  return composeSubmissionMails("tourBooking", submission.input, saved, mail, notice);
}

/** What the estate's notice says of a booked time: confirmed or held until when, and its experience as stored. */
const heldNotice = (booking: BookingFacts): BookingNotice => ({
  kind: "slot",
  date: booking.date,
  time: booking.time,
  guests: booking.guests,
  status: booking.status === "confirmed" ? "confirmed" : "pending",
  holdUntil: booking.holdUntil,
  experience: {
    waitingFor: booking.waitingFor,
    private: booking.private,
    priceCents: booking.priceCents ?? 0,
    depositCents: booking.deposit?.amount_cents ?? 0,
    voucher: booking.voucher?.code ?? null,
  },
});

/** The estate's e-mail about a visitor's own move or cancellation (`from`: the time as it was). */
function estateChange(kind: EstateChangeKind, visit: BookingFacts, from: Slot, { mail, schedule, now }: MailFacts): OutgoingMail | null {
  if (!mail) return null;
  const to = kind === "moved" ? slotInstant(schedule, visit) : null;
  const changed = { id: visit.bookingId, name: visit.name, email: visit.email, language: visit.language, package: visit.package, guests: visit.guests };
  return composeEstateChange(kind, { ...changed, from: slotInstant(schedule, from), to }, mail, now);
}

/** What the e-mails to one in a waitlist's line say of it: the time waited for, the group and the link to leave. */
function waitlistForMail(entry: WaitlistEntry, email: string, visitor: { language: string }, { schedule, content }: MailFacts) {
  const language = isLanguage(visitor.language) ? visitor.language : defaultLanguage;
  return {
    id: entry.bookingId,
    email,
    language,
    tour: content.tourName(entry.package, language),
    date: entry.date,
    time: entry.time,
    zone: schedule.zone,
    guests: entry.guests,
    token: entry.token,
    meeting: meetingOf(content, entry.package, language),
    price: groupPrice(content, entry.package, entry.guests),
  };
}

/** The e-mail telling a visitor who just joined a waitlist which time they wait for and how to leave. */
function waitlistJoined(submission: Submitted, entry: WaitlistEntry, facts: MailFacts): OutgoingMail | null {
  const { mail, schedule } = facts;
  if (!mail || submission.input.email === "") return null;
  return composeWaitlistJoined(waitlistForMail(entry, submission.input.email, submission.input, facts), {
    ...visitContext(mail, schedule, entry.package),
    waitlistHoldHours: schedule.waitlistHoldHours,
  });
}

/** The offer's e-mail to the one in line, and the estate's. */
function offerMails(entry: WaitlistEntry, visitor: Visitor, until: Date, facts: MailFacts): OutgoingMail[] {
  const { mail, schedule, now } = facts;
  if (!mail) return [];
  const forMail = waitlistForMail(entry, visitor.email, visitor, facts);
  const offer = composeWaitlistOffer(forMail, localOf(until), visitContext(mail, schedule, entry.package));
  const changed = { id: entry.bookingId, name: visitor.name, email: visitor.email, language: forMail.language, package: entry.package, guests: entry.guests };
  const notice = composeEstateChange("offered", { ...changed, from: slotInstant(schedule, entry), to: null, until }, mail, now);
  return [offer, notice];
}

/** The estate's e-mail telling that the first in line took the places offered (the booking confirmed, or waiting for the estate). */
function offerTaken(booking: BookingFacts, entry: WaitlistEntry, { mail, schedule, now }: MailFacts): OutgoingMail | null {
  if (!mail) return null;
  const changed = { id: entry.bookingId, name: booking.name, email: booking.email, language: booking.language, package: entry.package, guests: entry.guests };
  const kind = booking.status === "confirmed" ? "takenConfirmed" : "takenPending";
  return composeEstateChange(kind, { ...changed, from: slotInstant(schedule, entry), to: null }, mail, now);
}

/**
 * The wines poured on `packages`' tours that the shop sells, each once, named as the guest's
 * language names them (莱斯库尔隐庐酒庄 2020, with the Latin name after it where the language
 * writes it in other letters: the native readers' N10).
 */
function winesPoured(content: Content, packages: readonly string[], lang: Language) {
  const ids = new Set(packages.flatMap((id) => content.tours.packages.find((tour) => tour.id === id)?.wines ?? []));
  return [...ids].flatMap((id) =>
    content.wines.filter((wine) => wine.id === id).map((wine) => ({ id: wine.id, name: wineNameForMail(content.site, wine, lang) })),
  );
}

/** The thank-you e-mail the day after a visit, with the wines of the day's tours. */
function thanks(visit: BookingFacts, packages: readonly string[], { mail, schedule, content }: MailFacts): OutgoingMail | null {
  if (!mail || visit.email === "") return null;
  const thanked = { ...visitForMail(visit, content), package: visit.package, wines: winesPoured(content.current, packages, visit.language) };
  return composeExperienceMail("thanks", thanked, visitContext(mail, schedule, visit.package));
}
