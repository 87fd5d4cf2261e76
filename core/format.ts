import { languageDescriptions, languageTags, type Language } from "./languages";

/**
 * A price in euros for the page's language: `€175` in English, `175 €` in French, `€149.50` when
 * there are cents. Whole prices go without ",00", as wine lists and the native readers write them.
 */
export function formatPrice(amount: number, lang: Language): string {
  const whole = Number.isInteger(amount) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
  return new Intl.NumberFormat(languageTags[lang], { style: "currency", currency: "EUR", ...whole }).format(amount);
}

/**
 * A plain number in the page's language: "4.12" in English, "4,12" in French, "13 800" in Spanish
 * (the language's own separator of thousands where it differs from `Intl`'s: core/languages.ts).
 */
export function formatNumber(value: number, lang: Language): string {
  const separator = languageDescriptions[lang].groupSeparator;
  const format = new Intl.NumberFormat(languageTags[lang]);
  if (!separator) return format.format(value);
  return format
    .formatToParts(value)
    .map((part) => (part.type === "group" ? separator : part.value))
    .join("");
}

/** Midnight UTC of a calendar day (`YYYY-MM-DD`): read and shown in UTC, so every machine prints the same day. */
const utcDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/**
 * A language that writes the first of the month as an ordinal (French "1er novembre", every other day
 * as a number) gets its suffix after the day; ICU prints "1 novembre" (CLDR has no such rule).
 */
function firstOfMonth(parts: Intl.DateTimeFormatPart[], suffix: string): string {
  return parts.map((part) => (part.type === "day" && Number(part.value) === 1 ? `${part.value}${suffix}` : part.value)).join("");
}

/**
 * A calendar date (`YYYY-MM-DD`) in the page's language ("November 1, 2026", "1er novembre 2026").
 * Read and shown in UTC so the build and every visitor's browser print the same day.
 */
export function formatDate(isoDate: string, lang: Language, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }, tag = languageTags[lang]): string {
  const format = new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" });
  const suffix = languageDescriptions[lang].dates.firstOfMonthSuffix;
  return suffix ? firstOfMonth(format.formatToParts(utcDay(isoDate)), suffix) : format.format(utcDay(isoDate));
}

/**
 * An event's day with its weekday, as each language writes it on a programme: "Monday, February 8,
 * 2027", "lundi 1er mars 2027", and in Japanese the weekday's one character in full-width brackets
 * after the date, "2027年2月8日（月）" (ICU's full style spells it out, "2027年2月8日月曜日").
 */
export function formatEventDate(isoDate: string, lang: Language): string {
  const brackets = languageDescriptions[lang].dates.weekdayInBrackets;
  if (!brackets) return formatDate(isoDate, lang, { dateStyle: "full" });
  const weekday = new Intl.DateTimeFormat(languageTags[lang], { weekday: "short", timeZone: "UTC" }).format(utcDay(isoDate));
  return `${formatDate(isoDate, lang)}${brackets[0]}${weekday}${brackets[1]}`;
}

/** A no-break space: "9 h 30" never breaks across lines. */
const nbsp = "\u00a0";

/**
 * A local start time (`HH:MM`) in the page's language: "6:30 PM" in English, "18:30" in Spanish,
 * and in French the typographic form "9 h 30", "15 h" (ICU's fr gives "9:30"; only fr-CA has the
 * "h", and it keeps ":00" minutes as "15 h 00").
 */
export function formatTime(time: string, lang: Language): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  if (languageDescriptions[lang].dates.hourWithH) return minutes === 0 ? `${hours}${nbsp}h` : `${hours}${nbsp}h${nbsp}${String(minutes).padStart(2, "0")}`;
  return new Intl.DateTimeFormat(languageTags[lang], { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(Date.UTC(1970, 0, 1, hours, minutes)),
  );
}
