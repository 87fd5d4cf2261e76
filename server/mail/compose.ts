import { content } from "#content";
import { textIn } from "#content/text";
import type { Language } from "#core/languages";
import { formDefinitions, type AnyFormInput, type FormKind } from "#forms/definitions";
import { translator } from "#locales";

/** An e-mail as the outbox stores it (server/db/outbox.ts `QueuedMail`). */
export interface OutgoingMail {
  /** To the estate, a subscriber's confirmation, or the staff's answer to a visitor (server/mail/booking-reply.ts). */
  kind: "notification" | "confirmation" | "reply" | "newsletter" | "newsletter-test";
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  headers: Record<string, string>;
  /** Files sent with it: the calendar file of a confirmed tour. */
  attachments?: readonly { filename: string; contentType: string; content: string }[];
}

/** What composing needs to know about the estate and the site. */
export interface MailContext {
  /** The estate's name as each language writes it (content/names.ts): 莱斯库尔隐庐酒庄 in Chinese. */
  estateNames: Record<Language, string>;
  estateEmail: string;
  /** Where importers' applications go (content/site.json `contact.tradeEmail`). */
  tradeEmail: string;
  siteUrl: string;
}

/**
 * Makes a value safe for a mail header: no CR, LF or other control characters (so no header can
 * be injected), whitespace collapsed, bounded.
 */
export function headerSafe(value: string, max = 200): string {
  // Runs of plain spaces collapse; no-break spaces stay, as French typography puts them before a colon.
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/ {2,}/g, " ").trim().slice(0, max);
}

/** Text for a plain-text body: line breaks normalised, other control characters dropped. */
export function bodySafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}

/** How a notification's subject names each form: a short word the office sorts its mail by. */
const subjectNames: Record<FormKind, string> = { tourBooking: "Booking", contactMessage: "Message", importerApplication: "Importer", newsletterSignup: "Newsletter" };

/** The estate's clock: the office reads every time in it. */
const estateTimeZone = "Europe/Paris";

/** A moment on the estate's clock, in English: "Wed 25 Nov 2026, 14:05" (`long`), "Wed 25 Nov 14:05" (short). */
export function parisTime(iso: string, long = true): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", ...(long ? { year: "numeric" } : {}), timeZone: estateTimeZone }).format(date);
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: estateTimeZone }).format(date);
  return long ? `${day}, ${time}` : `${day} ${time}`;
}

