/** The events (content/events.json), checked at build against content/schemas/event.ts. */
import eventsJson from "../../../content/events.json";
import type { EstateEvent, EventType } from "../../../content/schemas/event";
import { languageTags, type Language } from "~/lib/i18n/languages";

export type { EstateEvent, EventType } from "../../../content/schemas/event";

const events = eventsJson.events as EstateEvent[];

export const upcomingEvents = events.filter((event) => event.status === "upcoming");
export const pastEvents = events.filter((event) => event.status === "past");

/**
 * Badge colours per event type (spec §3), `other` being the default. Dark text on a pale tint,
 * above 7:1 for every pair.
 */
export const typeClass: Record<EventType, string> = {
  "trade-show": "bg-sky-100 text-sky-900",
  ceremony: "bg-wine-100 text-wine-800",
  festival: "bg-orange-100 text-orange-900",
  awards: "bg-amber-100 text-amber-900",
  tasting: "bg-violet-100 text-violet-900",
  conference: "bg-emerald-100 text-emerald-900",
  other: "bg-cream-200 text-ink-900",
};

/** The translation key of a type: `trade-show` → `tradeShow`. */
export function typeKey(type: EventType): string {
  return type.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** An event's local start time (`18:30`) in the page's language: "6:30 PM" in English, "18:30" in French. */
export function formatTime(time: string, lang: Language): string {
  return new Intl.DateTimeFormat(languageTags[lang], { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(`1970-01-01T${time}:00Z`),
  );
}
