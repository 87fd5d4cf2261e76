import type { EventType } from "#content";
import type { MessageId } from "#locales";

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

/** The label of each type (spec §3). */
export const typeLabel = {
  "trade-show": "events.types.tradeShow",
  ceremony: "events.types.ceremony",
  festival: "events.types.festival",
  awards: "events.types.awards",
  tasting: "events.types.tasting",
  conference: "events.types.conference",
  other: "events.types.other",
} as const satisfies Record<EventType, MessageId>;
