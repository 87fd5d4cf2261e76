import { z } from "zod";

/** Event types (spec §3); each has its badge colour, `other` takes the default one. */
export const eventTypes = ["trade-show", "ceremony", "festival", "awards", "tasting", "conference", "other"] as const;
export type EventType = (typeof eventTypes)[number];

/**
 * An event (spec §3). Its title, location and description are translated in
 * `eventContent.{id}` (`locales/<lang>/news.json`).
 */
export const eventSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes"),
    /** Day of the event, YYYY-MM-DD. */
    date: z.iso.date(),
    /** Local start time, HH:MM (24 h); upcoming events only. */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must look like 18:30").optional(),
    type: z.enum(eventTypes),
    status: z.enum(["upcoming", "past"]),
  })
  .refine((event) => (event.status === "upcoming") === (event.time !== undefined), {
    message: "upcoming events have a time, past events none",
    path: ["time"],
  });

export const eventsFileSchema = z
  .strictObject({
    /** Upcoming events soonest first, then past events latest first. */
    events: z.array(eventSchema).min(1),
  })
  .refine((file) => new Set(file.events.map((e) => e.id)).size === file.events.length, {
    message: "event ids must be unique",
    path: ["events"],
  });

export type EstateEvent = z.infer<typeof eventSchema>;
