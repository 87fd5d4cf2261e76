/**
 * The events page's data, worked out by its route loader at build: the visitor's JavaScript
 * carries neither the content nor the date and time formatting.
 */
import type { Content, EstateEvent } from "#content";
import { textIn } from "#content/text";
import { formatEventDate, formatTime } from "#core/format";
import type { Language } from "#core/languages";
import type { EventView } from "./views";

function eventView(event: EstateEvent, lang: Language): EventView {
  const { id, type, date, time } = event;
  return {
    id,
    type,
    title: textIn(event.title, lang),
    location: textIn(event.location, lang),
    description: textIn(event.description, lang),
    datetime: time ? `${date}T${time}` : date,
    dateLabel: formatEventDate(date, lang),
    ...(time ? { timeLabel: formatTime(time, lang) } : {}),
  };
}

/** Upcoming events soonest first, past events latest first (the content module's order). */
export function eventsView(content: Content, lang: Language): { upcoming: EventView[]; past: EventView[] } {
  const views = content.events.map((event) => ({ status: event.status, view: eventView(event, lang) }));
  return {
    upcoming: views.filter((e) => e.status === "upcoming").map((e) => e.view),
    past: views.filter((e) => e.status === "past").map((e) => e.view),
  };
}
