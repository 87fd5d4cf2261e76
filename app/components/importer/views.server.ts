/** The importer page's claims and words in the page's language, worked out by its route loader at build. */
import type { Content } from "#content";
import { textIn } from "#content/text";
import type { I18n } from "~/lib/i18n/context";
import type { ImporterPoint, ImporterView } from "./views";

export function importerView(content: Content, { lang, t }: I18n): ImporterView {
  const { importer } = content;
  const points = (list: typeof importer.benefits): ImporterPoint[] =>
    list.map(({ id, title, text }) => ({ id, title: textIn(title, lang), text: textIn(text, lang) }));
  return {
    figures: [
      { figure: t("importer.presence.atLeast", { count: importer.countries }), label: t("importer.presence.countries", { count: importer.countries }) },
      {
        figure: t("importer.presence.atLeast", { count: importer.retailPartners }),
        label: t("importer.presence.retailPartners", { count: importer.retailPartners }),
      },
    ],
    promise: t("importer.form.promise", { hours: importer.answerWithinHours }),
    answerWithinHours: importer.answerWithinHours,
    presence: textIn(importer.presence, lang),
    benefits: points(importer.benefits),
    requirements: points(importer.requirements),
    commitments: points(importer.commitments),
  };
}
