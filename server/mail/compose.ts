import { isLanguage, type Language } from "#core/languages";
import type { OutgoingMail } from "#core/mail";
import { formDefinitions, type AnyFormInput, type FormKind } from "#forms/definitions";
import type { FieldDefinition } from "#forms/fields";
import { translator } from "#locales";
import { adminDateTags, adminTranslator, type AdminLanguage, type AdminMessageId } from "#locales/admin";
import { renderMail, type MailBlock, type MailDocument } from "./layout";
import { experienceNoticeLines, type ExperienceNotice } from "./experience-notice";
import { parisParts, staffClock, staffDay, staffDayAndTime } from "./staff-clock";
import { apiPaths } from "#core/paths";
import { columnMessage, noticeMessages, serverForms } from "../forms";
import { outgoingMail } from "./outgoing";

/** The languages the estate's staff read its e-mails in. */
export type StaffLanguage = AdminLanguage;

/** What composing needs to know about the estate and the site. */
export interface MailContext {
  /** The estate's name as each language writes it (content/names.ts): 莱斯库尔隐庐酒庄 in Chinese. */
  estateNames: Record<Language, string>;
  estateEmail: string;
  estatePhone: string;
  /** The estate's postal address on one line, in each language (content/address.ts). */
  address: Record<Language, string>;
  /** Where importers' applications go (content/site.json `contact.tradeEmail`). */
  tradeEmail: string;
  siteUrl: string;
  /** The language of the estate's own e-mails, read as each is written (server/db/staff.ts `mailLanguage`). */
  staffLanguage: () => StaffLanguage;
  /** A tour's name in a language, as the content store says it now (server/content-store.ts). */
  tourName: (pkg: string, lang: Language) => string;
}

/** Where composing reads its context, at each mail: the content store's facts as the live site says them now (null without mail). */
export type MailSource = () => MailContext | null;

/** The estate's facts every e-mail's head and signature need. */
export type EstateFacts = Pick<MailContext, "estateNames" | "estateEmail" | "estatePhone" | "address" | "siteUrl" | "tourName">;

/** How an e-mail in `lang` ends: the closing words and the team, then the estate's address, phone, e-mail and website. */
export function signedBy(lang: Language, facts: EstateFacts): Pick<MailDocument, "lang" | "estate" | "closing" | "signature"> {
  const { t } = translator(lang);
  const estate = facts.estateNames[lang];
  return {
    lang,
    estate,
    closing: [t("mail.booking.closing"), t("mail.booking.signature", { estate })],
    signature: [facts.address[lang], facts.estatePhone, facts.estateEmail, facts.siteUrl],
  };
}

/** The head and the end of the estate's own e-mails, in the staff's language: its name, address, phone, e-mail, website. */
export function staffFrame(lang: StaffLanguage, facts: EstateFacts): Pick<MailDocument, "lang" | "estate" | "closing" | "signature"> {
  return { lang, estate: facts.estateNames[lang], closing: [], signature: [facts.address[lang], facts.estatePhone, facts.estateEmail, facts.siteUrl] };
}

/** Control characters, line and paragraph separators, in runs. */
// eslint-disable-next-line no-control-regex
const controlRuns = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Makes a value safe for a mail header: no CR, LF or other control characters (so no header can
 * be injected), whitespace collapsed, bounded.
 */
export function headerSafe(value: string, max = 200): string {
  // Runs of plain spaces collapse; no-break spaces stay, as French typography puts them before a colon.
  return value.replace(controlRuns, " ").replace(/ {2,}/g, " ").trim().slice(0, max);
}

/** Text for a plain-text body: line breaks normalised, other control characters dropped. */
export function bodySafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}

/** A language's name in the staff's language ("French", « japonais »), for the estate's e-mails. */
export const languageName = (code: string, lang: StaffLanguage) => new Intl.DisplayNames([adminDateTags[lang]], { type: "language" }).of(code) ?? code;

