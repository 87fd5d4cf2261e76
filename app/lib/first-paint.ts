import headingFont from "~/fonts/cormorant-garamond-600.woff2?url";
import bodyFont from "~/fonts/source-sans-3-400.woff2?url";
import { scriptOf, type Language } from "#core/languages";

/**
 * The face a page's largest text is set in, preloaded so that text is drawn in its own font from
 * the first paint: `heading` (Cormorant Garamond 600: titles, the age gate's question) or `body`
 * (Source Sans 3 400: running text). Chosen per page from what Lighthouse reports as the largest
 * paint on a phone (docs/performance.md, "What the browser fetches first").
 */
type FirstPaintFont = "heading" | "body";

/** A page's `handle` may name its first-paint font; pages that name none preload no font. */
export interface FirstPaintHandle {
  font?: FirstPaintFont;
}

const fontFiles: Record<FirstPaintFont, string> = { heading: headingFont, body: bodyFont };

/**
 * The one font file to preload on a page, if any. Pages in a `cjk` language (core/languages.ts) set
 * their text in system fonts (app/app.css), so they preload none.
 */
export function preloadedFont(lang: Language, handles: readonly unknown[]): string | undefined {
  if (scriptOf(lang) === "cjk") return undefined;
  // The deepest route that names one decides (the page, not the layouts around it).
  const font = handles
    .map((handle) => (handle as FirstPaintHandle | undefined)?.font)
    .reverse()
    .find(Boolean);
  return font ? fontFiles[font] : undefined;
}
