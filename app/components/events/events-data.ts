/** The events (content/events.json), checked at build against content/schemas/event.ts. */
import eventsJson from "../../../content/events.json";
import type { EstateEvent } from "../../../content/schemas/event";
import { languageTags, type Language } from "#core/languages";

export type { EstateEvent, EventType } from "../../../content/schemas/event";

const events = eventsJson.events as EstateEvent[];

export const upcomingEvents = events.filter((event) => event.status === "upcoming");
export const pastEvents = events.filter((event) => event.status === "past");

/** An event's local start time (`18:30`) in the page's language: "6:30 PM" in English, "18:30" in French. */
export function formatTime(time: string, lang: Language): string {
  return new Intl.DateTimeFormat(languageTags[lang], { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(`1970-01-01T${time}:00Z`),
  );
}
