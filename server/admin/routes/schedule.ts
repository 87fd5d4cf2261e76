import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { tourPackageIds } from "#forms/tour-booking";
import { isWellFormedText, neutraliseLine } from "#forms/text";
import { isClock, isDay, localOf, parseStart } from "../../bookings/paris-time";
import { weekdays, type DateChange, type ScheduleChange, type ScheduleSettings } from "../../bookings/schedule";
import { MoveRefused, type Decision } from "../../bookings/service";
import { sendPage, staffForm, staffOf, viewFor, type AdminContext } from "../context";
import { scheduleRoles } from "../roles";
import { formatClock, formatShortDay, type ViewContext } from "../view-context";
import { ScheduleChangePage } from "../views/schedule-change-page";
import { dateChangeText, dayName, maxTimeRows, scheduleFields, scheduleNumbers, SchedulePage, weekdayName, type ScheduleDone } from "../views/schedule-page";
import { guardedRoutes } from "../staff-guard";
import { checkedForm, namedProblems } from "../staff-form";

const doneValues = ["saved", "closureAdded", "closureRemoved", "dateAdded", "dateRemoved"] as const satisfies readonly ScheduleDone[];
const noteMax = 200;

/** A whole number typed in a form, within bounds; NaN when it is not one. */
const wholeNumber = (text: string | undefined, min: number, max: number) => {
  const trimmed = String(text ?? "").trim();
  const n = /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : NaN;
};

/** A time as a time input sends it (`HH:MM`, or with seconds), or as people type it (`9:30`); null when it is none. */
const clockOf = (text: string) => {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  const time = match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : "";
  return isClock(time) ? time : null;
};

/** Reads the schedule form: the settings, or the problems in the staff's language. */
export function readScheduleForm(fields: Record<string, string>, view: ViewContext): { settings: ScheduleSettings } | { problems: string[] } {
  const problems: string[] = [];
  const values: Record<string, number> = {};
  for (const [name, label, min, max] of scheduleNumbers) {
    values[name] = wholeNumber(fields[name], min, max);
    if (Number.isNaN(values[name])) problems.push(view.t("schedule.error.number", { field: view.t(label), min, max }));
  }
  const times = {} as ScheduleSettings["times"];
  const instantConfirm = {} as ScheduleSettings["instantConfirm"];
  const capacity = {} as ScheduleSettings["capacity"];
  for (const pkg of tourPackageIds) {
    const tour = view.tourName(pkg);
    capacity[pkg] = wholeNumber(fields[scheduleFields.capacity(pkg)], 1, 50);
    if (Number.isNaN(capacity[pkg])) problems.push(view.t("schedule.error.capacity", { tour, min: 1, max: 50 }));
    instantConfirm[pkg] = fields[scheduleFields.instant(pkg)] === "on";
    times[pkg] = Object.fromEntries(weekdays.map((day) => [day, [] as string[]]));
    for (let row = 0; row < maxTimeRows; row++) {
      const typed = String(fields[scheduleFields.time(pkg, row)] ?? "").slice(0, 20);
      const days = weekdays.filter((day) => fields[scheduleFields.day(pkg, row, day)] === "on");
      if (typed.trim() === "") {
        if (days.length > 0) problems.push(view.t("schedule.error.noTime", { tour, days: days.map((day) => weekdayName(view, day)).join(", ") }));
        continue;
      }
      const time = clockOf(typed);
      if (!time) {
        problems.push(view.t("schedule.error.time", { tour, time: typed }));
        continue;
      }
      for (const day of days) times[pkg][day] = [...new Set([...(times[pkg][day] ?? []), time])].sort();
    }
  }
  if (problems.length > 0) return { problems };
  return {
    settings: {
      capacity,
      cutoffHours: values.cutoffHours!,
      holdHours: values.holdHours!,
      reminderHours: values.reminderHours!,
      waitlistHoldHours: values.waitlistHoldHours!,
      horizonMonths: values.horizonMonths!,
      sharedGuide: fields.sharedGuide === "on",
      times,
      instantConfirm,
    },
  };
}

/** A note the staff typed on one line, cleaned; refused when too long or damaged. */
const noteField = z
  .string()
  .default("")
  .transform((text) => neutraliseLine(text).trim())
  .refine((note) => [...note].length <= noteMax && isWellFormedText(note), "note");

/** A day as a date input sends it (`YYYY-MM-DD`). */
const dayField = z.string().refine(isDay, "day");

/** The form that closes a day or a run of days: the first, the last (the first when left empty), a note. */
export const closureForm = z
  .object({ firstDay: dayField, lastDay: z.union([z.literal(""), dayField]).default(""), note: noteField })
  .transform((form) => ({ ...form, lastDay: form.lastDay || form.firstDay }))
  .refine((form) => form.lastDay >= form.firstDay, { path: ["lastDay"], message: "order" });

