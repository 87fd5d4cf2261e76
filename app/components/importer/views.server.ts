/** The importer page's claims and words in the page's language, worked out by its route loader at build. */
import { content } from "#content";
import { textIn } from "#content/text";
import type { Language } from "#core/languages";
import type { ImporterPoint, ImporterView } from "./views";

export function importerView(lang: Language): ImporterView {
  const { importer } = content;
  const points = (list: typeof importer.benefits): ImporterPoint[] =>
    list.map(({ id, title, text }) => ({ id, title: textIn(title, lang), text: textIn(text, lang) }));
  return {
    countries: importer.countries,
    retailPartners: importer.retailPartners,
    answerWithinHours: importer.answerWithinHours,
    presence: textIn(importer.presence, lang),
    benefits: points(importer.benefits),
    requirements: points(importer.requirements),
    commitments: points(importer.commitments),
  };
}
