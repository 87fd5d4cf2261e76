/**
 * The site's languages, each described once. Whatever the code does differently for a language
 * (its tag, its name, how its text is set, how it writes a date or a time, its quotation marks)
 * it reads from the description below, never from the language's code: adding a language is an
 * entry here and the files docs/i18n.md lists, each of which the typecheck or the build names.
 */

/** The site's languages, in the order the switcher lists them. English is the default and has no URL prefix. */
export const languages = ["en", "fr", "zh", "es", "ja"] as const;

export type Language = (typeof languages)[number];

/**
 * The default language: no URL prefix, the fallback for a value that names no language, and the
 * source language of the message catalogs (`locales/messages.pot` holds its text).
 */
export const defaultLanguage = "en" satisfies Language;

/**
 * How a language's text is set. `latin`: in the site's web fonts (cut down to these languages'
 * characters, pipeline/fonts/), with italics and letter-spaced capitals. `cjk`: in the reader's
 * system fonts, with no italics (a slanted ideograph is a distorted one), no letter-spacing, more
 * line height and a satori locale on the summary sheets; CSS reads it from `<html data-script>`.
 */
export type Script = "latin" | "cjk";

/** What the code needs to know about one language. */
export interface LanguageDescription {
  /** BCP 47 tag for `<html lang>`, `hreflang`, `Intl` and Lingui; `zh-Hans` names the script (Simplified Chinese). */
  tag: string;
  /** The language named in itself, as the switcher shows it. */
  name: string;
  /** Open Graph locale (`og:locale`): language and territory with an underscore. */
  ogLocale: string;
  script: Script;
  /** Quotation marks around a quoted sentence (a critic's words on a summary sheet). */
  quotes: readonly [open: string, close: string];
  /** A quote's closing full stop goes after the marks («…nunca pesado».), as Spanish sets it; inside otherwise. */
  fullStopAfterQuote?: true;
  /**
   * Whether its readers know the French postal abbreviations the estate writes ("Rte"); the others
   * get the street written out, "Route du Menhir" (content/address.ts).
   */
  readsFrenchAbbreviations: boolean;
  /**
   * Whether the language writes the estate's street as its prose does, « 860, route du Menhir », on
   * every address it shows (footer, contact page, legal pages, e-mails, summary sheets): French, whose
   * readers took the postal form « 860 Rte du Menhir » for a note (the native readers' FN5).
   */
  streetAsProse?: true;
  /**
   * The legal drinking age the site asks about in this language: the age gate's question, the
   * footer, the shop's lines and the terms read it here. Japanese readers are asked about 20, the
   * age of Japanese law that the under-20 notice on every Japanese page states; the others 18.
   */
  drinkingAge: number;
  /**
   * The apostrophe the language's typography uses inside names written in Latin letters, where the
   * name's own spelling (site.json, a wine's name) has the typewriter one: « Château L’Hermitage
   * Lescours » in French, and in English, Spanish and the Latin names of Chinese and Japanese pages
   * alike (content/names.ts; the native readers of 29 November 2026, F6 and SN3).
   */
  apostrophe?: string;
  /**
   * The separator of thousands where `Intl` writes another: Spanish (RAE, Ortografía 2010) groups
   * numbers of five digits or more with a space, "13 800", where CLDR's Spanish writes "13.800"
   * (core/format.ts `formatNumber`; four-digit numbers stay ungrouped in both).
   */
  groupSeparator?: string;
  /** Where the language writes dates and times otherwise than `Intl` (core/format.ts). */
  dates: {
    /**
     * Written after the first day of a month: French "1er novembre", where CLDR's French patterns
     * print "1 novembre".
     */
    firstOfMonthSuffix?: string;
    /**
     * Times written with an "h": "9 h 30", "15 h" (French typography), where `Intl` gives "9:30" (and
     * `fr-CA`, the one locale with the "h", keeps "15 h 00").
     */
    hourWithH?: boolean;
    /**
     * An event's weekday as its short form in these brackets after the date, as Japanese
     * programmes write it ("2027年2月8日（月）"), where the `full` style spells it out ("月曜日").
     */
    weekdayInBrackets?: readonly [open: string, close: string];
  };
}

