import { z } from "zod";
import { localizedText } from "./localized";
import { scheduleFields, scheduleInOrder, scheduleOrderIssue, searchFields } from "./publishing";

/** Event types (spec §3); each has its badge colour, `other` takes the default one. */
export const eventTypes = ["trade-show", "ceremony", "festival", "awards", "tasting", "conference", "other"] as const;
export type EventType = (typeof eventTypes)[number];

/**
 * An event (spec §3), one file `content/events/<id>.json`. Upcoming events are listed soonest
 * first, past ones latest first. Every event on the site today is sample content.
 */
export const eventSchema = z
  .strictObject({
    /** Day of the event, YYYY-MM-DD. */
    date: z.iso.date(),
    /** Local start time, HH:MM (24 h); upcoming events only. */
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must look like 18:30")
      .optional(),
    type: z.enum(eventTypes),
    status: z.enum(["upcoming", "past"]),
    title: localizedText,
    location: localizedText,
    description: localizedText,
    ...searchFields,
    ...scheduleFields,
  })
  .refine(scheduleInOrder, scheduleOrderIssue)
  .refine((event) => (event.status === "upcoming") === (event.time !== undefined), {
    message: "upcoming events have a time, past events none",
    path: ["time"],
  });

export type EstateEvent = z.infer<typeof eventSchema> & { id: string };
