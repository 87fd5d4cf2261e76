/**
 * The estate's postal address as running text in a language, shared by the pages (footer, contact,
 * legal pages) and the summary sheets. Structured data keeps the address as site.json has it.
 */
import { languageDescriptions, languageTags, scriptOf, type Language } from "#core/languages";
import type { Site } from "./schemas/site";

/**
 * "860 Rte du Menhir, 33330 Saint-Sulpice-de-Faleyrens, France"; in French « 860, route du Menhir,
 * 33330 Saint-Sulpice-de-Faleyrens, France »; in Spanish "860 Route du Menhir,
 * …, Francia". A language not written in Latin letters keeps the country as the address itself
 * writes it, its own name in brackets after it ("…, France（法国）"): the line is typed as it is
 * into a map or a courier's form, which read "France", not 法国.
 */
export function postalAddress(address: Site["address"], lang: Language): string {
  const { postalCode, locality, countryCode } = address;
  // "Rte" is the French postal abbreviation, which the estate writes on its own letters; readers who
  // would not know it get the street written out ("Route du Menhir"), which La Poste delivers as well.
  // French itself writes it as its sentences do, « 860, route du Menhir ».
  const { readsFrenchAbbreviations, streetAsProse } = languageDescriptions[lang];
  const street = streetAsProse ? address.streetInText : readsFrenchAbbreviations ? address.street : address.streetInFull;
  const country = new Intl.DisplayNames([languageTags[lang]], { type: "region" }).of(countryCode) ?? address.country;
  const shown = scriptOf(lang) === "cjk" ? `${address.country}（${country}）` : country;
  return `${street}, ${postalCode} ${locality}, ${shown}`;
}
