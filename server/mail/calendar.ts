import ical, { ICalCalendarMethod } from "ical-generator";

/** One appointment, as the visitor's calendar shows it. */
export interface CalendarVisit {
  /** Stable across re-sends, so a calendar updates the event instead of adding a second one. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

/**
 * An iCalendar file (RFC 5545) with one event, written by ical-generator (escaping, line
 * folding, UTC times). `METHOD:PUBLISH`: the visit is announced, not an invitation that asks the
 * visitor's calendar to send an answer back. Times are in UTC, which every calendar shows in its
 * own zone, so no time-zone definition needs to travel with the file.
 */
export function visitCalendar(visit: CalendarVisit): string {
  const calendar = ical({
    prodId: { company: visit.organizer.name, product: "website", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: visit.uid,
    sequence: 0,
    stamp: visit.stamp,
    start: visit.start,
    end: visit.end,
    summary: visit.summary,
    description: visit.description,
    location: visit.location,
    organizer: visit.organizer,
  });
  return calendar.toString();
}
