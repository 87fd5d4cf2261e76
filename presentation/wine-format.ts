/**
 * How a wine's facts read in the page's language: its title, blend, alcohol, scores and quotes,
 * its cart data and its summary sheet. Plain functions over the parsed content, shared by the
 * pages' loaders (app/), the structured data and the summary sheets the build draws (pipeline/),
 * so it sits below both. Build-side only: the pages receive their results through loader data.
 */
import type { Grapes, Medal, Rating, Wine } from "#content";
import { formatText, textIn } from "#content/text";
import { formatDate, formatNumber, formatPrice } from "#core/format";
import type { Language } from "#core/languages";
import { winePath } from "#core/paths";
import type { MessageValues } from "#core/i18n";
import type { MessageId } from "#locales";

/** What these helpers need from the page's translator (the app's `I18n` has it, and so has the build's). */
export interface WineI18n {
  lang: Language;
  /** BCP 47 tag for `Intl`. */
  tag: string;
  t: (id: MessageId, values?: MessageValues) => string;
}

/** The name the cart and headings use: "Château L'Hermitage Lescours 2020". */
export function wineTitle(wine: Pick<Wine, "name" | "vintage">): string {
  return `${wine.name} ${wine.vintage}`;
}

/** The wine's tasting notes in the page's language. */
export function tastingNotes(lang: Language, wine: Pick<Wine, "tastingNotes">): string {
  return textIn(wine.tastingNotes, lang);
}

/**
 * The quote to show for a rating (spec §2): its translation for the page's language when there is
 * one, else the original. Empty means "show no quote".
 */
