/**
 * The estate's facts the layout shows on every page (navigation, footer), worked out at build by
 * the language layout's loader from content/site.json.
 */
import type { Content } from "#content";
import { postalAddress } from "#content/address";
import { localNames } from "#content/names";
import type { I18n } from "./i18n/context";
import { keptPhrases } from "./kept-phrases";
import type { SiteView } from "./site";

export function siteView(content: Content, { lang, t }: Pick<I18n, "lang" | "t">): SiteView {
  const { estateName, appellation, contact, social, sisterBrands } = content.site;
  const names = localNames(content.site, lang);
  return {
    estateName,
    appellation,
    contact,
    social,
    sisterBrands,
    address: postalAddress(content.site.address, lang),
    names,
    tagline: keptPhrases(t("site.tagline"), [names.appellation, names.estate]),
    sisterEstateName: content.site.sisterEstate.name,
    emptyCart: { open: t("cart.open", { count: 0 }), unavailable: t("cart.unavailable", { count: 0 }) },
  };
}

/** The estate's figures (hectares, sister estate) for the pages that quote them. */
export function estateFacts(content: Content) {
  const { grandCruHectares, sisterEstate } = content.site;
  return { grandCruHectares, sisterEstate };
}

/** The contact page's map, an OpenStreetMap embed loaded only on request. */
export function mapEmbedUrl(content: Content): string {
  return content.site.mapEmbedUrl;
}
