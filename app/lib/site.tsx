import { createContext, useContext } from "react";
import type { Site } from "#content";

/** The estate's facts every page shows (navigation, footer), from content/site.json through the layout's loader. */
export interface SiteView extends Pick<Site, "estateName" | "appellation" | "contact" | "social" | "sisterBrands"> {
  /** The postal address on one line, the country named in the page's language. */
  address: string;
  /**
   * The cart's count in words while it is empty ("0 items in the cart"), worded at build. The
   * count stays 0 until Snipcart has loaded; wording it in the browser would cost every page its
   * first `Intl.NumberFormat` while it hydrates (docs/performance.md, "A quiet main thread").
   */
  emptyCart: string;
}

export const SiteContext = createContext<SiteView | null>(null);

/** The estate's name, contact details and links, for the page being rendered. */
export function useSite(): SiteView {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSite must be used inside the language layout");
  return value;
}
