/**
 * One person's data as they can be given it (GDPR articles 15 and 20): a record with stable,
 * documented names (docs/security.md, "What a person's export holds") that the JSON download is,
 * and that the readable document (./views/personal-document.tsx) is written from. It keeps what
 * the person gave and what the estate did with it; never the database's own columns, ids, link
 * tokens, addresses of the machines, or the mail queue's workings.
 */
import { defaultLanguage, isLanguage, type Language } from "#core/languages";
import type { formDefinitions } from "#forms/definitions";
import type { FormDefinition } from "#forms/fields";
import { bookingType, formOfType, kindOfType } from "../../forms";
import type { PersonalData, VisitRecord } from "../../db/privacy";
import type { ReplyContext } from "../../mail/booking-reply";

/** The record's format: a reader checks it before reading the rest. */
const personalDataFormat = "hermitage-lescours/personal-data/1";

/** A form's name in the record: its name in code (`tourBooking`), which does not change. */
type ExportedForm = keyof typeof formDefinitions;

/** A tour time a booking holds or waits for. */
export interface ExportedVisit {
  /** The tour's id (content/tours.json: `hermitage`, `mongiron`, `both`). */
  tour: string;
  /** The estate's local day (`YYYY-MM-DD`) and time (`HH:MM`) in `timeZone`. */
  date: string;
  time: string;
  timeZone: string;
  guests: number;
  /** A booked time: pending, confirmed, declined, cancelled, expired. A waitlist place: waiting, offered, taken, lapsed, gone. */
  status: string;
  /** A waitlist's open offer: until when its places are kept (ISO 8601, UTC). */
  offeredUntil?: string;
}

/** One form the person sent. */
export interface ExportedSubmission {
  form: ExportedForm;
  /** When it arrived, ISO 8601 in UTC. */
  receivedAt: string;
  /** The language of the page it was sent from. */
  language: string;
  /** The path of that page. */
  page: string;
  /** Where it stands: the inbox's status (new, confirmed, declined, cancelled, answered, archived; a subscription: pending, confirmed, unsubscribed). */
  status: string;
  /** What they typed or chose, by the form's field names (forms/*.ts), then the subscription's dates (ISO 8601, UTC); empty fields left out. */
  fields: Record<string, string | number>;
  /** A booking's tour time, when it holds one. */
  visit: ExportedVisit | null;
  /** A booking's place on a full time's waitlist, when it has one. */
  waitlist: ExportedVisit | null;
}

/** An e-mail the estate wrote to the person. */
interface ExportedMail {
  /** When it was sent, or written when it is not sent yet; ISO 8601 in UTC. */
  date: string;
  sent: boolean;
  subject: string;
  /** Its text, with the private links' keys left out (they open the person's booking or subscription). */
  text: string;
}

/** Everything stored about one address, as the person is given it. */
export interface PersonalRecord {
  format: typeof personalDataFormat;
  /** When the export was made, ISO 8601 in UTC. */
  madeAt: string;
  email: string;
  /** The language the person wrote to the estate in (the most often, the first on a tie), in which the document is written. */
  language: Language;
  /**
   * Who keeps the data, and how to reach them (content/site.json): the estate's name, the company
   * responsible for the data (its legal name; a placeholder in the person's language until the
   * estate gives it), its e-mail, phone and address.
   */
  estate: { name: string; controller: string; email: string; phone: string; address: string };
  /** The name of each tour the person chose, in their language, by its id (a submission names the id). */
  tours: Record<string, string>;
  submissions: ExportedSubmission[];
  mailsToYou: ExportedMail[];
  /** How many notifications about their submissions went to the estate's own mailboxes (their content is in `submissions`). */
  copiesToEstate: number;
  /** What the estate's staff noted about the person (their notes, tags, and the country they set), or null when nothing. */
  staffNotes: { notes: string; tags: string[]; country: string | null } | null;
}

