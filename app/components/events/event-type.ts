import type { EventType } from "~/components/events/events-data";

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
