/**
 * The estate's clock. A tour's time is stored as the estate's local day and time (`2027-03-28`,
 * `10:00`) plus the zone's name, never as a fixed offset: the instant and the offset are worked out
 * from the zone's rules for that very day, so a 10:00 tour stays at 10:00 on both sides of a
 * daylight-saving change (cal.com #10517, #19589 show what a stored offset does).
 */
import { TZDate } from "@date-fns/tz";

/** The estate's time zone (Saint-Émilion). */
export const estateZone = "Europe/Paris";

/** A local day and time on the estate's clock. */
export interface LocalTime {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`, 24-hour. */
  time: string;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const clockPattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `value` is a real calendar day written `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  const match = dayPattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether `value` is a 24-hour `HH:MM`. */
export const isClock = (value: string): boolean => clockPattern.test(value);

/**
 * Instants of local times already worked out. `TZDate` asks `Intl` for the zone's offset, which
 * costs tens of microseconds each time; an availability answer needs two per slot (93 days, about
 * 200 slots), and `npm run bench:tours` measured 50 answers a second under 200 clients before this
 * cache. A zone's rules do not change while the server runs; the cache is emptied past 20,000 entries.
 */
const instants = new Map<string, number>();

/** The instant a local time on the estate's clock names. */
export function instantOf({ date, time }: LocalTime, zone = estateZone): Date {
  const key = `${zone} ${date} ${time}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const instant = new TZDate(year, month - 1, day, hours, minutes, zone).getTime();
  if (instants.size >= 20_000) instants.clear();
  instants.set(key, instant);
  return new Date(instant);
}

/** `+02:00` for an offset of 120 minutes. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, "0")}:${String(absolute % 60).padStart(2, "0")}`;
}

/** ISO 8601 with that day's offset: `2027-03-28T10:00:00+02:00` (the availability API's `start`). */
export function isoWithOffset(local: LocalTime, zone = estateZone): string {
  const instant = instantOf(local, zone).getTime();
  // The offset is the local time read as UTC minus the instant: no second question to Intl.
  const [year, month, day] = local.date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = local.time.split(":").map(Number) as [number, number];
  const offset = Math.round((Date.UTC(year, month - 1, day, hours, minutes) - instant) / 60_000);
  return `${local.date}T${local.time}:00${offsetText(offset)}`;
}

/** The estate's local day and time at an instant. */
export function localOf(instant: Date, zone = estateZone): LocalTime {
  const at = new TZDate(instant.getTime(), zone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return { date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`, time: `${pad(at.getHours())}:${pad(at.getMinutes())}` };
}

/**
 * Reads a slot's `start` as the availability API wrote it. Null unless it is exactly that shape
 * and its offset is the one the zone has at that local time (an offset from the other side of a
 * daylight-saving change names no slot).
 */
export function parseStart(start: string, zone = estateZone): LocalTime | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00([+-]\d{2}:\d{2})$/.exec(start);
  if (!match || !isDay(match[1]!) || !isClock(match[2]!)) return null;
  const local = { date: match[1]!, time: match[2]! };
  return isoWithOffset(local, zone) === start ? local : null;
}

/** The ISO weekday of a day, 1 (Monday) to 7 (Sunday). */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The day `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function dayCount(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);
}

/** The day `months` after `date`, the day of the month kept where that month has it, else its last day (31 Jan + 1 month: 28 or 29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last))).toISOString().slice(0, 10);
}
