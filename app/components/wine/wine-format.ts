/**
 * How a wine's facts read in the page's language: its title, blend, alcohol, scores and quotes,
 * its cart data and its summary sheet. Plain functions, shared by the pages and by the build
 * script that draws the summary sheets (scripts/build-summaries.ts).
 */
import type { Rating, Wine } from "~/lib/content";
import { formatPrice } from "#core/format";
import type { I18n } from "~/lib/i18n/context";
import type { Language } from "#core/languages";
import type { Medal } from "../../../content/schemas/wine";
import { winePath } from "#core/paths";

/** What these helpers need from the page's translator. */
export type WineI18n = Pick<I18n, "lang" | "tag" | "t" | "tDynamic" | "has">;

/** The name the cart and headings use: "Château L'Hermitage Lescours 2020". */
export function wineTitle(wine: Pick<Wine, "name" | "vintage">): string {
  return `${wine.name} ${wine.vintage}`;
}

/** The wine's tasting notes in the page's language (key `wineContent.{id}.tastingNotes`). */
export function tastingNotes(i18n: WineI18n, wine: Pick<Wine, "id">): string {
  return i18n.tDynamic(`wineContent.${wine.id}.tastingNotes`);
}

/**
 * The quote to show for a rating: its translation for the page's language when one exists
 * (`wineContent.{id}.ratings.{critic}`), else the original. Empty means "show no quote".
 */
export function ratingQuote(i18n: WineI18n, wine: Pick<Wine, "id">, rating: Rating): string {
  if (rating.quote.trim() === "") return "";
  const key = `wineContent.${wine.id}.ratings.${rating.critic}`;
  return i18n.has(key) ? i18n.tDynamic(key) : rating.quote;
}

/** Points always carry their scale ("95/100"); anything else is a medal (the schema allows no other). */
function isMedal(score: string): score is Medal {
  return !score.includes("/");
}

/** "95/100" as the language writes it ("17,5/20" in French), or the medal's translated name. */
export function scoreLabel(i18n: WineI18n, score: Rating["score"]): string {
  if (isMedal(score)) return i18n.t(`wine.medals.${score}`);
  const [points = "", scale = ""] = score.split("/");
  const number = new Intl.NumberFormat(i18n.tag, { maximumFractionDigits: 1 }).format(Number(points));
  return `${number}/${scale}`;
}

/** "14%" written the language's way ("14 %" in French). */
export function formatAbv(i18n: WineI18n, abv: string): string {
  const value = Number.parseFloat(abv);
  if (Number.isNaN(value)) return abv;
  return new Intl.NumberFormat(i18n.tag, { style: "percent", maximumFractionDigits: 1 }).format(value / 100);
}

/**
 * The blend with grape names and percentages in the language's own forms: "80% Merlot, …" in
 * English, "メルロー80%、…" in Japanese. A grape without a translation keeps its name.
 */
export function formatBlend(i18n: WineI18n, blend: string): string {
  const parts = blend.split(",").map((part) => {
    const match = /^\s*(?:(\d{1,3})%\s+)?(.+?)\s*$/.exec(part);
    const grapeName = match?.[2] ?? part.trim();
    const grapeKey = `grapes.${grapeName}`;
    const grape = i18n.has(grapeKey) ? i18n.tDynamic(grapeKey) : grapeName;
    const share = match?.[1];
    if (share === undefined) return grape;
    const percent = new Intl.NumberFormat(i18n.tag, { style: "percent" }).format(Number(share) / 100);
    return i18n.t("wine.blendPart", { percent, grape });
  });
  return parts.join(i18n.t("wine.blendSeparator"));
}

/** Spec §7: the cart service reads these categories from every wine. */
export const cartCategories = "Wine|Saint-Émilion Grand Cru";

/** Where a wine's summary sheet is served (generated at build by scripts/build-summaries.ts). */
export function summaryPath(lang: Language, wineId: string): string {
  return `/summaries/${lang}/${wineId}.jpg`;
}

/** Pixel size of every summary sheet (A4 at 150 dpi). */
export const summarySize = { width: 1240, height: 1754 } as const;

/** The name the downloaded sheet is saved under: "Château L'Hermitage Lescours-2020-Summary.jpg". */
export function summaryFileName(estateName: string, vintage: number): string {
  return `${estateName}-${vintage}-Summary.jpg`;
}

/**
 * The buy button's data for Snipcart (spec §7), identical in every build and in the served
 * HTML, which Snipcart's crawler reads to validate an order: id, "name vintage", price with two
 * decimals, the page's own path, the bottle image's path, the tasting notes, the categories.
 */
export function cartItemData(i18n: WineI18n & Pick<I18n, "href">, wine: Wine, imagePath: string): Record<string, string> {
  return {
    "data-item-id": wine.id,
    "data-item-name": wineTitle(wine),
    "data-item-price": wine.price.toFixed(2),
    "data-item-url": i18n.href(winePath(wine.id)),
    "data-item-image": imagePath,
    "data-item-description": tastingNotes(i18n, wine),
    "data-item-categories": cartCategories,
  };
}

/** The price as the page's language writes it. */
export function winePrice(i18n: Pick<I18n, "lang">, wine: Pick<Wine, "price">): string {
  return formatPrice(wine.price, i18n.lang);
}
