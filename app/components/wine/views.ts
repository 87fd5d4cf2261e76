/**
 * The plain objects the wine pages render, worked out at build by their loaders
 * (views.server.ts) and delivered in the page's HTML. Types only: no code reaches the browser.
 */
import type { Picture } from "~/lib/images";
import type { RatingSeal } from "#presentation/wine-format";

/** A wine card (spec §2): image, collection, name, vintage, price, first rating's score. */
export interface WineCardView {
  id: string;
  href: string;
  name: string;
  vintage: number;
  collection: string;
  price: string;
  /** The first rating's score or medal, when the wine has ratings. */
  badge: RatingSeal | null;
  bottle: Picture | null;
  /** Draw the bottle at 90% (chateau-2018). */
  smaller: boolean;
}

/** Everything a wine's page shows (spec §2, /shop/{id}). */
export interface WineDetailView extends WineCardView {
  title: string;
  specs: { abv: string; blend: string; appellation: string };
  tastingNotes: string;
  ratings: { critic: string; score: RatingSeal; quote: string }[];
  /** The buy button's `data-item-*` attributes (spec §7). */
  cart: Record<string, string>;
  /** Subject of the inquiry sent instead when the cart is off. */
  inquirySubject: string;
  summary: { src: string; fileName: string };
}

