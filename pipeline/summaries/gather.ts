/**
 * What each summary sheet says: the wines and the estate's facts from the content boundary
 * (`#content`: `content/wines/<id>.json`, `content/site.json`, `content/grapes.json`), the
 * interface labels and the health message from the message catalogs (`#locales`), and the bottle pictures
 * in `content/images/bottles/<id>.png`. This is the one place that knows where a sheet's texts
 * live; the renderer (`render.ts`) only sees the finished `SheetData`.
 */
import { readFileSync } from "node:fs";
import { content, contentFile, type Grapes, type Site, type Wine } from "#content";
import { postalAddress } from "#content/address";
import { estateLanguage, languageDescriptions, languages } from "#core/languages";
import { catalogs } from "#locales";
import {
  formatAbv,
  formatBlend,
  ratingQuote,
  scoreLabel,
  tastingNotes,
  type WineI18n,
} from "#presentation/wine-format";
import { createI18n } from "../../app/lib/i18n/context";
import type { SheetData } from "./sheet-data";

/**
 * The health message (Loi Évin): the French sentence, then its translation. On a French sheet
 * the French sentence is already the message in the sheet's language (the French catalogue's
 * `healthMeaning` is a note about the law, not a translation), so it stands alone.
 */
function healthMessage(i18n: WineI18n): string[] {
  const french = i18n.t("footer.healthMessage");
  return i18n.lang === estateLanguage ? [french] : [french, i18n.t("footer.healthMeaning")];
}

/** One wine's sheet in one language, every string translated and formatted as the site does. */
export function toSheetData(i18n: WineI18n, site: Site, grapes: Grapes, wine: Wine, bottlePng: Uint8Array): SheetData {
  // Each language's own quotation marks around a critic's words.
  const [open, close] = languageDescriptions[i18n.lang].quotes;
  return {
    wineId: wine.id,
    lang: i18n.lang,
    estateName: site.estateName,
    appellation: site.appellation,
    collection: i18n.t(`wine.collections.${wine.collection}`),
    name: wine.name,
    vintage: String(wine.vintage),
    specs: [
      { label: i18n.t("wine.specs.abv"), value: formatAbv(i18n, wine.abv) },
      { label: i18n.t("wine.specs.blend"), value: formatBlend(i18n, wine.blend, grapes) },
      { label: i18n.t("wine.specs.appellation"), value: site.appellation },
    ],
    tastingNotes: { heading: i18n.t("wine.tastingNotes"), text: tastingNotes(i18n.lang, wine) },
    ratings: {
      heading: i18n.t("wine.ratings.title"),
      items: wine.ratings.map((rating) => {
        const quote = ratingQuote(i18n.lang, rating);
        return { critic: rating.critic, score: scoreLabel(i18n, rating.score), quote: quote ? `${open}${quote}${close}` : "" };
      }),
    },
    healthMessage: healthMessage(i18n),
    address: `${site.estateName} · ${postalAddress(site.address, i18n.lang)}`,
    bottlePng,
  };
}

/** The bottle picture drawn on the sheet (the build stops when it is missing). */
function readBottle(wineId: string): Buffer {
  return readFileSync(contentFile("images", "bottles", `${wineId}.png`));
}

/** Every wine's sheet in every language. When a sheet's texts move, this is the function to re-point. */
export function gatherSheets(): SheetData[] {
  const { site, grapes, wines } = content;
  return languages.flatMap((lang) => {
    const i18n = createI18n(lang, catalogs[lang]);
    return wines.map((wine) => toSheetData(i18n, site, grapes, wine, readBottle(wine.id)));
  });
}