export function ratingQuote(lang: Language, rating: Rating): string {
  if (rating.quote.trim() === "") return "";
  const translated = rating.translations?.[lang];
  return translated === undefined ? rating.quote : formatText(translated, lang);
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

/** A rating as its round seal shows it, and what a screen reader hears instead. */
export interface RatingSeal {
  label: string;
  /** "Score: 95/100" for points; a medal's name alone ("Gold Medal"), which is no score. */
  spoken: string;
}

export function ratingSeal(i18n: WineI18n, score: Rating["score"]): RatingSeal {
  const label = scoreLabel(i18n, score);
  return { label, spoken: isMedal(score) ? label : i18n.t("wine.ratings.score", { score: label }) };
}

/** "14%" as the language writes it on a label: « 14 % vol. » in French, "14%vol" in Chinese. */
export function formatAbv(i18n: WineI18n, abv: string): string {
  const value = Number.parseFloat(abv);
  if (Number.isNaN(value)) return abv;
  const percent = new Intl.NumberFormat(i18n.tag, { style: "percent", maximumFractionDigits: 1 }).format(value / 100);
  return i18n.t("wine.abvValue", { abv: percent });
}

/**
 * The blend, each grape with its share, as pieces that are never broken across lines: "80% Merlot,",
 * "15% Cabernet Sauvignon," and "5% Cabernet Franc" in English, "メルロー、", "カベルネ・フラン、"…
 * in Japanese. Each piece but the last carries the language's separator without its trailing
 * space; `space` is that space ("" where the language sets none, as Chinese and Japanese do).
 */
export interface BlendPieces {
  pieces: string[];
  space: string;
}

/**
 * The blend with grape names (content/grapes.json) and percentages in the language's own forms,
 * in pieces a line may only break between. A grape without names keeps its own.
 */
export function blendPieces(i18n: WineI18n, blend: string, grapes: Grapes): BlendPieces {
  const grapesWithShares = blend.split(",").map((part) => {
    const match = /^\s*(?:(\d{1,3})%\s+)?(.+?)\s*$/.exec(part);
    const grapeName = match?.[2] ?? part.trim();
    const grape = grapes[grapeName]?.[i18n.lang] ?? grapeName;
    const share = match?.[1];
    if (share === undefined) return grape;
    const percent = new Intl.NumberFormat(i18n.tag, { style: "percent" }).format(Number(share) / 100);
    return i18n.t("wine.blendPart", { percent, grape });
  });
  const separator = i18n.t("wine.blendSeparator");
  const mark = separator.trimEnd();
  const pieces = grapesWithShares.map((piece, index) => (index < grapesWithShares.length - 1 ? `${piece}${mark}` : piece));
  return { pieces, space: separator.slice(mark.length) };
}

/** The blend on one line of text: "80% Merlot, 15% Cabernet Sauvignon, 5% Cabernet Franc", "メルロー80%、…". */
export function formatBlend(i18n: WineI18n, blend: string, grapes: Grapes): string {
  const { pieces, space } = blendPieces(i18n, blend, grapes);
  return pieces.join(space);
}

/** The price with the tax it includes stated, as consumer law asks: "175 € TTC", "€175 incl. VAT", "€175（税込）". */
export function winePriceWithTax(i18n: WineI18n, wine: Pick<Wine, "price">): string {
  return i18n.t("wine.priceWithTax", { price: winePrice(i18n.lang, wine) });
}

/**
 * The bottle's volume in the unit the language's wine labels use, which its catalog names
 * (`wine.volumeUnit`): « 75 cl » in French, "750 毫升" in Chinese.
 */
export function volumeLabel(i18n: WineI18n, wine: Pick<Wine, "volumeMl">): string {
  return i18n.t("wine.volumeUnit") === "ml" ? i18n.t("wine.volumeMl", { ml: wine.volumeMl }) : i18n.t("wine.volumeCl", { cl: wine.volumeMl / 10 });
}

/** The line under the price: "75 cl bottle", « Bouteille de 75 cl », "750 毫升装". */
export function bottleVolume(i18n: WineI18n, wine: Pick<Wine, "volumeMl">): string {
  return i18n.t("wine.bottle", { volume: volumeLabel(i18n, wine) });
}

/**
 * The price per litre beside a bottle's price, to the cent (the EU unit-price rule, directive
 * 98/6/EC): « (233,33 € le litre) », "(€233.33 per litre)", "（每升 €233.33）".
 */
export function unitPrice(i18n: WineI18n, wine: Pick<Wine, "price" | "volumeMl">): string {
  const perLitre = Math.round((wine.price * 1000 * 100) / wine.volumeMl) / 100;
  return i18n.t("wine.unitPrice", { price: formatPrice(perLitre, i18n.lang) });
}

/**
 * The harvest's first and last day as the language writes them, the month said once when both
 * fall in it: "September 10" and "30", « 10 » and « 30 septembre », "9月10日" and "30日". Which
 * end loses its month follows the language's own order of day and month (Intl), not a list of
 * languages.
 */
function harvestDays(i18n: Pick<WineI18n, "lang" | "tag">, harvest: Wine["harvest"]): { start: string; end: string } {
  const dayAndMonth = (isoDate: string) => formatDate(isoDate, i18n.lang, { month: "long", day: "numeric" });
  const day = (isoDate: string) => formatDate(isoDate, i18n.lang, { day: "numeric" });
  if (harvest.start.slice(0, 7) !== harvest.end.slice(0, 7)) return { start: dayAndMonth(harvest.start), end: dayAndMonth(harvest.end) };
  const order = new Intl.DateTimeFormat(i18n.tag, { month: "long", day: "numeric", timeZone: "UTC" })
    .formatToParts(new Date(`${harvest.start}T00:00:00Z`))
    .map((part) => part.type);
  return order.indexOf("day") < order.indexOf("month")
    ? { start: day(harvest.start), end: dayAndMonth(harvest.end) }
    : { start: dayAndMonth(harvest.start), end: day(harvest.end) };
}

/** One line of a wine's technical facts: which it is, its label and its value, in the page's language. */
export interface WineFact {
  key: "soils" | "vineAge" | "harvest" | "ageing" | "production";
  label: string;
  value: string;
}

/**
 * What the vineyard and the cellar gave the wine, in the page's language: soils, the vines'
 * average age, the harvest's days, the time in barrel with the share of new oak, and how many
 * bottles were made (sample values until the estate gives its own: content/README.md).
 */
export function vineyardAndCellar(i18n: WineI18n, wine: Wine): WineFact[] {
  const newOak = new Intl.NumberFormat(i18n.tag, { style: "percent" }).format(wine.ageing.newOakPercent / 100);
  return [
    { key: "soils", label: i18n.t("wine.specs.soils"), value: textIn(wine.soils, i18n.lang) },
    { key: "vineAge", label: i18n.t("wine.specs.vineAge"), value: i18n.t("wine.specs.vineAgeValue", { years: wine.vineAgeYears }) },
    { key: "harvest", label: i18n.t("wine.specs.harvest"), value: i18n.t("wine.specs.harvestDays", harvestDays(i18n, wine.harvest)) },
    { key: "ageing", label: i18n.t("wine.specs.ageing"), value: i18n.t("wine.specs.ageingValue", { months: wine.ageing.months, newOak }) },
    {
      key: "production",
      label: i18n.t("wine.specs.production"),
      value: i18n.t("wine.specs.productionValue", { bottles: wine.productionBottles, shown: formatNumber(wine.productionBottles, i18n.lang) }),
    },
  ];
}

/** Spec §7: the cart service reads these categories from every wine. */
const cartCategories = "Wine|Saint-Émilion Grand Cru";

/** Where a wine's summary sheet is served (generated at build by pipeline/build-summaries.ts). */
export function summaryPath(lang: Language, wineId: string): string {
  return `/summaries/${lang}/${wineId}.jpg`;
}

/** The name the downloaded sheet is saved under: "Château L'Hermitage Lescours-2020-Summary.jpg". */
export function summaryFileName(estateName: string, vintage: number): string {
  return `${estateName}-${vintage}-Summary.jpg`;
}

/**
 * The buy button's data for Snipcart (spec §7), identical in every build and in the served
 * HTML, which Snipcart's crawler reads to validate an order: id, "name vintage", price with two
 * decimals, the page's own path, the bottle image's path, the tasting notes, the categories.
 */
export function cartItemData(i18n: { lang: Language; href: (path: string) => string }, wine: Wine, imagePath: string): Record<string, string> {
  return {
    "data-item-id": wine.id,
    "data-item-name": wineTitle(wine),
    "data-item-price": wine.price.toFixed(2),
    "data-item-url": i18n.href(winePath(wine.id)),
    "data-item-image": imagePath,
    "data-item-description": tastingNotes(i18n.lang, wine),
    "data-item-categories": cartCategories,
  };
}

/** The price as the page's language writes it. */
export function winePrice(lang: Language, wine: Pick<Wine, "price">): string {
  return formatPrice(wine.price, lang);
}
