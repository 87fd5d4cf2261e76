/**
 * The tours page's data, worked out by its route loader at build: the visitor's JavaScript
 * carries neither the content nor the formatting code, only these plain values.
 */
import type { Content } from "#content";
import { textIn } from "#content/text";
import { formatPrice } from "#core/format";
import { languageTags, type Language } from "#core/languages";
import type { I18n } from "~/lib/i18n/context";
import type { ToursView } from "./views";

/** The guides' languages named in the page's language and joined as a list ("French and Chinese"). */
function guideLanguageList(lang: Language, codes: readonly string[]): string {
  const tag = languageTags[lang];
  const names = new Intl.DisplayNames([tag], { type: "language" });
  return new Intl.ListFormat(tag, { type: "conjunction" }).format(codes.map((code) => names.of(code) ?? code));
}

export function toursView(content: Content, { lang, t }: I18n): ToursView {
  const { facts, packages } = content.tours;
  const minutes = facts.durationMinutes;
  const count = facts.maxGroupSize;
  return {
    packages: packages.map((tour) => ({
      id: tour.id,
      title: textIn(tour.title, lang),
      price: formatPrice(tour.price, lang),
      prices: { price: tour.price, groupPrices: tour.groupPrices, ...(tour.privatePrice !== undefined ? { privatePrice: tour.privatePrice } : {}) },
      badge: tour.badge,
      wine: textIn(tour.wine, lang),
      tour: textIn(tour.tour, lang),
      selectedLabel: textIn(tour.selectedLabel, lang),
      tastingNotes: tour.tastingNotes,
    })),
    packageFacts: { duration: t("wineTours.packages.duration", { minutes }), groupSize: t("wineTours.packages.groupSize", { count }) },
    highlights: {
      duration: t("wineTours.highlights.duration.title", { minutes }),
      groupSize: t("wineTours.highlights.groupSize.title", { count }),
    },
    transportProvided: facts.transportProvided,
    guideLanguages: guideLanguageList(lang, facts.guideLanguages),
  };
}
