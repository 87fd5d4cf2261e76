/**
 * The tours page's data, worked out by its route loader at build: the visitor's JavaScript
 * carries neither the content file nor the formatting code, only these plain values.
 */
import { guideLanguageList, tourFacts, tourPackages } from "~/components/tours/tours-data";
import type { ToursView } from "~/components/tours/views";
import { formatPrice } from "#core/format";
import { languageTags, type Language } from "#core/languages";

export function toursView(lang: Language): ToursView {
  return {
    packages: tourPackages.map(({ id, price, badge, tastingNotes }) => ({ id, price: formatPrice(price, lang), badge, tastingNotes })),
    durationMinutes: tourFacts.durationMinutes,
    maxGroupSize: tourFacts.maxGroupSize,
    transportProvided: tourFacts.transportProvided,
    guideLanguages: guideLanguageList(languageTags[lang]),
  };
}
