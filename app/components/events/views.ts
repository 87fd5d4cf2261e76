import type { EventType } from "~/components/events/events-data";

/** An event card's data, worked out at build (views.server.ts); its text comes from `eventContent.{id}`. */
export interface EventView {
  id: string;
  type: EventType;
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, for `<time datetime>`. */
  datetime: string;
  /** The day in the page's language ("Monday, February 8, 2027"). */
  dateLabel: string;
  /** The start time in the page's language; upcoming events only. */
  timeLabel?: string;
}
