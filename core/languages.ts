/** The site's languages, in the order the switcher lists them. English is the default and has no URL prefix. */
export const languages = ["en", "fr", "zh", "es", "ja"] as const;

export type Language = (typeof languages)[number];

export const defaultLanguage: Language = "en";

/** Each language named in itself, as the switcher shows it. */
export const languageNames: Record<Language, string> = {
  en: "English",
  fr: "Français",
  zh: "中文",
  es: "Español",
  ja: "日本語",
};

/** BCP 47 tags for `<html lang>`, `hreflang` and `Intl`. */
export const languageTags: Record<Language, string> = {
  en: "en",
  fr: "fr",
  zh: "zh-Hans",
  es: "es",
  ja: "ja",
};

/** Open Graph locale codes. */
export const ogLocales: Record<Language, string> = {
  en: "en_GB",
  fr: "fr_FR",
  zh: "zh_CN",
  es: "es_ES",
  ja: "ja_JP",
};

/** `localStorage` key that keeps the visitor's choice (spec §1). */
export const languageStorageKey = "language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}