/** A field's value as the office reads it: a day written out, a ticked box as yes, in the staff's language (a tour is named by its notice). */
function shownValue(field: FieldDefinition, value: unknown, lang: StaffLanguage): string {
  if (field.kind === "checkbox") return adminTranslator(lang).t("field.ticked");
  if (field.kind === "date" && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return staffDay(value, lang);
  return String(value);
}

/** What the estate's notice of a tour booking says about its time, beside the form's fields. */
export type BookingNotice =
  /**
   * A time booked: confirmed at once, or waiting (for the estate, the deposit or the tour's minimum
   * group: `experience`) with its places held until `holdUntil` (UTC).
   */
  | { kind: "slot"; date: string; time: string; guests: number; status: "confirmed" | "pending"; holdUntil: string | null; experience?: ExperienceNotice }
  /** A full time's waitlist joined. */
  | { kind: "waitlist"; date: string; time: string; guests: number };

/** The word of a notification's subject that says what came in (a booked time: what became of it). */
function subjectWord(kind: FormKind, notice: BookingNotice | undefined): AdminMessageId {
  if (!notice) return noticeMessages(kind).subject;
  if (notice.kind === "waitlist") return "estateMail.subject.waitlist";
  if (notice.status === "pending" && notice.experience?.waitingFor === "payment") return "estateMail.subject.payment";
  if (notice.status === "pending" && notice.experience?.waitingFor === "minimum") return "estateMail.subject.minimum";
  return notice.status === "confirmed" ? "estateMail.subject.confirmed" : "estateMail.subject.pending";
}

/** A day and a time as a subject names them: "Sat 5 Dec 15:00", « sam. 5 déc. 15 h ». */
export const subjectTime = (date: string, time: string | null, lang: StaffLanguage) =>
  time ? `${staffDay(date, lang, { year: false })} ${staffClock(time, lang)}` : staffDay(date, lang, { year: false });

/**
 * The subject the office sorts its mail by: what happened, the person and the time that matters,
 * as `Réservation confirmée · 王小明 · sam. 5 déc. 15 h` (the booked time; a request's preferred
 * day; else the day it came in, on the estate's clock: « reçu le dim. 29 nov. »). The name is the one thing the visitor typed:
 * on one line, at most 60 characters, so it can neither add a header nor push the time out of sight.
 */
function notificationSubject(kind: FormKind, input: AnyFormInput, receivedAt: string, lang: StaffLanguage, notice?: BookingNotice): string {
  const values: Record<string, unknown> = { ...input };
  const sender = serverForms[kind].sender;
  const named = sender === null ? undefined : values[sender];
  const who = typeof named === "string" && named !== "" ? named : input.email;
  const received = parisParts(new Date(receivedAt));
  const { t } = adminTranslator(lang);
  // The day it came in says so, so that it does not read as a visit's time (FN13).
  const when = notice
    ? subjectTime(notice.date, notice.time, lang)
    : kind === "tourBooking" && typeof values.date === "string" && values.date !== ""
      ? subjectTime(values.date, null, lang)
      : t("estateMail.subject.received", { form: kind, day: subjectTime(received.date, null, lang) });
  return t("estateMail.subject", { status: t(subjectWord(kind, notice)), name: headerSafe(who, 60), when });
}

/** Where a submission opens in the staff inbox (on the site's public address). */
export function inboxLink(siteUrl: string, kind: FormKind, id: string): string {
  return new URL(`/admin/submissions/${formDefinitions[kind].slug}/${encodeURIComponent(id)}`, siteUrl).toString();
}

/** The first paragraph of a notification: what came in, and for a booked time, what became of it. */
function notificationIntro(kind: FormKind, notice: BookingNotice | undefined, lang: StaffLanguage): string {
  const { t } = adminTranslator(lang);
  if (!notice) return t(noticeMessages(kind).intro);
  if (notice.kind === "waitlist") return t("estateMail.intro.waitlist");
  if (notice.status === "confirmed") return t("estateMail.intro.confirmed");
  const until = notice.holdUntil ? parisParts(new Date(notice.holdUntil)) : null;
  const waiting = notice.experience?.waitingFor;
  if (waiting === "payment" || waiting === "minimum")
    return t(waiting === "payment" ? "estateMail.intro.payment" : "estateMail.intro.minimum", {
      until: until ? staffDayAndTime(until.date, until.time, lang) : "—",
    });
  return t("estateMail.intro.pending", { until: until ? staffDayAndTime(until.date, until.time, lang) : "—" });
}

/**
 * The notification to the estate for a new submission (newsletter sign-ups: ./staff/signup-digest.ts), in
 * the staff's language: what came in (a tour's time and what became of it), a button to the
 * submission in the inbox, every field under its label, tours, days and languages by name, times on
 * the estate's clock. The visitor's address is its Reply-To; an importer's application goes to the
 * trade address.
 */
export function composeNotification(
  kind: FormKind,
  id: string,
  input: AnyFormInput,
  receivedAt: string,
  context: MailContext,
  notice?: BookingNotice,
): OutgoingMail {
  const lang = context.staffLanguage();
  const { t } = adminTranslator(lang);
  const form = formDefinitions[kind];
  const values: Record<string, unknown> = { ...input };
  const blocks: MailBlock[] = [{ kind: "text", text: notificationIntro(kind, notice, lang) }];
  if (notice) {
    blocks.push({
      kind: "facts",
      lines: [
        t("estateMail.time", { when: staffDayAndTime(notice.date, notice.time, lang) }),
        t("estateMail.tour", { tour: context.tourName(String(values.package), lang) }),
        t("estateMail.group", { count: notice.guests }),
        ...(notice.kind === "slot" && notice.experience ? experienceNoticeLines(notice.experience, lang) : []),
      ],
    });
  }
  blocks.push({ kind: "action", intro: t("estateMail.open"), button: t("estateMail.openButton"), url: inboxLink(context.siteUrl, kind, id) });
  // Each field under the label the staff area gives it (the inbox page, the exports), in the
  // definition's order; the tour by its name.
  const facts: string[] = [];
  const texts: MailBlock[] = [];
  for (const field of form.fields) {
    const value = values[field.name];
    // An empty field, or a box left unticked, is not listed.
    if (value === undefined || value === null || value === "" || value === false) continue;
    if (serverForms[kind].tour === field.name) {
      if (!notice) facts.push(t("estateMail.tour", { tour: context.tourName(String(value), lang) }));
      continue;
    }
    const label = t(columnMessage(field.name));
    if (field.kind === "text")
      texts.push({ kind: "text", text: t("estateMail.field", { label, value: "" }).trim() }, { kind: "quote", text: bodySafe(String(value)) });
    else facts.push(t("estateMail.field", { label, value: headerSafe(shownValue(field, value, lang), 1000) }));
  }
  if (facts.length > 0) blocks.push({ kind: "facts", lines: facts });
  blocks.push(...texts);
  const received = parisParts(new Date(receivedAt));
  blocks.push({
    kind: "facts",
    lines: [
      t("estateMail.language", { language: languageName(input.language, lang) }),
      t("estateMail.page", { page: headerSafe(input.page, 300) }),
      t("estateMail.receivedAt", { when: staffDayAndTime(received.date, received.time, lang) }),
      t("estateMail.reference", { reference: id }),
    ],
  });
  if (serverForms[kind].notice.replyNote) blocks.push({ kind: "small", text: t("estateMail.replyNote") });
  const subject = notificationSubject(kind, input, receivedAt, lang, notice);
  const { text, html } = renderMail({ ...staffFrame(lang, context), preview: subject, greeting: null, blocks });
  return outgoingMail({
    kind: "notification",
    to: serverForms[kind].notice.to === "trade" ? context.tradeEmail : context.estateEmail,
    replyTo: headerSafe(input.email, 254),
    subject,
    text,
    html,
    headers: {},
  });
}

/** Builds an absolute link to an API path on the public site. */
export function siteLink(siteUrl: string, path: string, token: string): string {
  const url = new URL(path, siteUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

/** The double opt-in e-mail to a new subscriber, in their language, with an unsubscribe link. */
export function composeConfirmation(language: Language, email: string, tokens: { confirm: string; unsubscribe: string }, context: MailContext): OutgoingMail {
  const { t } = translator(language);
  const estate = context.estateNames[language];
  const confirmUrl = siteLink(context.siteUrl, apiPaths.newsletterConfirm, tokens.confirm);
  const unsubscribeUrl = siteLink(context.siteUrl, apiPaths.newsletterUnsubscribe, tokens.unsubscribe);
  const subject = headerSafe(t("subscriber.mailSubject", { estate }));
  const { text, html } = renderMail({
    ...signedBy(language, context),
    preview: subject,
    greeting: null,
    blocks: [
      { kind: "action", intro: t("subscriber.mailIntro", { estate }), button: t("subscriber.confirmButton"), url: confirmUrl },
      { kind: "text", text: t("subscriber.mailIgnore", { estate }) },
      { kind: "action", intro: t("subscriber.mailUnsubscribe"), button: t("subscriber.unsubscribeButton"), url: unsubscribeUrl },
    ],
  });
  return outgoingMail({
    kind: "confirmation",
    to: headerSafe(email, 254),
    replyTo: null,
    subject,
    text,
    html,
    // RFC 8058 one-click: a mail provider may POST `List-Unsubscribe=One-Click` to the link itself.
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

/** What the store tells about a submission it is saving (server/db/submissions.ts `Saved`). */
export interface SavedSubmission {
  id: string;
  receivedAt: string;
  /** A new submission; false for a repeated newsletter sign-up, which the estate already knows about. */
  created: boolean;
  /** Newsletter only: a confirmation e-mail is due, with the row's links, in the subscription's language. */
  confirmation: { email: string; language: string; tokens: { confirm: string; unsubscribe: string } } | null;
}

/**
 * The e-mails a submission sends, in the order they are queued: the subscriber's confirmation
 * when one is due, then the estate's notification of a new submission (a tour booking's with what
 * became of its time, `notice`); the visitor's own e-mails about a tour are written beside these
 * (./tour-visit.ts: a request's acknowledgement, a booked time's, a waitlist's). A newsletter
 * sign-up reaches the estate only once the address is confirmed, in the next day's digest
 * (../bookings/signup-digest.ts): an unconfirmed one may be anyone's address typed by someone else.
 */
export function composeSubmissionMails(
  kind: FormKind,
  input: AnyFormInput,
  saved: SavedSubmission,
  context: MailContext,
  notice?: BookingNotice,
): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  if (saved.confirmation) {
    const { email, language, tokens } = saved.confirmation;
    mails.push(composeConfirmation(isLanguage(language) ? language : input.language, email, tokens, context));
  }
  if (saved.created && serverForms[kind].notice.sent === "onArrival") mails.push(composeNotification(kind, saved.id, input, saved.receivedAt, context, notice));
  return mails;
}
