/**
 * The events page's data, worked out by its route loader at build: the visitor's JavaScript
 * carries neither the content file nor the date and time formatting.
 */
import { formatTime, pastEvents, upcomingEvents, type EstateEvent } from "~/components/events/events-data";
import type { EventView } from "~/components/events/views";
import { formatDate } from "#core/format";
import type { Language } from "#core/languages";

function eventView({ id, type, date, time }: EstateEvent, lang: Language): EventView {
  return {
    id,
    type,
    datetime: time ? `${date}T${time}` : date,
    dateLabel: formatDate(date, lang, { dateStyle: "full" }),
    ...(time ? { timeLabel: formatTime(time, lang) } : {}),
  };
}

export function eventsView(lang: Language): { upcoming: EventView[]; past: EventView[] } {
  return { upcoming: upcomingEvents.map((e) => eventView(e, lang)), past: pastEvents.map((e) => eventView(e, lang)) };
}
