/**
 * Every character the site's Latin-script pages (English, French, Spanish) can put on screen, for
 * the font subsets (./subset.ts): the interface messages of those languages, the content's texts in
 * them and the estate's facts, the languages' own names in the switcher, and a safety set for what
 * is formatted at build or in the browser (digits, prices, dates) and for the next text an editor
 * writes in French or Spanish.
 */
import { readContent } from "#content";
import { isLanguage, languageNames, languagesOfScript, scriptOf } from "#core/languages";
import { catalogs } from "#locales";

/** The languages whose pages set their text in the web fonts (`latin`); the `cjk` ones use system fonts (app/app.css). */
const latinLanguages = languagesOfScript("latin");

/** A key of a content record or catalog that holds a text in a language not set in the web fonts. */
const otherScriptKey = (key: string) => isLanguage(key) && scriptOf(key) !== "latin";

/**
 * Characters no text has to contain for the fonts to carry them: everything formatting can produce
 * (digits, separators, currency, percent, the no-break spaces French uses around « » and before
 * : ; ! ? %), typographic quotes and dashes, and every letter of French and Spanish, capitals included.
 */
export const safetySet = [
  // Printable ASCII: letters, digits, punctuation, and the syntax of ICU messages.
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  "\u00a0\u202f\u2009", // no-break space, narrow no-break space, thin space
  "«»‹›“”‘’„‚", // quotes
  "–—…•·", // dashes, ellipsis, bullets
  "€£$¢¥°%‰№ºª", // currency, degrees, ordinals
  "×÷±−", // signs
  "©®™§¶†", // marks legal pages use
  "¡¿", // Spanish opening marks
  "àâäæçéèêëîïôöœùûüÿ", // French
  "ÀÂÄÆÇÉÈÊËÎÏÔÖŒÙÛÜŸ",
  "áéíóúñü", // Spanish
  "ÁÉÍÓÚÑÜ",
].join("");

/** Every string inside a value (catalog, content record), leaving out the texts in `cjk` languages. */
export function latinStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(latinStrings);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => (otherScriptKey(key) ? [] : latinStrings(inner)));
  }
  return [];
}

/**
 * The text of the English, French and Spanish pages as a source for subsetting: the compiled
 * catalogs walked whole (literal text and the ICU names around it, which are ASCII), every content
 * string outside its values in `cjk` languages, the languages' names, and the safety set.
 */
export function latinSiteText(): string {
  const messages = latinLanguages.flatMap((lang) => latinStrings(catalogs[lang]));
  const texts = latinStrings(readContent(undefined, { pictures: false }));
  return [...messages, ...texts, ...Object.values(languageNames), safetySet].join("\n");
}

/** The distinct characters (code points) of a text, sorted, without line breaks. */
export function characterSet(text: string): string[] {
  return [...new Set(Array.from(text.replace(/[\n\r\t]/g, "")))].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
}
