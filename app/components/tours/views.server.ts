/**
 * The tours page's data, worked out by its route loader at build: the visitor's JavaScript
 * carries neither the content nor the formatting code, only these plain values.
 */
import type { Content, TourPackage } from "#content";
import { meetingPointOf, type MeetingPoint } from "#content/meeting-point";
import { textIn } from "#content/text";
import { formatPrice } from "#core/format";
import { languageTags, type Language } from "#core/languages";
import type { I18n } from "~/lib/i18n/context";
import type { ToursView } from "./views";

/** What the page shows of a meeting point (the prose form of its address is the e-mails'). */
const meetingPlace = ({ place, address, directions }: MeetingPoint) => ({ place, address, directions });

/** A package's prices besides its price per person, as the tours page lists them under it (the native readers' N16). */
function otherPrices({ lang, t }: I18n, tour: TourPackage): string[] {
  const tiers = [...tour.groupPrices].sort((a, b) => a.from - b.from);
  return [
    ...tiers.map((tier) =>
      "perPerson" in tier
        ? t("wineTours.journey.pricing.tier", { from: tier.from, price: formatPrice(tier.perPerson, lang) })
        : t("wineTours.journey.pricing.tierGroup", { from: tier.from, price: formatPrice(tier.perGroup, lang) }),
    ),
    ...(tour.privatePrice !== undefined ? [t("wineTours.journey.pricing.private", { price: formatPrice(tour.privatePrice, lang) })] : []),
  ];
}

/**
 * The guides' languages named in the page's language and joined as a list ("French and Chinese"),
 * each as `item` words it: in a French sentence each takes its own preposition, « en français et
 * en chinois » (the native readers' FN2).
 */
function guideLanguageList(lang: Language, codes: readonly string[], item: (name: string) => string = (name) => name): string {
  const tag = languageTags[lang];
  const names = new Intl.DisplayNames([tag], { type: "language" });
  return new Intl.ListFormat(tag, { type: "conjunction" }).format(codes.map((code) => item(names.of(code) ?? code)));
}

export function toursView(content: Content, i18n: I18n): ToursView {
  const { lang, t } = i18n;
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
      meetingPoint: meetingPlace(meetingPointOf(content.site, tour, lang)),
      otherPrices: otherPrices(i18n, tour),
    })),
    packageFacts: { duration: t("wineTours.packages.duration", { minutes }), groupSize: t("wineTours.packages.groupSize", { count }) },
    highlights: {
      duration: t("wineTours.highlights.duration.title", { minutes }),
      groupSize: t("wineTours.highlights.groupSize.title", { count }),
    },
    transportProvided: facts.transportProvided,
    guideLanguages: guideLanguageList(lang, facts.guideLanguages),
    guidedIn: guideLanguageList(lang, facts.guideLanguages, (language) => t("wineTours.form.guideLanguage", { language })),
  };
}
