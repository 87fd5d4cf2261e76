/**
 * The estate's facts the layout shows on every page (navigation, footer), worked out at build by
 * the language layout's loader from content/site.json.
 */
import { content } from "#content";
import type { Language } from "#core/languages";
import type { SiteView } from "./site";

/** "860 Rte du Menhir, 33330 Saint-Sulpice-de-Faleyrens, France", the country named in the page's language. */
export function postalAddress(lang: Language): string {
  const { street, postalCode, locality, countryCode } = content.site.address;
  const country = new Intl.DisplayNames([lang], { type: "region" }).of(countryCode) ?? content.site.address.country;
  return `${street}, ${postalCode} ${locality}, ${country}`;
}

export function siteView(lang: Language): SiteView {
  const { estateName, appellation, contact, social, sisterBrands } = content.site;
  return { estateName, appellation, contact, social, sisterBrands, address: postalAddress(lang) };
}

/** The estate's figures (hectares, sister estate) for the pages that quote them. */
export function estateFacts() {
  const { grandCruHectares, sisterEstate } = content.site;
  return { grandCruHectares, sisterEstate };
}

/** The contact page's map, an OpenStreetMap embed loaded only on request. */
export function mapEmbedUrl(): string {
  return content.site.mapEmbedUrl;
}
