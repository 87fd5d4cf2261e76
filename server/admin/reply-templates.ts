/**
 * The reply templates of content/reply-templates.json, filled in for one submission: the visitor's
 * language picks the text, the visitor's and the estate's names fill its blanks. The staff change
 * what they like in the form before sending; what they send is what the e-mail says.
 */
import type { ReplyTemplate } from "#content";
import type { Language } from "#core/languages";

/** The part of a template the staff must replace with their answer; a reply still holding it is not sent. */
export const answerMark = "[…]";

/** The template with this id, or the first (the one a reply form opens with). */
export function chooseTemplate(templates: readonly ReplyTemplate[], id: unknown): ReplyTemplate {
  return templates.find((template) => template.id === id) ?? templates[0]!;
}

/** A template's subject and text in the visitor's language, with `{name}` and `{estate}` filled in. */
export function fillTemplate(template: ReplyTemplate, lang: Language, names: { name: string; estate: string }): { subject: string; body: string } {
  const fill = (text: string) => text.replace(/\{(name|estate)\}/g, (_all, blank: "name" | "estate") => names[blank]);
  return { subject: fill(template.subject[lang]), body: fill(template.body[lang]) };
}
