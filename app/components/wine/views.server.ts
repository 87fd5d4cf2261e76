/**
 * What the wine pages show, worked out by the route loaders at build time: pictures, prices,
 * blends, scores, quotes and cart data in the page's language. The pages receive these plain
 * objects in their HTML (and `.data` files), so the visitor's JavaScript carries neither the
 * catalogue, the image tables nor the formatting code (app/lib/images.ts, wine-format.ts).
 */
import { content, findWine, type Wine } from "#content";
import { winePath } from "#core/paths";
import type { I18n } from "~/lib/i18n/context";
import { bottleImage } from "~/lib/images";
import type { WineCardView, WineDetailView } from "./views";
import {
  cartItemData,
  formatAbv,
  formatBlend,
  ratingQuote,
  ratingSeal,
  summaryFileName,
  summaryPath,
  tastingNotes,
  wineTitle,
  winePrice,
} from "#presentation/wine-format";

/** Bottles whose artwork fills more of its frame than the others, drawn at 90% on cards (spec §2). */
const smallerOnCard = new Set(["chateau-2018"]);

export function wineCardView(i18n: I18n, wine: Wine): WineCardView {
  const first = wine.ratings[0];
  return {
    id: wine.id,
    href: i18n.href(winePath(wine.id)),
    name: wine.name,
    vintage: wine.vintage,
    collection: i18n.t(`wine.collections.${wine.collection}`),
    price: winePrice(i18n.lang, wine),
    badge: first ? ratingSeal(i18n, first.score) : null,
    bottle: bottleImage(wine.id) ?? null,
    smaller: smallerOnCard.has(wine.id),
  };
}

/** The cards of one collection, newest vintage first, at most `limit`. */
export function collectionCards(i18n: I18n, collection: Wine["collection"], limit = Infinity): WineCardView[] {
  return content.wines
    .filter((wine) => wine.collection === collection)
    .slice(0, limit)
    .map((wine) => wineCardView(i18n, wine));
}

export function wineDetailView(i18n: I18n, wine: Wine): WineDetailView {
  const card = wineCardView(i18n, wine);
  const title = wineTitle(wine);
  return {
    ...card,
    title,
    specs: { abv: formatAbv(i18n, wine.abv), blend: formatBlend(i18n, wine.blend, content.grapes), appellation: content.site.appellation },
    tastingNotes: tastingNotes(i18n.lang, wine),
    ratings: wine.ratings.map((rating) => ({
      critic: rating.critic,
      score: ratingSeal(i18n, rating.score),
      quote: ratingQuote(i18n.lang, rating),
    })),
    cart: cartItemData(i18n, wine, card.bottle?.img.src ?? ""),
    inquirySubject: i18n.t("wine.buy.subject", { wine: title }),
    summary: { src: summaryPath(i18n.lang, wine.id), fileName: summaryFileName(content.site.estateName, wine.vintage) },
  };
}

/** The page of the wine with this id, or null for an unknown one (the "Wine Not Found" view). */
export function wineDetailFor(i18n: I18n, id: string): WineDetailView | null {
  const wine = findWine(id);
  return wine ? wineDetailView(i18n, wine) : null;
}
