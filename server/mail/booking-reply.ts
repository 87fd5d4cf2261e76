import { formatEventDate, formatTime } from "#core/format";
import type { Language } from "#core/languages";
import { localizePath } from "#core/paths";
import { translator } from "#locales";
import { visitCalendar } from "./calendar";
import { bodySafe, headerSafe, signedBy, type OutgoingMail } from "./compose";
import { renderMail } from "./layout";

/** What the estate's answer needs to know about the estate (content/site.json, content/tours.json). */
export interface ReplyContext {
  /** The estate's name as each language writes it (content/names.ts): the e-mail names it in the visitor's. */
  estateNames: Record<Language, string>;
  estateEmail: string;
  estatePhone: string;
  /** The estate's postal address on one line, in each language (content/address.ts): where the visit starts. */
  address: Record<Language, string>;
  siteUrl: string;
  /** The estate's time zone: staff type the visit's time in it, and the e-mail names it. */
  timeZone: string;
  /** How long a visit lasts. */
  durationMinutes: number;
}

/** The booking being answered, as stored. */
export interface BookingToAnswer {
  id: string;
  name: string;
  email: string;
  /** The language of the page the visitor booked from: the e-mail is written in it. */
  language: Language;
  /** The chosen tour, named in the visitor's language. */
  tour: string;
  guests: number | null;
}

/** The staff's answer: a confirmed visit's start, or the reason for declining. */
export type BookingAnswer = { decision: "confirmed"; start: Date } | { decision: "declined"; reason: string };

/** The short reference a visitor can quote: the start of the booking's id. */
export const bookingReference = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * The day and the hour of a visit as the estate's clock reads them, written for the visitor's
 * language the way the site writes its events ("samedi 12 juin 2027", "10 h 30";
 * "2027年6月12日（土）", "10:30"), by core/format.ts.
 */
export function visitTime(start: Date, lang: Language, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone })
      .formatToParts(start)
      .map((part) => [part.type, part.value]),
  );
  return { date: formatEventDate(`${parts.year}-${parts.month}-${parts.day}`, lang), time: formatTime(`${parts.hour}:${parts.minute}`, lang) };
}

/**
 * The calendar entry's title: the tour's name, and the estate's after it unless the tour already
 * names the estate (« Visite du Château L'Hermitage Lescours », not « … — Château L'Hermitage Lescours »).
 */
function calendarTitle(tour: string, estate: string, context: ReplyContext): string {
  const named = [estate, ...Object.values(context.estateNames)].some((name) => tour.includes(name));
  return named ? tour : `${tour} — ${estate}`;
}

/**
 * The e-mail that answers a tour booking, in the language of the page the visitor booked from.
 * A confirmation carries the visit as a calendar file; a refusal carries the staff's reason as
 * its own paragraph. The visitor replies to the estate's address.
 */
export function composeBookingReply(booking: BookingToAnswer, answer: BookingAnswer, context: ReplyContext, now: Date): OutgoingMail {
  const { t } = translator(booking.language);
  const estate = context.estateNames[booking.language];
  const greeting = t("mail.booking.greeting", { name: headerSafe(booking.name, 120) });
  const reference = t("mail.booking.reference", { reference: bookingReference(booking.id) });
  const frame = signedBy(booking.language, context);
  const reply = { kind: "reply" as const, to: headerSafe(booking.email, 254), replyTo: headerSafe(context.estateEmail, 254), headers: {} };

  if (answer.decision === "declined") {
    const intro = t("mail.booking.declinedIntro", { estate });
    const { text, html } = renderMail({
      ...frame,
      preview: intro,
      greeting,
      blocks: [
        { kind: "text", text: intro },
        { kind: "text", text: t("mail.booking.declinedReason") },
        { kind: "quote", text: bodySafe(answer.reason) },
        { kind: "action", intro: t("mail.booking.declinedAgain"), button: t("tourMail.againButton"), url: new URL(localizePath(booking.language, "/wine-tours"), context.siteUrl).toString() },
        { kind: "small", text: reference },
      ],
    });
    return { ...reply, subject: headerSafe(t("mail.booking.declinedSubject", { estate })), text, html };
  }

  const { date, time } = visitTime(answer.start, booking.language, context.timeZone);
  const details = [
    t("mail.booking.when", { date, time }),
    t("mail.booking.tour", { tour: booking.tour }),
    ...(booking.guests ? [t("mail.booking.guests", { count: booking.guests })] : []),
    t("mail.booking.where", { address: context.address[booking.language] }),
  ];
  const duration = t("mail.booking.duration", { minutes: context.durationMinutes });
  const file = t("mail.booking.calendarFile");
  const intro = t("mail.booking.confirmedIntro", { estate });
  const { text, html } = renderMail({
    ...frame,
    preview: intro,
    greeting,
    blocks: [
      { kind: "text", text: intro },
      { kind: "facts", lines: details },
      { kind: "text", text: `${duration}\n${t("mail.booking.calendar", { file })}\n${t("mail.booking.change", { phone: context.estatePhone })}` },
      { kind: "small", text: reference },
    ],
  });
  const calendar = visitCalendar({
    uid: `${booking.id}@${new URL(context.siteUrl).hostname}`,
    start: answer.start,
    end: new Date(answer.start.getTime() + context.durationMinutes * 60_000),
    summary: calendarTitle(booking.tour, estate, context),
    description: [...details, duration, reference, t("mail.booking.change", { phone: context.estatePhone })].join("\n"),
    location: context.address[booking.language],
    organizer: { name: estate, email: context.estateEmail },
    stamp: now,
  });
  return {
    ...reply,
    subject: headerSafe(t("mail.booking.confirmedSubject", { estate, date, time })),
    text,
    html,
    attachments: [{ filename: file, contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: calendar }],
  };
}