/** The form of a one-off change of a date: an extra time, a time closed, or a time's own capacity. */
export const dateChangeForm = z
  .object({
    day: dayField,
    package: z.enum(tourPackageIds),
    kind: z.enum(["extra", "closed", "capacity"]),
    time: z.string().transform((text, check) => clockOf(text) ?? (check.addIssue({ code: "custom", message: "time" }), z.NEVER)),
    capacity: z
      .string()
      .default("")
      .transform((text, check) => {
        if (text.trim() === "") return null;
        const capacity = wholeNumber(text, 1, 50);
        return Number.isNaN(capacity) ? (check.addIssue({ code: "custom", message: "capacity" }), z.NEVER) : capacity;
      }),
    dateNote: noteField,
  })
  // Checked even when another field is refused, so that every problem is named at once.
  .refine((form) => form.kind !== "capacity" || form.capacity !== null, {
    path: ["capacity"],
    message: "capacity",
    when: ({ issues }) => !issues.some(({ path }) => path?.[0] === "kind" || path?.[0] === "capacity"),
  })
  .transform(({ dateNote, ...form }): Omit<DateChange, "id"> => ({ ...form, capacity: form.kind === "closed" ? null : form.capacity, note: dateNote }));

/** Each field's problem on the page, in the staff's language. */
const closureProblems = (view: ViewContext): Record<keyof z.output<typeof closureForm>, string> => ({
  firstDay: view.t("schedule.error.closure"),
  lastDay: view.t("schedule.error.closure"),
  note: view.t("schedule.error.note"),
});
const dateChangeProblems = (view: ViewContext): Record<keyof z.input<typeof dateChangeForm>, string> => ({
  day: view.t("schedule.error.dateDay"),
  package: view.t("schedule.error.datePackage"),
  kind: view.t("schedule.error.dateKind"),
  time: view.t("schedule.error.dateTime"),
  capacity: view.t("schedule.error.dateCapacity", { min: 1, max: 50 }),
  dateNote: view.t("schedule.error.note"),
});

/** The staff's choices for the bookings a change touches, from the warning page's fields. */
export function readDecisions(fields: Record<string, string>): Map<string, Decision> {
  const decisions = new Map<string, Decision>();
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith("decision-")) continue;
    const id = name.slice("decision-".length);
    if (value === "keep" || value === "cancel") decisions.set(id, { action: value });
    else if (value.startsWith("move:")) {
      const to = parseStart(value.slice("move:".length));
      if (to) decisions.set(id, { action: "move", to });
    }
  }
  return decisions;
}

/** What the schedule page shows besides the schedule: a notice after a change, or the problems of a form with what was typed. */
interface PageExtra {
  done?: ScheduleDone;
  problems?: string[];
  fieldProblems?: Record<string, string>;
  typed?: Record<string, string>;
}

/** The schedule page. */
function sendSchedulePage(context: AdminContext, request: FastifyRequest, reply: FastifyReply, status: number, extra: PageExtra) {
  return sendPage(
    reply,
    status,
    createElement(SchedulePage, {
      view: viewFor(context, request, reply),
      schedule: context.tours.schedule(),
      done: extra.done ?? null,
      problems: extra.problems ?? [],
      fieldProblems: extra.fieldProblems ?? {},
      typed: extra.typed ?? {},
    }),
  );
}

/**
 * Applies a change. When it touches bookings and the staff have not yet chosen what to do with
 * each, the warning page lists them first (nothing is changed); once chosen, the change and the
 * choices are applied together. A move into a time that filled up meanwhile, or a booking made
 * after the warning was shown, brings the warning back with what changed.
 */
async function settle(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  change: ScheduleChange,
  fields: Record<string, string>,
  describe: string,
  done: ScheduleDone,
) {
  const { tours } = context;
  const view = viewFor(context, request, reply);
  const hidden = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== "_csrf" && name !== "confirm" && !name.startsWith("decision-")));
  const chosen = Object.fromEntries(Object.entries(fields).filter(([name]) => name.startsWith("decision-")));
  const warn = (status: number, affected: ReturnType<typeof tours.affectedBy>, problems: string[], stale: boolean) =>
    sendPage(
      reply,
      status,
      createElement(ScheduleChangePage, {
        view,
        schedule: tours.schedule(),
        action: request.url.split("?")[0]!,
        fields: hidden,
        chosen,
        change: describe,
        affected,
        problems,
        stale,
      }),
    );
  if (fields.confirm !== "yes") {
    const affected = tours.affectedBy(change);
    if (affected.length > 0) return warn(200, affected, [], false);
  }
  try {
    const result = await tours.applyScheduleChange(change, readDecisions(fields), staffOf(request).email);
    if (!result.done) return warn(409, result.affected, [], fields.confirm === "yes");
  } catch (error) {
    if (!(error instanceof MoveRefused)) throw error;
    const { booking, to } = error;
    const problem = view.t("scheduleChange.moveRefused", { name: booking.name, when: `${formatShortDay(view, to.date)} ${formatClock(view, to.time)}` });
    return warn(409, tours.affectedBy(change), [problem], false);
  }
  return reply.redirect(`/admin/schedule?done=${done}`, 303);
}