/** The fields a person filled in, then the dates the server keeps (a subscription's), by their export names. */
function fieldsOf(form: FormDefinition, row: Record<string, string | number | null>): Record<string, string | number> {
  const named = [...form.fields, ...form.kept].map(({ name, column }) => [name, row[column]] as const);
  return Object.fromEntries(named.filter((pair): pair is readonly [string, string | number] => pair[1] !== null && pair[1] !== undefined && pair[1] !== ""));
}

const visitOf = (record: VisitRecord | undefined): ExportedVisit | null =>
  record
    ? {
        tour: record.package,
        date: record.date,
        time: record.time,
        timeZone: record.zone,
        guests: record.guests,
        status: record.status,
        ...(record.offeredUntil ? { offeredUntil: record.offeredUntil } : {}),
      }
    : null;

/**
 * A mail's text without the keys of its links: every address loses its query and fragment (the
 * private links carry their token there), and any token the person's rows hold is masked too.
 */
function withoutKeys(text: string, tokens: readonly string[]): string {
  const bare = text.replace(/(https?:\/\/[^\s?#]+)[?#]\S*/g, "$1");
  return tokens.reduce((result, token) => result.split(token).join("…"), bare);
}

/** The values of the person's rows' token columns (a subscription's links), masked wherever they appear. */
const tokensOf = (found: PersonalData) =>
  found.submissions.flatMap(({ row }) =>
    Object.entries(row)
      .filter(([column, value]) => column.endsWith("_token") && typeof value === "string" && value.length >= 16)
      .map(([, value]) => String(value)),
  );

/**
 * The language the person wrote to the estate in most often, the one they began in when two are
 * as frequent; English when none names one. One sign-up on another language's page does not turn
 * a French visitor's document into Spanish (the native readers' N18).
 */
function documentLanguage(found: PersonalData): Language {
  const counts = new Map<Language, number>();
  // Oldest first: on a tie, the language met first stays ahead.
  for (const { row } of [...found.submissions].reverse()) if (isLanguage(row.language)) counts.set(row.language, (counts.get(row.language) ?? 0) + 1);
  let chosen: Language = defaultLanguage;
  let most = 0;
  for (const [lang, count] of counts)
    if (count > most) {
      chosen = lang;
      most = count;
    }
  return chosen;
}

/** The person's record, in the language they wrote to the estate in (`documentLanguage`). */
export function personalRecord(found: PersonalData, estate: ReplyContext & { controller: (lang: Language) => string }, now: Date): PersonalRecord {
  const language = documentLanguage(found);
  const email = found.email.toLowerCase();
  const tokens = tokensOf(found);
  const toPerson = found.mails.filter((mail) => mail.recipient.toLowerCase() === email);
  return {
    format: personalDataFormat,
    madeAt: now.toISOString(),
    email: found.email,
    language,
    estate: {
      name: estate.estateNames[language],
      controller: estate.controller(language),
      email: estate.estateEmail,
      phone: estate.estatePhone,
      address: estate.address[language],
    },
    tours: Object.fromEntries(
      [...new Set(found.submissions.flatMap(({ type, row }) => (type === bookingType && typeof row.package === "string" ? [row.package] : [])))].map((id) => [
        id,
        estate.tourName(id, language),
      ]),
    ),
    submissions: found.submissions.map(({ type, status, row }) => ({
      form: kindOfType(type),
      receivedAt: String(row.received_at),
      language: String(row.language),
      page: String(row.page),
      status,
      fields: fieldsOf(formOfType(type), row),
      visit: visitOf(found.visits.find((visit) => visit.bookingId === row.id)),
      waitlist: visitOf(found.waitlist.find((place) => place.bookingId === row.id)),
    })),
    mailsToYou: toPerson.map((mail) => ({
      date: mail.sent_at ?? mail.created_at,
      sent: mail.sent_at !== null,
      subject: withoutKeys(mail.subject, tokens),
      text: withoutKeys(mail.body, tokens),
    })),
    copiesToEstate: found.mails.length - toPerson.length,
    staffNotes: found.guest ? { notes: found.guest.notes, tags: found.guest.tags, country: found.guest.country } : null,
  };
}
