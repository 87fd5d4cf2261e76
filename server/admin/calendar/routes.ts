import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { days, daySheet } from "../../bookings/day-view";
import { addDays, isDay, localOf, weekdayOf } from "../../bookings/paris-time";
import { slotInstant } from "../../bookings/schedule";
import { queryText, sendPage, viewFor } from "../shared/context";
import { inboxRoles } from "../shared/roles";
import { CalendarPage } from "./calendar-page";
import { DaySheetPage } from "./day-sheet-page";
import { guardedRoutes } from "../shared/staff-guard";

/** The calendar's query: what it shows, and from which day (each read as text or absent; the route checks them). */
const calendarQuery = z.object({ view: queryText, day: queryText });

/**
 * `/admin/calendar?view=day|week&day=YYYY-MM-DD`: the tours of a day or of the week (Monday first)
 * holding that day, and `/admin/calendar/sheet?day=…`, the day sheet for the guide (on a phone,
 * and printed on one A4 page). Both read the bookings as they are: a time that left the schedule,
 * a closed day or a lowered capacity still shows every guest booked there. Anything else shows
 * today, on the estate's clock.
 */
export const calendarRoutes = guardedRoutes("calendar", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const dayOf = (asked: string | undefined) => (asked !== undefined && isDay(asked) ? asked : localOf(context.now()).date);

  routes.get("/admin/calendar", { config: inboxRoles, schema: { querystring: calendarQuery } }, async (request, reply) => {
    const query = request.query;
    const mode = query.view === "week" ? "week" : "day";
    const asked = dayOf(query.day);
    const first = mode === "week" ? addDays(asked, 1 - weekdayOf(asked)) : asked;
    const last = addDays(first, mode === "week" ? 6 : 0);
    const view = viewFor(context, request, reply);
    const schedule = context.bookings.schedule.current();
    const now = context.now();
    const step = mode === "week" ? 7 : 1;
    return sendPage(
      reply,
      200,
      createElement(CalendarPage, {
        view,
        mode,
        day: first,
        asked,
        today: localOf(now).date,
        previous: addDays(first, -step),
        next: addDays(first, step),
        days: days(context.bookings, first, last),
        bookable: (slot) => slotInstant(schedule, slot).getTime() > now.getTime(),
      }),
    );
  });

  // `note`: why a check-in sent back here was not made (anything else shows none).
  const sheetQuery = z.object({ day: queryText, note: z.enum(["early", "stale"]).optional().catch(undefined) });
  routes.get("/admin/calendar/sheet", { config: inboxRoles, schema: { querystring: sheetQuery } }, async (request, reply) => {
    const day = daySheet(context.bookings, dayOf(request.query.day));
    return sendPage(reply, 200, createElement(DaySheetPage, { view: viewFor(context, request, reply), day, note: request.query.note ?? null }));
  });
});
