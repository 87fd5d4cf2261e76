import type { Language } from "#core/languages";
import { formTables, type AnyFormInput, type FormKind } from "../db/forms";
import { fill, subscriberStrings } from "./strings";

/** An e-mail as the outbox stores it. */
export interface OutgoingMail {
  kind: "notification" | "confirmation";
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** What composing needs to know about the estate and the site. */
export interface MailContext {
  estateName: string;
  estateEmail: string;
  siteUrl: string;
}

/**
 * Makes a value safe for a mail header: no CR, LF or other control characters (so no header can
 * be injected), whitespace collapsed, bounded.
 */
export function headerSafe(value: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim().slice(0, max);
}

/** Text for a plain-text body: line breaks normalised, other control characters dropped. */
function bodySafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}

/** English labels of the fields, as the estate's notification shows them. */
const fieldLabels: Record<string, string> = {
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  guests: "Guests",
  date: "Preferred date",
  package: "Package",
  subject: "Subject",
  message: "Message",
  companyName: "Company",
  contactName: "Contact person",
  country: "Country",
  website: "Website",
  experience: "Years in the wine industry",
  marketSize: "Market size",
};
const multiline = new Set(["message"]);

/** The notification to the estate for a new submission; the visitor's address is its Reply-To. */
export function composeNotification(
  kind: FormKind,
  id: string,
  input: AnyFormInput,
  receivedAt: string,
  context: MailContext,
): OutgoingMail {
  const form = formTables[kind];
  const values = input as Record<string, unknown>;
  const lines = [`A new ${form.label.toLowerCase()} came in through the website.`, ""];
  for (const { field } of form.fields) {
    const value = values[field];
    if (value === undefined || value === null || value === "") continue;
    const label = fieldLabels[field] ?? field;
    if (multiline.has(field)) lines.push(`${label}:`, bodySafe(String(value)), "");
    else lines.push(`${label}: ${headerSafe(String(value), 1000)}`);
  }
  if (lines.at(-1) !== "") lines.push("");
  lines.push(`Language: ${input.language}`, `Page: ${headerSafe(input.page, 300)}`, `Received: ${receivedAt}`, `Reference: ${id}`);
  if (kind !== "newsletterSignup") lines.push("", "Reply to this e-mail to answer the visitor directly.");
  return {
    kind: "notification",
    to: context.estateEmail,
    replyTo: headerSafe(input.email, 254),
    // Only fixed words, the language code and our own reference: nothing the visitor typed.
    subject: `[Website] ${form.label} (${input.language.toUpperCase()}) ${id.slice(0, 8)}`,
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
  const strings = subscriberStrings[language];
  const estate = context.estateName;
  const confirmUrl = siteLink(context.siteUrl, confirmPath, tokens.confirm);
  const unsubscribeUrl = siteLink(context.siteUrl, unsubscribePath, tokens.unsubscribe);
  const text = [
    fill(strings.mailIntro, estate),
    "",
    confirmUrl,
    "",
    fill(strings.mailIgnore, estate),
    "",
    strings.mailUnsubscribe,
    unsubscribeUrl,
    "",
    `— ${estate}`,
    "",
  ].join("\n");
  return {
    kind: "confirmation",
    to: headerSafe(email, 254),
    replyTo: null,
    subject: headerSafe(fill(strings.mailSubject, estate)),
    text,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>` },
  };
}
