import { createContext, useContext } from "react";
import type { Site } from "#content";
import type { LocalNames } from "#content/names";
import type { KeptPieces } from "./kept-phrases";

/** The estate's facts every page shows (navigation, footer), from content/site.json through the layout's loader. */
export interface SiteView extends Pick<Site, "estateName" | "appellation" | "contact" | "social" | "sisterBrands"> {
  /** The postal address on one line, the country named in the page's language. */
  address: string;
  /**
   * The estate's, the sister estate's and the appellation's names as the page's language writes
   * them (莱斯库尔隐庐酒庄 in Chinese): titles and first mentions. The logo keeps `estateName`.
   */
  names: LocalNames;
  /** The footer's tagline, the appellation and the estate's name in it kept whole on a line (./kept-phrases.ts). */
  tagline: KeptPieces;
  /** The sister estate's Latin name, as its link among the sister brands is named. */
  sisterEstateName: string;
  /**
   * The cart button's names while the cart is empty, worded at build: the count stays 0 until
   * Snipcart has loaded, and wording a count in the browser would cost every page its first
   * `Intl.PluralRules` while it hydrates (docs/performance.md, "A quiet main thread").
   */
  emptyCart: { open: string; unavailable: string };
}

export const SiteContext = createContext<SiteView | null>(null);

/** The estate's name, contact details and links, for the page being rendered. */
export function useSite(): SiteView {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSite must be used inside the language layout");
  return value;
}
