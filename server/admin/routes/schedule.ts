import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { tourPackageIds } from "#forms/tour-booking";
import { isWellFormedText, neutraliseLine } from "#forms/text";
import { isClock, isDay } from "../../bookings/paris-time";
import { addClosure, removeClosure, saveSchedule, weekdays, type ScheduleSettings } from "../../bookings/schedule";
import { auditActions, recordAudit } from "../../db/audit";
import { sendPage, staffForm, staffOf, viewFor, type AdminContext } from "../context";
import { scheduleRoles } from "../roles";
import type { ViewContext } from "../view-context";
import { tourName } from "../../bookings/service";
import { instantField, SchedulePage, timesField, weekdayName, type ScheduleDone } from "../views/schedule-page";


const doneValues = ["saved", "closureAdded", "closureRemoved"] as const satisfies readonly ScheduleDone[];
const noteMax = 200;

/** The numbers of the form, with their bounds. */
const numbers = [
  ["capacity", "schedule.capacity", 1, 50],
  ["cutoffHours", "schedule.cutoff", 0, 720],
  ["holdHours", "schedule.hold", 1, 720],
  ["reminderHours", "schedule.reminder", 1, 168],
  ["waitlistHoldHours", "schedule.waitlist", 1, 168],
] as const;

/** Reads the schedule form: the settings, or the problems in the staff's language. */
export function readScheduleForm(fields: Record<string, string>, view: ViewContext): { settings: ScheduleSettings } | { problems: string[] } {
  const problems: string[] = [];
  const values: Record<string, number> = {};
  for (const [name, label, min, max] of numbers) {
    const text = String(fields[name] ?? "").trim();
    const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) problems.push(view.t("schedule.error.number", { field: view.t(label), min, max }));
    values[name] = n;
  }
  const times = {} as ScheduleSettings["times"];
  const instantConfirm = {} as ScheduleSettings["instantConfirm"];
  for (const pkg of tourPackageIds) {
    times[pkg] = {};
    instantConfirm[pkg] = fields[instantField(pkg)] === "on";
    for (const day of weekdays) {
      const text = String(fields[timesField(pkg, day)] ?? "").slice(0, 200);
      // Times as people type them: "10:00, 15:00", "9:30 14:00"; an hour alone is not enough.
      const list = text.split(/[\s,;]+/).filter(Boolean).map((time) => (/^\d:\d\d$/.test(time) ? `0${time}` : time));
      if (!list.every(isClock)) problems.push(view.t("schedule.error.times", { package: tourName(pkg, view.lang), day: weekdayName(view, day) }));
      times[pkg][day] = [...new Set(list)].sort();
    }
  }
  if (problems.length > 0) return { problems };
  return {
    settings: {
      capacity: values.capacity!,
      cutoffHours: values.cutoffHours!,
      holdHours: values.holdHours!,
      reminderHours: values.reminderHours!,
      waitlistHoldHours: values.waitlistHoldHours!,
      sharedGuide: fields.sharedGuide === "on",
      times,
      instantConfirm,
    },
  };
}

/** `/admin/schedule`: the tour schedule, shown and changed by admin accounts; every change in the audit log. */
export function scheduleRoutes(admin: FastifyInstance, context: AdminContext): void {
  const { tours } = context;
  const page = (request: FastifyRequest, reply: FastifyReply, status: number, extra: { done?: ScheduleDone; problems?: string[]; typed?: Record<string, string> }) =>
    sendPage(
      reply,
      status,
      createElement(SchedulePage, { view: viewFor(context, request, reply), schedule: tours.schedule(), done: extra.done ?? null, problems: extra.problems ?? [], typed: extra.typed ?? {} }),
    );

  const routes = admin.withTypeProvider<ZodTypeProvider>();
  // The notice after a change; anything else shows none.
  const pageQuery = z.object({ done: z.enum(doneValues).optional().catch(undefined) });
  routes.get("/admin/schedule", { config: scheduleRoles, schema: { querystring: pageQuery } }, async (request, reply) => {
    return page(request, reply, 200, { done: request.query.done ?? null });
  });

  routes.post("/admin/schedule", { config: scheduleRoles, schema: { body: staffForm } }, async (request, reply) => {
    const fields = request.body;
    const read = readScheduleForm(fields, viewFor(context, request, reply));
    if ("problems" in read) {
      const typed = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== "_csrf").map(([name, value]) => [name, String(value).slice(0, 200)]));
      return page(request, reply, 400, { problems: read.problems, typed });
    }
    const now = context.now();
    await tours.change(() => {
      saveSchedule(context.db, read.settings, now);
      recordAudit(context.db, { actor: staffOf(request).email, action: auditActions.scheduleChanged, target: { type: "schedule", id: "tours" }, detail: read.settings }, now);
    });
    tours.scheduleChanged();
    return reply.redirect("/admin/schedule?done=saved", 303);
  });

  routes.post("/admin/schedule/closures", { config: scheduleRoles, schema: { body: staffForm } }, async (request, reply) => {
    const fields = request.body;
    const firstDay = String(fields.firstDay ?? "");
    const lastDay = String(fields.lastDay ?? "").trim() === "" ? firstDay : String(fields.lastDay);
    const note = neutraliseLine(String(fields.note ?? "")).trim();
    const view = viewFor(context, request, reply);
    const problems = [
      ...(!isDay(firstDay) || !isDay(lastDay) || lastDay < firstDay ? [view.t("schedule.error.closure")] : []),
      ...([...note].length > noteMax || !isWellFormedText(note) ? [view.t("schedule.error.note")] : []),
    ];
    if (problems.length > 0) return page(request, reply, 400, { problems, typed: { firstDay: firstDay.slice(0, 10), lastDay: String(fields.lastDay ?? "").slice(0, 10), note: note.slice(0, noteMax) } });
    const now = context.now();
    await tours.change(() => {
      const id = addClosure(context.db, { firstDay, lastDay, note });
      recordAudit(context.db, { actor: staffOf(request).email, action: auditActions.closureAdded, target: { type: "schedule", id: "tours" }, detail: { id, firstDay, lastDay, note } }, now);
    });
    tours.scheduleChanged();
    return reply.redirect("/admin/schedule?done=closureAdded", 303);
  });

  routes.post("/admin/schedule/closures/:id/remove", { config: scheduleRoles, schema: { params: z.object({ id: z.string() }), body: staffForm } }, async (request, reply) => {
    const id = Number(request.params.id);
    const now = context.now();
    const removed = Number.isSafeInteger(id) && (await tours.change(() => {
      if (!removeClosure(context.db, id)) return false;
      recordAudit(context.db, { actor: staffOf(request).email, action: auditActions.closureRemoved, target: { type: "schedule", id: "tours" }, detail: { id } }, now);
      return true;
    }));
    tours.scheduleChanged();
    return reply.redirect(removed ? "/admin/schedule?done=closureRemoved" : "/admin/schedule", 303);
  });
}
