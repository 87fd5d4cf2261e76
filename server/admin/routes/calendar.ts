import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { tourPackageIds } from "#forms/tour-booking";
import { addDays, isDay, localOf, weekdayOf } from "../../bookings/paris-time";
import { tourName } from "../../bookings/service";
import { queryText, sendPage, viewFor, type AdminContext } from "../context";
import { inboxRoles } from "../roles";
import { CalendarPage, type CalendarDay } from "../views/calendar-page";

interface BookingRow {
  booking_id: string;
  package: string;
  slot_date: string;
  slot_time: string;
  guests: number;
  status: "pending" | "confirmed";
  name: string;
  language: string;
}

/** The calendar's query: what it shows, and from which day (each read as text or absent; the route checks them). */
const calendarQuery = z.object({ view: queryText, day: queryText });

/**
 * `/admin/calendar?view=day|week&day=YYYY-MM-DD`: the schedule's times and their bookings for a
 * day or the week (Monday first) holding that day; anything else shows today, on the estate's clock.
 */
export function calendarRoutes(admin: FastifyInstance, context: AdminContext): void {
  admin.withTypeProvider<ZodTypeProvider>().get("/admin/calendar", { config: inboxRoles, schema: { querystring: calendarQuery } }, async (request, reply) => {
    const query = request.query;
    const mode = query.view === "week" ? "week" : "day";
    const asked = query.day !== undefined && isDay(query.day) ? query.day : localOf(context.now()).date;
    const first = mode === "week" ? addDays(asked, 1 - weekdayOf(asked)) : asked;
    const count = mode === "week" ? 7 : 1;
    const last = addDays(first, count - 1);
    const view = viewFor(context, request, reply);
    const schedule = context.tours.schedule();
    const now = context.now();
    const rows = context.db
      .prepare(
        `SELECT s.booking_id, s.package, s.slot_date, s.slot_time, s.guests, s.status, t.name, t.language
         FROM tour_slot_bookings s JOIN tour_bookings t ON t.id = s.booking_id
         WHERE s.slot_date BETWEEN ? AND ? AND (s.status = 'confirmed' OR (s.status = 'pending' AND s.hold_until > ?))
         ORDER BY s.slot_time, s.created_at`,
      )
      .all(first, last, now.toISOString()) as BookingRow[];
    const languageName = new Intl.DisplayNames([view.lang], { type: "language" });
    const days: CalendarDay[] = [];
    for (let i = 0; i < count; i++) {
      const date = addDays(first, i);
      const closure = schedule.closures.find((candidate) => candidate.firstDay <= date && date <= candidate.lastDay);
      const slots = closure
        ? []
        : tourPackageIds
            .flatMap((pkg) => (schedule.times[pkg][weekdayOf(date)] ?? []).map((time) => ({ pkg, time })))
            .sort((a, b) => a.time.localeCompare(b.time))
            .map(({ pkg, time }) => {
              const slot = { package: pkg, date, time };
              return {
                time,
                package: pkg,
                tour: tourName(pkg, view.lang),
                taken: context.tours.ledger.taken(schedule, slot, now),
                capacity: schedule.capacity,
                bookings: rows
                  .filter((row) => row.slot_date === date && row.slot_time === time && row.package === pkg)
                  .map((row) => ({ id: row.booking_id, name: row.name, guests: row.guests, tour: tourName(pkg, view.lang), language: languageName.of(row.language) ?? row.language, status: row.status })),
              };
            });
      days.push({ date, closed: closure ? closure.note : null, slots });
    }
    const step = mode === "week" ? 7 : 1;
    return sendPage(reply, 200, createElement(CalendarPage, { view, mode, day: first, previous: addDays(first, -step), next: addDays(first, step), days }));
  });
}
