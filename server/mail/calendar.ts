import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/** A booked tour as its calendar file carries it: the estate's local time and zone, and how many times it changed. */
export interface CalendarTour {
  /** Stable for the booking's whole life, so every later file updates the same entry. */
  uid: string;
  /** RFC 5545 SEQUENCE: 0 when booked, one more at every change the visitor is told of. */
  sequence: number;
  /** The estate's local day and time (`2027-03-28`, `10:00`) and its zone. */
  date: string;
  time: string;
  zone: string;
  durationMinutes: number;
  /** REQUEST adds or updates the entry; CANCEL removes it. */
  method: "REQUEST" | "CANCEL";
  /** A request waiting for the estate is TENTATIVE. */
  status: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  /** The visitor, by address only: their name is text they typed, which the estate's files do not repeat. */
  attendee: { email: string };
  stamp: Date;
}

/**
 * A tour's calendar file: its times in the estate's zone (`DTSTART;TZID=Europe/Paris:…`) with
 * that zone's `VTIMEZONE` (from @touch4it/ical-timezones), so the visitor's calendar shows the
 * estate's 10:00 as 10:00 Paris time on both sides of a daylight-saving change (cal.com #12938);
 * `METHOD:REQUEST` or `CANCEL` with a rising `SEQUENCE`, so a move or a cancellation updates the
 * entry the first file made instead of adding one.
 */
export function tourCalendar(tour: CalendarTour): string {
  const calendar = ical({
    prodId: { company: tour.organizer.name, product: "website", language: "EN" },
    method: tour.method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const [year, month, day] = tour.date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = tour.time.split(":").map(Number) as [number, number];
  const start = new TZDate(year, month - 1, day, hours, minutes, tour.zone);
  const end = new TZDate(start.getTime() + tour.durationMinutes * 60_000, tour.zone);
  calendar.createEvent({
    id: tour.uid,
    sequence: tour.sequence,
    stamp: tour.stamp,
    start,
    end,
    timezone: tour.zone,
    summary: tour.summary,
    description: tour.description,
    location: tour.location,
    organizer: tour.organizer,
    attendees: [{ email: tour.attendee.email, rsvp: false }],
    status: ICalEventStatus[tour.status],
  });
  return calendar.toString();
}