/** Narrow no-break space: French puts it inside « » and before ; ! ?. */
const nnbsp = "\u202f";

export const languageDescriptions: Record<Language, LanguageDescription> = {
  en: {
    tag: "en",
    name: "English",
    ogLocale: "en_GB",
    script: "latin",
    quotes: ["“", "”"],
    readsFrenchAbbreviations: true,
    drinkingAge: 18,
    apostrophe: "’",
    dates: {},
  },
  fr: {
    tag: "fr",
    name: "Français",
    ogLocale: "fr_FR",
    script: "latin",
    quotes: [`«${nnbsp}`, `${nnbsp}»`],
    readsFrenchAbbreviations: true,
    streetAsProse: true,
    drinkingAge: 18,
    apostrophe: "’",
    dates: { firstOfMonthSuffix: "er", hourWithH: true },
  },
  zh: {
    tag: "zh-Hans",
    name: "中文",
    ogLocale: "zh_CN",
    script: "cjk",
    quotes: ["“", "”"],
    readsFrenchAbbreviations: false,
    drinkingAge: 18,
    apostrophe: "’",
    dates: {},
  },
  es: {
    tag: "es",
    name: "Español",
    ogLocale: "es_ES",
    script: "latin",
    quotes: ["«", "»"],
    fullStopAfterQuote: true,
    readsFrenchAbbreviations: false,
    drinkingAge: 18,
    apostrophe: "’",
    groupSeparator: nnbsp,
    dates: {},
  },
  ja: {
    tag: "ja",
    name: "日本語",
    ogLocale: "ja_JP",
    script: "cjk",
    quotes: ["「", "」"],
    readsFrenchAbbreviations: false,
    drinkingAge: 20,
    apostrophe: "’",
    dates: { weekdayInBrackets: ["（", "）"] },
  },
};

/**
 * An object with one value for each of `keys`, in their order. The one place such an object is
 * assembled from a list, so its type is asserted here once.
 */
export function keyedBy<K extends string, T>(keys: readonly K[], valueFor: (key: K) => T): Record<K, T> {
  // Object.fromEntries types its keys as string; here they are exactly `keys`.
  return Object.fromEntries(keys.map((key) => [key, valueFor(key)])) as Record<K, T>;
}

/** One value for each language: `perLanguage((lang) => …)`. */
export const perLanguage = <T>(valueFor: (lang: Language) => T): Record<Language, T> => keyedBy(languages, valueFor);

/** Each language named in itself, as the switcher shows it. */
export const languageNames: Record<Language, string> = perLanguage((lang) => languageDescriptions[lang].name);

/** BCP 47 tags for `<html lang>`, `hreflang` and `Intl`. */
export const languageTags: Record<Language, string> = perLanguage((lang) => languageDescriptions[lang].tag);

/** Open Graph locale codes. */
export const ogLocales: Record<Language, string> = perLanguage((lang) => languageDescriptions[lang].ogLocale);

/** The legal drinking age the site asks about in a language (18; 20 in Japanese). */
export const drinkingAge = (lang: Language): number => languageDescriptions[lang].drinkingAge;

/** How a language's text is set (`latin` or `cjk`). */
export const scriptOf = (lang: Language): Script => languageDescriptions[lang].script;

/** The languages of one script, in the languages' order. */
export const languagesOfScript = (script: Script): Language[] => languages.filter((lang) => scriptOf(lang) === script);

/**
 * The language of the estate and of French law: the estate's name and appellation are French words
 * on every page, and the health message (Loi Évin) is a French sentence, translated beside it.
 */
export const estateLanguage = "fr" satisfies Language;

/** The languages of the staff area at `/admin` (its own catalogs, locales/admin/): English and French. */
export const staffLanguages = ["en", "fr"] as const satisfies readonly Language[];

/** `localStorage` key that keeps the visitor's choice (spec §1). */
export const languageStorageKey = "language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}
