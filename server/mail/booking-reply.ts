import type { MeetingPoint } from "#content/meeting-point";
import type { Language } from "#core/languages";
import { localizePath } from "#core/paths";
import { translator } from "#locales";
import { bodySafe, headerSafe, signedBy } from "./compose";
import type { OutgoingMail } from "#core/mail";
import { renderMail } from "./layout";
import { outgoingMail } from "./outgoing";

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
  /** A tour's name in a language, as the content store says it now (server/content-store.ts). */
  tourName: (pkg: string, lang: Language) => string;
}

/** The request being declined, as stored. */
export interface BookingToAnswer {
  id: string;
  name: string;
  email: string;
  /** The language of the page the visitor booked from: the e-mail is written in it. */
  language: Language;
}

/** The short reference a visitor can quote: the start of the booking's id. */
export const bookingReference = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * The estate's refusal of a tour request, in the language of the page the visitor booked from, the
 * tour named where it meets: the staff's reason as its own paragraph and a way to book another time. The visitor replies to the
 * estate's address. (A request the estate confirms goes through the booking ledger, which writes
 * the visit's own e-mail with its calendar file: ./tour-visit.ts.)
 */
export function composeDeclineReply(booking: BookingToAnswer, reason: string, context: ReplyContext, meeting: Pick<MeetingPoint, "place">): OutgoingMail {
  const { t } = translator(booking.language);
  const estate = context.estateNames[booking.language];
  // The tour asked for is named where it meets: Château Mongiron's at Château Mongiron.
  const place = { estate, place: meeting.place, elsewhere: meeting.place === estate ? "no" : "yes" };
  const intro = t("mail.booking.declinedIntro", { place: meeting.place });
  const { text, html } = renderMail({
    ...signedBy(booking.language, context),
    preview: intro,
    greeting: t("mail.booking.greeting", { name: headerSafe(booking.name, 120) }),
    blocks: [
      { kind: "text", text: intro },
      { kind: "text", text: t("mail.booking.declinedReason") },
      { kind: "quote", text: bodySafe(reason) },
      {
        kind: "action",
        intro: t("mail.booking.declinedAgain"),
        button: t("tourMail.againButton"),
        url: new URL(localizePath(booking.language, "/wine-tours"), context.siteUrl).toString(),
      },
      { kind: "small", text: t("mail.booking.reference", { reference: bookingReference(booking.id) }) },
    ],
  });
  return outgoingMail({
    kind: "reply",
    to: headerSafe(booking.email, 254),
    replyTo: headerSafe(context.estateEmail, 254),
    headers: {},
    subject: headerSafe(t("mail.booking.declinedSubject", place)),
    text,
    html,
  });
}
