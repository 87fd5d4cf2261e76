/**
 * The plain objects the wine pages render, worked out at build by their loaders
 * (views.server.ts) and delivered in the page's HTML. Types only: no code reaches the browser.
 */
import type { Picture } from "~/lib/images";
import type { BlendPieces, RatingSeal } from "#presentation/wine-format";

/** A wine card (spec §2): image, collection, name, vintage, price, first rating's score. */
export interface WineCardView {
  id: string;
  href: string;
  /** The wine's name as the page's language writes it (莱斯库尔隐庐酒庄 on a Chinese page, with ’ elsewhere). */
  name: string;
  /** Its Latin name where the page writes another (Chinese, Japanese), shown beside it in French; else null. */
  latinName: string | null;
  vintage: number;
  collection: string;
  /** The price alone ("175 €"), for the buy button. */
  price: string;
  /** The price with the tax it includes stated ("175 € TTC"), as consumer law asks wherever it is shown. */
  priceWithTax: string;
  /** The bottle's volume under the price ("Bouteille de 75 cl"). */
  volume: string;
  /** The price per litre, beside the price ("(233,33 € le litre)"). */
  unitPrice: string;
  /** The first rating's score or medal, when the wine has ratings. */
  badge: RatingSeal | null;
  bottle: Picture | null;
  /** Draw the bottle at 90% (chateau-2018). */
  smaller: boolean;
}

/**
 * One line of the specifications: its label and its value. The blend comes in pieces a line may
 * only break between (never inside "Cabernet Sauvignon"), with the space set between them.
 */
export interface WineSpec {
  key: string;
  label: string;
  value: string | BlendPieces;
}

/** Everything a wine's page shows (spec §2, /shop/{id}). */
export interface WineDetailView extends WineCardView {
  title: string;
  /** Specifications (spec §2): alcohol, bottle size, blend, appellation, each with its label. */
  specs: WineSpec[];
  /** What the vineyard and the cellar gave the wine: soils, vine age, harvest, ageing, production. */
  vineyard: WineSpec[];
  tastingNotes: string;
  ratings: { critic: string; score: RatingSeal; quote: string }[];
  /** The buy button's `data-item-*` attributes (spec §7). */
  cart: Record<string, string>;
  /** Subject of the inquiry sent instead when the cart is off. */
  inquirySubject: string;
  summary: { src: string; fileName: string };
  /** The page's title and description for search engines and link previews, when the editor wrote them (else the catalog's). */
  search: { title?: string; description?: string };
}
