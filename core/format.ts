import { languageTags, type Language } from "./languages";

/** A price in euros for the page's language: `€175.00` in English, `175,00 €` in French. */
export function formatPrice(amount: number, lang: Language): string {
  return new Intl.NumberFormat(languageTags[lang], { style: "currency", currency: "EUR" }).format(amount);
}

/**
 * A calendar date (`YYYY-MM-DD`) in the page's language. Read and shown in UTC so the build
 * and every visitor's browser print the same day.
 */
export function formatDate(isoDate: string, lang: Language, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  return new Intl.DateTimeFormat(languageTags[lang], { ...options, timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}
