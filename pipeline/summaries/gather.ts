/**
 * What each summary sheet says: the wines and the estate's facts from the content boundary
 * (`#content`: `content/wines/<id>.json`, `content/site.json`, `content/grapes.json`), the
 * interface labels and the health message from the message catalogs (`#locales`), and the bottle pictures
 * in `content/images/bottles/<id>.png`. This is the one place that knows where a sheet's texts
 * live; the renderer (`render.ts`) only sees the finished `SheetData`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ContentSource, Grapes, Site, Wine } from "#content";
import { postalAddress } from "#content/address";
import { localNames, nameIn } from "#content/names";
import { languageDescriptions, languages, type Language } from "#core/languages";
import { catalogs } from "#locales";
import { healthMessage } from "#presentation/health-message";
import { blendPieces, formatAbv, ratingQuote, scoreLabel, tastingNotes, vineyardAndCellar, volumeLabel, type WineI18n } from "#presentation/wine-format";
import { createI18n } from "../../app/lib/i18n/context";
import type { SheetData } from "./sheet-data";

/**
 * A quote in the language's own marks (core/languages.ts), with the closing full stop where the
 * language sets it: inside the marks, or after them as Spanish does («…nunca pesado»).
 */
function quoted(lang: Language, quote: string): string {
  const {
    quotes: [open, close],
    fullStopAfterQuote,
  } = languageDescriptions[lang];
  if (fullStopAfterQuote && quote.endsWith(".") && !quote.endsWith("...")) return `${open}${quote.slice(0, -1)}${close}.`;
  return `${open}${quote}${close}`;
}

/** One wine's sheet in one language, every string translated and formatted as the site does. */
function toSheetData(i18n: WineI18n, site: Site, grapes: Grapes, wine: Wine, bottlePng: Uint8Array): SheetData {
  const health = healthMessage(i18n.t);
  const names = localNames(site, i18n.lang);
  return {
    wineId: wine.id,
    lang: i18n.lang,
    // The Latin names the sheet prints, with the language's typographic apostrophe (L’Hermitage).
    estateName: nameIn(site.estateName, {}, i18n.lang),
    appellation: site.appellation,
    collection: i18n.t(`wine.collections.${wine.collection}`, { estate: names.estate }),
    name: nameIn(wine.name, {}, i18n.lang),
    vintage: String(wine.vintage),
    specs: [
      { label: i18n.t("wine.specs.abv"), value: formatAbv(i18n, wine.abv) },
      { label: i18n.t("wine.specs.volume"), value: volumeLabel(i18n, wine) },
      { label: i18n.t("wine.specs.blend"), value: blendPieces(i18n, wine.blend, grapes) },
      { label: i18n.t("wine.specs.appellation"), value: names.appellation },
    ],
    vineyard: { heading: i18n.t("wine.specs.vineyardTitle"), facts: vineyardAndCellar(i18n, wine) },
    tastingNotes: { heading: i18n.t("wine.tastingNotes"), text: tastingNotes(i18n.lang, wine) },
    ratings: {
      heading: i18n.t("wine.ratings.title"),
      items: wine.ratings.map((rating) => {
        const quote = ratingQuote(i18n.lang, rating);
        return { critic: rating.critic, score: scoreLabel(i18n, rating.score), quote: quote ? quoted(i18n.lang, quote) : "" };
      }),
    },
    healthMessage: [health.french, ...health.lines],
    address: `${names.estate} · ${postalAddress(site.address, i18n.lang)}`,
    bottlePng,
  };
}

/** The bottle picture drawn on the sheet (the build stops when it is missing). */
function readBottle(dir: string, wineId: string): Buffer {
  return readFileSync(join(dir, "images", "bottles", `${wineId}.png`));
}

/** Every wine's sheet of `source` in every language. When a sheet's texts move, this is the function to re-point. */
export function gatherSheets({ content, dir }: ContentSource): SheetData[] {
  const { site, grapes, wines } = content;
  return languages.flatMap((lang) => {
    const i18n = createI18n(lang, catalogs[lang]);
    return wines.map((wine) => toSheetData(i18n, site, grapes, wine, readBottle(dir, wine.id)));
  });
}