/** A calendar day (`YYYY-MM-DD`) in English: "Sat 5 Dec" (`long`: "Sat 5 Dec 2026"). */
function dayName(day: string, long = false): string {
  return new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", ...(long ? { year: "numeric" } : {}), timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** A language's English name ("French"), for the estate's English mail. */
const languageInEnglish = (code: string) => new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;

/** A field's value as the office reads it: a tour by its English name, not its id. */
function shownValue(kind: FormKind, name: string, value: unknown): string {
  if (kind === "tourBooking" && name === "package") {
    const tour = content.tours.packages.find((candidate) => candidate.id === value);
    if (tour) return textIn(tour.selectedLabel, "en");
  }
  if (kind === "tourBooking" && name === "date" && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dayName(value, true);
  return String(value);
}

/**
 * The subject the office sorts its mail by: the form, the person and the day that matters, as
 * `Booking · Oliver Bennett · Sat 5 Dec` (the preferred day of a booking, else when it came in, on
 * the estate's clock). The name is the one thing the visitor typed: on one line, at most 60
 * characters, so it can neither add a header nor push the date out of sight.
 */
export function notificationSubject(kind: FormKind, input: AnyFormInput, receivedAt: string): string {
  const values: Record<string, unknown> = { ...input };
  const who = typeof values.name === "string" ? values.name : typeof values.contactName === "string" ? values.contactName : input.email;
  const when = kind === "tourBooking" && typeof values.date === "string" && values.date !== "" ? dayName(values.date) : parisTime(receivedAt, false);
  return `${subjectNames[kind]} · ${headerSafe(who, 60)} · ${when}`;
}

/** Where a submission opens in the staff inbox (on the site's public address). */
export function inboxLink(siteUrl: string, kind: FormKind, id: string): string {
  return new URL(`/admin/submissions/${formDefinitions[kind].slug}/${encodeURIComponent(id)}`, siteUrl).toString();
}

/**
 * The notification to the estate for a new submission (or a newsletter sign-up once confirmed):
 * every field under its label, tours and languages by name, times on the estate's clock, and a
 * link to the submission in the inbox. The visitor's address is its Reply-To; an importer's
 * application goes to the trade address.
 */
export function composeNotification(
  kind: FormKind,
  id: string,
  input: AnyFormInput,
  receivedAt: string,
  context: MailContext,
): OutgoingMail {
  const form = formDefinitions[kind];
  const values: Record<string, unknown> = { ...input };
  const intro = kind === "newsletterSignup" ? "A newsletter sign-up was confirmed on the website." : `A new ${form.notificationName.toLowerCase()} came in through the website.`;
  const lines = [intro, "", `Open it in the inbox: ${inboxLink(context.siteUrl, kind, id)}`, ""];
  // Each field under its label from the form's definition (forms/), in the definition's order.
  for (const field of form.fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === "") continue;
    if (field.kind === "text") lines.push(`${field.notificationLabel}:`, bodySafe(String(value)), "");
    else lines.push(`${field.notificationLabel}: ${headerSafe(shownValue(kind, field.name, value), 1000)}`);
  }
  if (lines.at(-1) !== "") lines.push("");
  const received = kind === "newsletterSignup" ? "Confirmed" : "Received";
  lines.push(`Language: ${languageInEnglish(input.language)}`, `Page: ${headerSafe(input.page, 300)}`, `${received}: ${parisTime(receivedAt)} (Paris time)`, `Reference: ${id}`);
  if (kind !== "newsletterSignup") lines.push("", "Reply to this e-mail to answer the visitor directly.");
  return {
    kind: "notification",
    to: kind === "importerApplication" ? context.tradeEmail : context.estateEmail,
    replyTo: headerSafe(input.email, 254),
    subject: notificationSubject(kind, input, receivedAt),
    text: `${lines.join("\n")}\n`,
    headers: {},
  };
}

/** Builds an absolute link to an API path on the public site. */
export function siteLink(siteUrl: string, path: string, token: string): string {
  const url = new URL(path, siteUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

export const confirmPath = "/api/newsletter/confirm";
export const unsubscribePath = "/api/newsletter/unsubscribe";

/** The double opt-in e-mail to a new subscriber, in their language, with an unsubscribe link. */
export function composeConfirmation(
  language: Language,
  email: string,
  tokens: { confirm: string; unsubscribe: string },
  context: MailContext,
): OutgoingMail {
  const { t } = translator(language);
  const estate = context.estateNames[language];
  const confirmUrl = siteLink(context.siteUrl, confirmPath, tokens.confirm);
  const unsubscribeUrl = siteLink(context.siteUrl, unsubscribePath, tokens.unsubscribe);
  const text = [
    t("subscriber.mailIntro", { estate }),
    "",
    confirmUrl,
    "",
    t("subscriber.mailIgnore", { estate }),
    "",
    t("subscriber.mailUnsubscribe"),
    unsubscribeUrl,
    "",
    `— ${estate}`,
    "",
  ].join("\n");
  return {
    kind: "confirmation",
    to: headerSafe(email, 254),
    replyTo: null,
    subject: headerSafe(t("subscriber.mailSubject", { estate })),
    text,
    // RFC 8058 one-click: a mail provider may POST `List-Unsubscribe=One-Click` to the link itself.
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** What the store tells about a submission it is saving (server/db/submissions.ts `Saved`). */
export interface SavedSubmission {
  id: string;
  receivedAt: string;
  /** A new submission; false for a repeated newsletter sign-up, which the estate already knows about. */
  created: boolean;
  /** Newsletter only: a confirmation e-mail is due, with the row's links. */
  confirmation: { email: string; tokens: { confirm: string; unsubscribe: string } } | null;
}

/**
 * The e-mails a submission sends, in the order they are queued: the subscriber's confirmation
 * when one is due, then the estate's notification of a new submission. A newsletter sign-up
 * notifies the estate only once the address is confirmed (`SubmissionStore.confirm`): an
 * unconfirmed one may be anyone's address typed by someone else.
 */
export function composeSubmissionMails(kind: FormKind, input: AnyFormInput, saved: SavedSubmission, context: MailContext): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  if (saved.confirmation) mails.push(composeConfirmation(input.language, saved.confirmation.email, saved.confirmation.tokens, context));
  if (saved.created && kind !== "newsletterSignup") mails.push(composeNotification(kind, saved.id, input, saved.receivedAt, context));
  return mails;
}
