/**
 * A private iCalendar feed per member of the staff: the confirmed tours, for the calendar of their
 * phone or computer. The address carries a random token (32 bytes); making a new one revokes the
 * old address at once. Only accounts whose role opens the inbox get a feed.
 */
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { content } from "#content";
import { textIn } from "#content/text";
import type { Db } from "../db/database";
import { manageToken } from "./ledger";
import { addDays, localOf } from "./paris-time";

/** The path of a feed; the token is its last part. */
export const feedPath = (token: string) => `/admin/calendar/feed/${token}.ics`;

/** The staff member's feed token, made on first use. */
export function feedToken(db: Db, staffId: number, now: Date): string {
  const row = db.prepare("SELECT token FROM staff_calendar_feeds WHERE staff_id = ?").get(staffId) as { token: string } | undefined;
  if (row) return row.token;
  const token = manageToken();
  db.prepare("INSERT INTO staff_calendar_feeds (staff_id, token, created_at) VALUES (?, ?, ?)").run(staffId, token, now.toISOString());
  return token;
}

/** Revokes the staff member's feed address and makes a new one. */
export function renewFeed(db: Db, staffId: number, now: Date): string {
  const token = manageToken();
  db.prepare("INSERT INTO staff_calendar_feeds (staff_id, token, created_at) VALUES (?, ?, ?) ON CONFLICT (staff_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at").run(
    staffId,
    token,
    now.toISOString(),
  );
  return token;
}

/** The account a feed token belongs to, or null. */
export function feedOwner(db: Db, token: string): number | null {
  const row = db.prepare("SELECT staff_id FROM staff_calendar_feeds WHERE token = ?").get(token) as { staff_id: number } | undefined;
  return row?.staff_id ?? null;
}

/**
 * The feed: every confirmed tour from a month ago on, in the estate's zone with its VTIMEZONE, one
 * event per booking (its UID the booking's, so an update replaces it): the tour in English, the
 * visitor's name and group, their language, and the booking's page in the inbox.
 */
export function staffFeed(db: Db, options: { siteUrl: string; durationMinutes: number; now: Date }): string {
  const since = addDays(localOf(options.now).date, -31);
  const rows = db
    .prepare(
      `SELECT s.booking_id, s.package, s.slot_date, s.slot_time, s.time_zone, s.guests, s.sequence, t.name, t.language
       FROM tour_slot_bookings s JOIN tour_bookings t ON t.id = s.booking_id
       WHERE s.status = 'confirmed' AND s.slot_date >= ? ORDER BY s.slot_date, s.slot_time`,
    )
    .all(since) as { booking_id: string; package: string; slot_date: string; slot_time: string; time_zone: string; guests: number; sequence: number; name: string; language: string }[];
  const host = new URL(options.siteUrl).hostname;
  const calendar = ical({
    name: content.site.estateName,
    prodId: { company: content.site.estateName, product: "staff-calendar", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const row of rows) {
    const [year, month, day] = row.slot_date.split("-").map(Number) as [number, number, number];
    const [hours, minutes] = row.slot_time.split(":").map(Number) as [number, number];
    const start = new TZDate(year, month - 1, day, hours, minutes, row.time_zone);
    const tour = content.tours.packages.find((candidate) => candidate.id === row.package);
    const language = new Intl.DisplayNames(["en"], { type: "language" }).of(row.language) ?? row.language;
    calendar.createEvent({
      id: `${row.booking_id}@${host}`,
      sequence: row.sequence,
      stamp: options.now,
      start,
      end: new TZDate(start.getTime() + options.durationMinutes * 60_000, row.time_zone),
      timezone: row.time_zone,
      summary: `${row.name} · ${row.guests === 1 ? "1 person" : `${row.guests} people`} · ${tour ? textIn(tour.selectedLabel, "en") : row.package}`,
      description: `Language: ${language}\n${new URL(`/admin/submissions/tour-bookings/${row.booking_id}`, options.siteUrl).toString()}`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
