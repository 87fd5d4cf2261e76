import type { EventType } from "#content";

/** An event card's data in the page's language, worked out at build (views.server.ts). */
export interface EventView {
  id: string;
  type: EventType;
  title: string;
  location: string;
  description: string;
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, for `<time datetime>`. */
  datetime: string;
  /** The day with its weekday in the page's language ("Monday, February 8, 2027", "2027年2月8日（月）"). */
  dateLabel: string;
  /** The start time in the page's language ("6:30 PM", "18 h 30"); upcoming events only. */
  timeLabel?: string;
}
