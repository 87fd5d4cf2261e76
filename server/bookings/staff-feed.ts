/**
 * A private iCalendar feed per member of the staff: the confirmed tours, for the calendar of their
 * phone or computer. The address carries a random token (32 bytes); making a new one revokes the
 * old address at once. Only accounts whose role opens the inbox get a feed.
 */
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { adminTranslator, type AdminLanguage } from "#locales/admin";
import type { ContentStore } from "../content-store";
import { confirmedSince } from "../db/tour-ledger";
import type { Bookings } from "./deps";
import { addDays, localOf } from "./paris-time";

/** The path of a feed; the token is its last part. */
export const feedPath = (token: string) => `/admin/calendar/feed/${token}.ics`;

/**
 * The feed: every confirmed tour from a month ago on, in the estate's zone with its VTIMEZONE, one
 * event per booking (its UID the booking's, so an update replaces it), in the staff member's
 * language (`lang`): the tour, the visitor's name and group, their language, their phone, and the
 * booking's page in the inbox.
 */
export function staffFeed(deps: Pick<Bookings, "db">, options: { siteUrl: string; content: ContentStore; now: Date; lang: AdminLanguage }): string {
  const { t } = adminTranslator(options.lang);
  const languageName = new Intl.DisplayNames([options.lang], { type: "language" });
  const { site, tours } = options.content.current;
  const since = addDays(localOf(options.now).date, -31);
  const rows = confirmedSince(deps.db, since);
  const host = new URL(options.siteUrl).hostname;
  const calendar = ical({
    name: site.estateName,
    prodId: { company: site.estateName, product: "staff-calendar", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const row of rows) {
    const [year, month, day] = row.slot_date.split("-").map(Number) as [number, number, number];
    const [hours, minutes] = row.slot_time.split(":").map(Number) as [number, number];
    const start = new TZDate(year, month - 1, day, hours, minutes, row.time_zone);
    const language = languageName.of(row.language) ?? row.language;
    calendar.createEvent({
      id: `${row.booking_id}@${host}`,
      sequence: row.sequence,
      stamp: options.now,
      start,
      end: new TZDate(start.getTime() + tours.facts.durationMinutes * 60_000, row.time_zone),
      timezone: row.time_zone,
      summary: `${row.name} · ${t("slot.guests", { count: row.guests })} · ${options.content.tourName(row.package, options.lang)}`,
      description: [
        t("feed.language", { language }),
        ...(row.phone ? [t("feed.phone", { phone: row.phone })] : []),
        new URL(`/admin/submissions/tour-bookings/${row.booking_id}`, options.siteUrl).toString(),
      ].join("\n"),
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
