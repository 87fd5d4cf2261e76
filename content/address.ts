/**
 * The estate's postal address as running text in a language, shared by the pages (footer, contact,
 * legal pages) and the summary sheets. Structured data keeps the address as site.json has it.
 */
import { languageTags, type Language } from "#core/languages";
import type { Site } from "./schemas/site";

/**
 * Languages whose readers get the street with its abbreviations written out ("Route du Menhir"):
 * "Rte" is the French postal abbreviation, which the estate writes on its own letters and which
 * English and French pages keep; a Spanish, Chinese or Japanese reader would not know it, and La
 * Poste delivers the full form as well.
 */
const streetWrittenOut: ReadonlySet<Language> = new Set(["es", "zh", "ja"]);

/** "860 Rte du Menhir, 33330 Saint-Sulpice-de-Faleyrens, France"; in Spanish "860 Route du Menhir, …, Francia". */
export function postalAddress(address: Site["address"], lang: Language): string {
  const { postalCode, locality, countryCode } = address;
  const street = streetWrittenOut.has(lang) ? address.streetInFull : address.street;
  const country = new Intl.DisplayNames([languageTags[lang]], { type: "region" }).of(countryCode) ?? address.country;
  return `${street}, ${postalCode} ${locality}, ${country}`;
}
