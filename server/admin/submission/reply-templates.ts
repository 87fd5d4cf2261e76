/**
 * The reply templates of content/reply-templates.json, filled in for one submission: the visitor's
 * language picks the text, the visitor's and the estate's names fill its blanks, and the estate's
 * signature (address, phone, e-mail, website) ends it, as it ends every e-mail the site sends. The
 * staff change what they like in the form before sending; what they send is what the e-mail says.
 */
import type { ReplyTemplate } from "#content";
import type { Language } from "#core/languages";
import type { ReplyContext } from "../../mail/booking-reply";

/** The part of a template the staff must replace with their answer; a reply still holding it is not sent. */
export const answerMark = "[…]";

/**
 * The template with this id; without one, the template named after the page the message was sent
 * from (`/fr/villa`: the villa's), or else the first (the one a reply form opens with).
 */
export function chooseTemplate(templates: readonly ReplyTemplate[], id: unknown, page?: string | null): ReplyTemplate {
  const fromPage = page?.split("/").filter(Boolean).at(-1);
  return templates.find((template) => template.id === id) ?? templates.find((template) => template.id === fromPage) ?? templates[0]!;
}

/** How to reach the estate, under a reply's closing words: its address in the reader's language, phone, e-mail, website. */
export function signatureLines(estate: Pick<ReplyContext, "address" | "estatePhone" | "estateEmail" | "siteUrl">, lang: Language): string[] {
  return [estate.address[lang], estate.estatePhone, estate.estateEmail, estate.siteUrl];
}

/**
 * A template's subject and text in a language, with `{name}` and `{estate}` filled in and the
 * estate's signature lines after its closing words.
 */
export function fillTemplate(
  template: ReplyTemplate,
  lang: Language,
  names: { name: string; estate: string },
  signature: readonly string[] = [],
): { subject: string; body: string } {
  const fill = (text: string) => text.replace(/\{(name|estate)\}/g, (_all, blank: "name" | "estate") => names[blank]);
  const body = fill(template.body[lang]);
  return { subject: fill(template.subject[lang]), body: signature.length > 0 ? `${body}\n\n${signature.join("\n")}` : body };
}
