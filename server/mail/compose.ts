import type { Language } from "#core/languages";
import { formDefinitions, type AnyFormInput, type FormKind } from "#forms/definitions";
import { translator } from "#locales";

/** An e-mail as the outbox stores it (server/db/outbox.ts `QueuedMail`). */
export interface OutgoingMail {
  /** To the estate, a subscriber's confirmation, or the staff's answer to a visitor (server/mail/booking-reply.ts). */
  kind: "notification" | "confirmation" | "reply";
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

/** The notification to the estate for a new submission; the visitor's address is its Reply-To. */
export function composeNotification(
  kind: FormKind,
  id: string,
  input: AnyFormInput,
  receivedAt: string,
  context: MailContext,
): OutgoingMail {
  const form = formDefinitions[kind];
  const values: Record<string, unknown> = { ...input };
  const lines = [`A new ${form.notificationName.toLowerCase()} came in through the website.`, ""];
  // Each field under its label from the form's definition (forms/), in the definition's order.
  for (const field of form.fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === "") continue;
    if (field.kind === "text") lines.push(`${field.notificationLabel}:`, bodySafe(String(value)), "");
    else lines.push(`${field.notificationLabel}: ${headerSafe(String(value), 1000)}`);
  }
  if (lines.at(-1) !== "") lines.push("");
  lines.push(`Language: ${input.language}`, `Page: ${headerSafe(input.page, 300)}`, `Received: ${receivedAt}`, `Reference: ${id}`);
  if (kind !== "newsletterSignup") lines.push("", "Reply to this e-mail to answer the visitor directly.");
  return {
    kind: "notification",
    to: context.estateEmail,
    replyTo: headerSafe(input.email, 254),
    // Only fixed words, the language code and our own reference: nothing the visitor typed.
    subject: `[Website] ${form.notificationName} (${input.language.toUpperCase()}) ${id.slice(0, 8)}`,
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
 * when one is due, then the estate's notification of a new submission.
 */
export function composeSubmissionMails(kind: FormKind, input: AnyFormInput, saved: SavedSubmission, context: MailContext): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  if (saved.confirmation) mails.push(composeConfirmation(input.language, saved.confirmation.email, saved.confirmation.tokens, context));
  if (saved.created) mails.push(composeNotification(kind, saved.id, input, saved.receivedAt, context));
  return mails;
}
