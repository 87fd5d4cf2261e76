/**
 * What the wine pages show, worked out by the route loaders at build time: pictures, prices,
 * blends, scores, quotes and cart data in the page's language. The pages receive these plain
 * objects in their HTML (and `.data` files), so the visitor's JavaScript carries neither the
 * catalogue, the image tables nor the formatting code (app/lib/images.ts, wine-format.ts).
 */
import type { Content, Wine } from "#content";
import { localNames, nameIn, wineNameIn, wineNameIsLocal } from "#content/names";
import { optionalTextIn } from "#content/text";
import { winePath } from "#core/paths";
import type { I18n } from "~/lib/i18n/context";
import { bottleImage } from "~/lib/images";
import type { WineCardView, WineDetailView, WineSpec } from "./views";
import {
  blendPieces,
  bottleVolume,
  cartItemData,
  formatAbv,
  ratingQuote,
  ratingSeal,
  summaryFileName,
  summaryPath,
  tastingNotes,
  unitPrice,
  vineyardAndCellar,
  volumeLabel,
  wineTitle,
  winePrice,
  winePriceWithTax,
} from "#presentation/wine-format";

/** Bottles whose artwork fills more of its frame than the others, drawn at 90% on cards (spec §2). */
const smallerOnCard = new Set(["chateau-2018"]);

function wineCardView(content: Content, i18n: I18n, wine: Wine): WineCardView {
  const first = wine.ratings[0];
  return {
    id: wine.id,
    href: i18n.href(winePath(wine.id)),
    name: wineNameIn(content.site, wine, i18n.lang),
    latinName: wineNameIsLocal(content.site, wine, i18n.lang) ? nameIn(wine.name, {}, i18n.lang) : null,
    vintage: wine.vintage,
    collection: i18n.t(`wine.collections.${wine.collection}`, { estate: localNames(content.site, i18n.lang).estate }),
    price: winePrice(i18n.lang, wine),
    priceWithTax: winePriceWithTax(i18n, wine),
    volume: bottleVolume(i18n, wine),
    unitPrice: unitPrice(i18n, wine),
    badge: first ? ratingSeal(i18n, first.score) : null,
    bottle: bottleImage(wine.id) ?? null,
    smaller: smallerOnCard.has(wine.id),
  };
}

/** The cards of one collection, newest vintage first, at most `limit`. */
export function collectionCards(content: Content, i18n: I18n, collection: Wine["collection"], limit = Infinity): WineCardView[] {
  return content.wines
    .filter((wine) => wine.collection === collection)
    .slice(0, limit)
    .map((wine) => wineCardView(content, i18n, wine));
}

/** The specifications the page lists (spec §2): alcohol, bottle size, blend and appellation. */
function wineSpecs(content: Content, i18n: I18n, wine: Wine): WineSpec[] {
  return [
    { key: "abv", label: i18n.t("wine.specs.abv"), value: formatAbv(i18n, wine.abv) },
    { key: "volume", label: i18n.t("wine.specs.volume"), value: volumeLabel(i18n, wine) },
    { key: "blend", label: i18n.t("wine.specs.blend"), value: blendPieces(i18n, wine.blend, content.grapes) },
    { key: "appellation", label: i18n.t("wine.specs.appellation"), value: localNames(content.site, i18n.lang).appellation },
  ];
}

function wineDetailView(content: Content, i18n: I18n, wine: Wine): WineDetailView {
  const card = wineCardView(content, i18n, wine);
  const title = wineTitle({ name: card.name, vintage: wine.vintage });
  return {
    ...card,
    title,
    specs: wineSpecs(content, i18n, wine),
    vineyard: vineyardAndCellar(i18n, wine),
    tastingNotes: tastingNotes(i18n.lang, wine),
    ratings: wine.ratings.map((rating) => ({
      critic: rating.critic,
      score: ratingSeal(i18n, rating.score),
      quote: ratingQuote(i18n.lang, rating),
    })),
    cart: cartItemData(i18n, wine, card.bottle?.img.src ?? ""),
    inquirySubject: i18n.t("wine.buy.subject", { wine: title }),
    summary: { src: summaryPath(i18n.lang, wine.id), fileName: summaryFileName(content.site.estateName, wine.vintage) },
    search: wineSearchFields(wine, i18n.lang),
  };
}

/** The wine's own title and description for search engines in a language, where the editor gave them. */
export function wineSearchFields(wine: Wine, lang: I18n["lang"]): WineDetailView["search"] {
  const title = optionalTextIn(wine.seo?.title, lang);
  const description = optionalTextIn(wine.seo?.description, lang);
  return { ...(title ? { title } : {}), ...(description ? { description } : {}) };
}

/** The page of the wine with this id, or null for an unknown one (the "Wine Not Found" view). */
export function wineDetailFor(content: Content, i18n: I18n, id: string): WineDetailView | null {
  const wine = content.wines.find((candidate) => candidate.id === id);
  return wine ? wineDetailView(content, i18n, wine) : null;
}