/** The page's query: the notice after a change; anything else shows none. */
const pageQuery = z.object({ done: z.enum(doneValues).optional().catch(undefined) });

/** What was typed in the weekly form, to show it again: every field but the token, bounded. */
const typedOf = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([name]) => name !== "_csrf")
      .map(([name, value]) => [name, String(value).slice(0, 200)]),
  );

/** `/admin/schedule`: the tour schedule, shown and changed by admin accounts; every change in the audit log. */
export const scheduleRoutes = guardedRoutes("schedule", (admin, context) => {
  const { tours } = context;
  const page = (request: FastifyRequest, reply: FastifyReply, status: number, extra: PageExtra) => sendSchedulePage(context, request, reply, status, extra);

  const routes = admin.withTypeProvider<ZodTypeProvider>();
  routes.get("/admin/schedule", { config: scheduleRoles, schema: { querystring: pageQuery } }, async (request, reply) => {
    return page(request, reply, 200, { done: request.query.done ?? null });
  });

  routes.post("/admin/schedule", { config: scheduleRoles, schema: { body: staffForm } }, async (request, reply) => {
    const fields = request.body;
    const view = viewFor(context, request, reply);
    const read = readScheduleForm(fields, view);
    if ("problems" in read) return page(request, reply, 400, { problems: read.problems, typed: typedOf(fields) });
    return settle(context, request, reply, { kind: "settings", settings: read.settings }, fields, view.t("scheduleChange.settings"), "saved");
  });

  routes.post(
    "/admin/schedule/closures",
    { config: scheduleRoles, schema: { body: checkedForm(closureForm, { fallback: "firstDay", typedMax: noteMax }) } },
    async (request, reply) => {
      const view = viewFor(context, request, reply);
      const { typed } = request.body;
      if (!request.body.ok) return page(request, reply, 400, { fieldProblems: namedProblems(request.body.problems, closureProblems(view)), typed });
      const { firstDay, lastDay, note } = request.body.value;
      const days =
        firstDay === lastDay ? dayName(view, firstDay) : view.t("schedule.closureRange", { first: dayName(view, firstDay), last: dayName(view, lastDay) });
      return settle(
        context,
        request,
        reply,
        { kind: "closure-add", closure: { firstDay, lastDay, note } },
        typed,
        view.t("scheduleChange.closure", { days, note: note || "—" }),
        "closureAdded",
      );
    },
  );

  routes.post(
    "/admin/schedule/closures/:id/remove",
    { config: scheduleRoles, schema: { params: z.object({ id: z.string() }), body: staffForm } },
    async (request, reply) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || !tours.schedule().closures.some((closure) => closure.id === id)) return reply.redirect("/admin/schedule", 303);
      return settle(
        context,
        request,
        reply,
        { kind: "closure-remove", id },
        request.body,
        viewFor(context, request, reply).t("scheduleChange.closureRemove"),
        "closureRemoved",
      );
    },
  );

  routes.post(
    "/admin/schedule/dates",
    { config: scheduleRoles, schema: { body: checkedForm(dateChangeForm, { fallback: "day" }) } },
    async (request, reply) => {
      const view = viewFor(context, request, reply);
      const { typed } = request.body;
      const problems = request.body.ok ? (request.body.value.day < localOf(context.now()).date ? { day: "past" } : {}) : request.body.problems;
      if (!request.body.ok || Object.keys(problems).length > 0)
        return page(request, reply, 400, { fieldProblems: namedProblems(problems, dateChangeProblems(view)), typed });
      const change = request.body.value;
      return settle(
        context,
        request,
        reply,
        { kind: "date-add", change },
        typed,
        `${dayName(view, change.day)} · ${dateChangeText(view, change)}`,
        "dateAdded",
      );
    },
  );

  routes.post(
    "/admin/schedule/dates/:id/remove",
    { config: scheduleRoles, schema: { params: z.object({ id: z.string() }), body: staffForm } },
    async (request, reply) => {
      const id = Number(request.params.id);
      const change = Number.isSafeInteger(id) ? tours.schedule().dateChanges.find((one) => one.id === id) : undefined;
      if (!change) return reply.redirect("/admin/schedule", 303);
      const view = viewFor(context, request, reply);
      const describe = view.t("scheduleChange.dateRemove", { change: `${dayName(view, change.day)} · ${dateChangeText(view, change)}` });
      return settle(context, request, reply, { kind: "date-remove", id }, request.body, describe, "dateRemoved");
    },
  );
});
