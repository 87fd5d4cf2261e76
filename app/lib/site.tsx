import { createContext, useContext } from "react";
import type { Site } from "#content";

/** The estate's facts every page shows (navigation, footer), from content/site.json through the layout's loader. */
export interface SiteView extends Pick<Site, "estateName" | "appellation" | "contact" | "social" | "sisterBrands"> {
  /** The postal address on one line, the country named in the page's language. */
  address: string;
}

export const SiteContext = createContext<SiteView | null>(null);

/** The estate's name, contact details and links, for the page being rendered. */
export function useSite(): SiteView {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSite must be used inside the language layout");
  return value;
}
