/**
 * Days and times as the estate's staff read them, one way everywhere they see them (the staff
 * area's pages and the estate's own e-mails), on the estate's clock: "Sat 5 Dec 2026, 10:00" in
 * English, « sam. 5 déc. 2026 à 10 h » in French (« 1er » for the first of the month, « 10 h 30 »:
 * the site's French typography, core/format.ts).
 */
import { formatDate, formatTime } from "#core/format";
import { languageDescriptions } from "#core/languages";
import { adminDateTags, adminTranslator, type AdminLanguage } from "#locales/admin";

/** The estate's clock. */
export const estateTimeZone = "Europe/Paris";

/** A calendar day (`YYYY-MM-DD`): "Sat 5 Dec", « mar. 1er déc. » (`year`: "Sat 5 Dec 2026"). */
export function staffDay(day: string, lang: AdminLanguage, { year = true }: { year?: boolean } = {}): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  // Some ICU versions put a comma after the English weekday ("Sat, 5 Dec"): one form everywhere.
  return formatDate(day, lang, { weekday: "short", day: "numeric", month: "short", ...(year ? { year: "numeric" } : {}) }, adminDateTags[lang]).replace(
    /^([^\s,]+), /,
    "$1 ",
  );
}

/** A time of day (`HH:MM`): "15:00" in English, « 15 h » and « 9 h 30 » in French. */
export function staffClock(time: string, lang: AdminLanguage): string {
  return languageDescriptions[lang].dates.hourWithH ? formatTime(time, lang) : time;
}

/** The estate's local day and time of an instant. */
export function parisParts(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: estateTimeZone,
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A day and a time together: "Sat 5 Dec 2026, 10:00", « sam. 5 déc. 2026 à 10 h ». */
export function staffDayAndTime(day: string, time: string, lang: AdminLanguage, options: { year?: boolean } = {}): string {
  return adminTranslator(lang).t("clock.dayAt", { day: staffDay(day, lang, options), time: staffClock(time, lang) });
}

/** A stored instant (ISO 8601) on the estate's clock: "Mon 23 Nov 2026, 13:05", « lun. 23 nov. 2026 à 13 h 05 ». */
export function staffMoment(iso: string, lang: AdminLanguage, options: { year?: boolean } = {}): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const { date, time } = parisParts(instant);
  return staffDayAndTime(date, time, lang, options);
}
