import type { FastifyReply, FastifyRequest } from "fastify";
import { reasonFromTyped, whyFields } from "../shared/estate-reason-fields";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { recordOf } from "#core/records";
import { tourPackageIds } from "#forms/tour-booking";
import { isWellFormedText, neutraliseLine } from "#forms/text";
import { isClock, isDay, localOf, parseStart } from "../../bookings/paris-time";
import { slotStart, weekdays, type ScheduleChange, type ScheduleSettings, type Slot } from "../../bookings/schedule";
import { affectedBy, applyScheduleChange, MoveRefused, type ChangeSummary, type Decision } from "../../bookings/schedule-change";
import { sendPage, staffForm, staffOf, viewFor, type AdminContext } from "../shared/context";
import { scheduleRoles } from "../shared/roles";
import { dayName, formatClock, formatShortDay, type ViewContext } from "../shared/view-context";
import { decisionField, moveValue, ScheduleChangePage } from "./schedule-change-page";
import { dateChangeText, maxTimeRows, scheduleFields, scheduleNumbers, SchedulePage, weekdayName, type RefusedForm, type ScheduleDone } from "./schedule-page";
import { guardedRoutes } from "../shared/staff-guard";
import { box, checkedForm, listedFields, namedProblems, type TypedFields } from "../shared/staff-form";

const doneValues = ["saved", "closureAdded", "closureRemoved", "dateAdded", "dateMoved", "dateRemoved"] as const satisfies readonly ScheduleDone[];
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

/** A whole number typed in a form within bounds, refused with `message` when it is not one. */
const wholeNumberField = (min: number, max: number, message: string) =>
  z
    .string()
    .default("")
    .transform((text, check) => {
      const n = wholeNumber(text, min, max);
      return Number.isNaN(n) ? (check.addIssue({ code: "custom", message }), z.NEVER) : n;
    });

/** A row's time: none when left empty, else a time as a time input sends it or as people type it. */
const rowTime = z
  .string()
  .default("")
  .transform((text, check) => (text.trim() === "" ? null : (clockOf(text) ?? (check.addIssue({ code: "custom", message: "time" }), z.NEVER))));

/**
 * The weekly form, its fields named from the packages and the rows the page offers
 * (`scheduleFields`): the settings' numbers and the shared guide, and per package its places per
 * tour, whether it confirms at once, and its rows of a time and the weekdays it runs on. Each
 * problem is filed under its field's own name: a row with days ticked and no time, under that
 * row's time (`noTime`).
 */
const scheduleForm = staffForm.transform((fields, check): ScheduleSettings => {
  const { field, problem, refused } = listedFields(fields, check);
  const setting = (name: (typeof scheduleNumbers)[number][0]) => {
    const [, , min, max] = scheduleNumbers.find(([one]) => one === name)!;
    return field(name, wholeNumberField(min, max, "number")) ?? 0;
  };
  const times = recordOf(tourPackageIds, () => recordOf(weekdays, (): string[] => []));
  const instantConfirm = recordOf(tourPackageIds, () => false);
  const capacity = recordOf(tourPackageIds, () => 0);
  for (const pkg of tourPackageIds) {
    capacity[pkg] = field(scheduleFields.capacity(pkg), wholeNumberField(1, 50, "capacity")) ?? 0;
    instantConfirm[pkg] = field(scheduleFields.instant(pkg), box) ?? false;
    for (let row = 0; row < maxTimeRows; row++) {
      const time = field(scheduleFields.time(pkg, row), rowTime);
      const days = weekdays.filter((day) => field(scheduleFields.day(pkg, row, day), box));
      if (time === null && days.length > 0) problem(scheduleFields.time(pkg, row), "noTime");
      if (time) for (const day of days) times[pkg][day] = [...new Set([...(times[pkg][day] ?? []), time])].sort();
    }
  }
  const settings: ScheduleSettings = {
    capacity,
    cutoffHours: setting("cutoffHours"),
    holdHours: setting("holdHours"),
    reminderHours: setting("reminderHours"),
    waitlistHoldHours: setting("waitlistHoldHours"),
    horizonMonths: setting("horizonMonths"),
    sharedGuide: field("sharedGuide", box) ?? false,
    times,
    instantConfirm,
  };
  return refused() ? z.NEVER : settings;
});

/**
 * Each field's problem on the weekly form's page, in the staff's language: a number's bounds, a
 * row's time as typed (`typed`) or the days it has ticked without one.
 */
function scheduleProblems(view: ViewContext, problems: Partial<Record<string, string>>, typed: TypedFields): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [name, label, min, max] of scheduleNumbers) messages[name] = view.t("schedule.error.number", { field: view.t(label), min, max });
  for (const pkg of tourPackageIds) {
    const tour = view.tourName(pkg);
    messages[scheduleFields.capacity(pkg)] = view.t("schedule.error.capacity", { tour, min: 1, max: 50 });
    for (let row = 0; row < maxTimeRows; row++) {
      const name = scheduleFields.time(pkg, row);
      if (problems[name] === "noTime") {
        const days = weekdays.filter((day) => typed[scheduleFields.day(pkg, row, day)] === "on");
        messages[name] = view.t("schedule.error.noTime", { tour, days: days.map((day) => weekdayName(view, day)).join(", ") });
      } else messages[name] = view.t("schedule.error.time", { tour, time: (typed[name] ?? "").slice(0, 20) });
    }
  }
  return namedProblems(problems, messages);
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
    kind: z.enum(["extra", "closed", "capacity", "moved"]),
    time: z.string().transform((text, check) => clockOf(text) ?? (check.addIssue({ code: "custom", message: "time" }), z.NEVER)),
    // The time a moved time runs at instead (for "moved" only).
    newTime: z
      .string()
      .default("")
      .transform((text, check) => (text.trim() === "" ? null : (clockOf(text) ?? (check.addIssue({ code: "custom", message: "newTime" }), z.NEVER)))),
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
  // A move needs the new time, and another one than the old: a move to the same time is not a move.
  .refine((form) => form.kind !== "moved" || (form.newTime !== null && form.newTime !== form.time), {
    path: ["newTime"],
    message: "newTime",
    when: ({ issues }) => !issues.some(({ path }) => path?.[0] === "kind" || path?.[0] === "newTime" || path?.[0] === "time"),
  })
  .transform(({ dateNote, newTime, kind, ...form }): DateScheduleChange => {
    if (kind === "moved") return { kind: "date-move", change: { ...form, kind: "closed", capacity: null, note: dateNote }, to: newTime ?? form.time };
    return { kind: "date-add", change: { ...form, kind, capacity: kind === "closed" ? null : form.capacity, note: dateNote } };
  });

/** What the one-off changes' form asks for: a change of that date, or one of its times moved in one step. */
type DateScheduleChange = Extract<ScheduleChange, { kind: "date-add" | "date-move" }>;

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
  newTime: view.t("schedule.error.dateNewTime"),
  capacity: view.t("schedule.error.dateCapacity", { min: 1, max: 50 }),
  dateNote: view.t("schedule.error.note"),
});

/** A choice on the warning page for one booking: keep it, cancel it, or move it to a slot's start. */
const decision = z.union([
  z.enum(["keep", "cancel"]).transform((action): Decision => ({ action })),
  z
    .string()
    .startsWith(moveValue(""))
    .transform((value, check): Decision => {
      const to = parseStart(value.slice(moveValue("").length));
      return to ? { action: "move", to } : (check.addIssue({ code: "custom", message: "decision" }), z.NEVER);
    }),
]);

/**
 * The warning page's answers, sent with the change's own fields (../views/schedule-change-page.tsx):
 * `confirm` once the staff have seen the bookings the change touches, and their choice for each
 * (`decision-<booking>`). A choice that is none of the page's counts as not made: the warning
 * comes back with that booking, as for one made after it was shown.
 */
const warningAnswers = z.looseObject({ confirm: z.string().optional() }).transform(({ confirm, ...fields }) => ({
  confirmed: confirm === "yes",
  why: reasonFromTyped(fields),
  decisions: new Map(
    Object.entries(fields).flatMap(([name, value]) => {
      const chosen = name.startsWith(decisionField("")) ? decision.safeParse(value) : null;
      return chosen?.success ? [[name.slice(decisionField("").length), chosen.data] as const] : [];
    }),
  ),
}));
type WarningAnswers = z.output<typeof warningAnswers>;

/** No answers: the warning is shown first. */
const unanswered: WarningAnswers = { confirmed: false, why: { preset: "other", note: "" }, decisions: new Map() };

/** A change's form with the warning page's answers sent back with it: the value is `{ form, answers }`, each problem at its field. */
const answered = <S extends z.ZodType>(form: S) =>
  z.intersection(
    form.transform((value) => ({ form: value })),
    warningAnswers.transform((answers) => ({ answers })),
  );

const scheduleBody = answered(scheduleForm);
const closureBody = answered(closureForm);
const dateChangeBody = answered(dateChangeForm);

/** The schedule page's forms, and the one shown again with its problems and what was typed. */
type PageExtra = { done?: ScheduleDone; summary?: ChangeSummary | null; refused?: RefusedForm };

/** The schedule page. */
function sendSchedulePage(context: AdminContext, request: FastifyRequest, reply: FastifyReply, status: number, extra: PageExtra) {
  return sendPage(
    reply,
    status,
    createElement(SchedulePage, {
      view: viewFor(context, request, reply),
      schedule: context.bookings.schedule.current(),
      done: extra.done ?? null,
      summary: extra.summary ?? null,
      refused: extra.refused ?? null,
    }),
  );
}

/**
 * Applies a change. When it touches bookings and the staff have not yet chosen what to do with
 * each, the warning page lists them first (nothing is changed), with the change's fields as typed
 * to send again; once chosen, the change and the choices are applied together. A move into a time
 * that filled up meanwhile, or a booking made after the warning was shown, brings the warning back
 * with what changed.
 */
async function settle(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  change: ScheduleChange,
  { answers, typed }: { answers: WarningAnswers; typed: TypedFields },
  describe: string,
  done: Exclude<ScheduleDone, null>,
  suggested: Slot | null = null,
) {
  const { bookings } = context;
  const view = viewFor(context, request, reply);
  const isChoice = (name: string) => name.startsWith(decisionField("")) || name === whyFields.preset || name === whyFields.note;
  const hidden = Object.fromEntries(Object.entries(typed).filter(([name]) => name !== "confirm" && !isChoice(name)));
  const typedChoices = Object.fromEntries(Object.entries(typed).filter(([name]) => isChoice(name)));
  // Before any choice, a date's moved time proposes its new time to each booking that can go there.
  const proposed = (affected: ReturnType<typeof affectedBy>): Record<string, string> =>
    suggested === null
      ? {}
      : Object.fromEntries(
          affected.flatMap(({ booking, moveOptions }) =>
            booking.package === suggested.package &&
            moveOptions.some((slot) => slot.date === suggested.date && slot.time === suggested.time && slot.placesLeft >= booking.guests)
              ? [[decisionField(booking.bookingId), moveValue(slotStart(bookings.schedule.current(), suggested))]]
              : [],
          ),
        );
  const warn = (status: number, affected: ReturnType<typeof affectedBy>, problems: string[], stale: boolean) =>
    sendPage(
      reply,
      status,
      createElement(ScheduleChangePage, {
        view,
        schedule: bookings.schedule.current(),
        action: request.url.split("?")[0]!,
        fields: hidden,
        chosen: { ...proposed(affected), ...typedChoices },
        change: describe,
        affected,
        problems,
        stale,
      }),
    );
  if (!answers.confirmed) {
    const affected = affectedBy(bookings, change);
    if (affected.length > 0) return warn(200, affected, [], false);
  }
  let summary: ChangeSummary;
  try {
    const result = await applyScheduleChange(bookings, change, answers.decisions, staffOf(request).email, answers.why);
    if (!result.done) return warn(409, result.affected, [], answers.confirmed);
    summary = result.summary;
  } catch (error) {
    if (!(error instanceof MoveRefused)) throw error;
    const { booking, to } = error;
    const problem = view.t("scheduleChange.moveRefused", { name: booking.name, when: `${formatShortDay(view, to.date)} ${formatClock(view, to.time)}` });
    return warn(409, affectedBy(bookings, change), [problem], false);
  }
  // What it did, said on the page it comes back to: the bookings moved, cancelled and kept, and the e-mails.
  const counts =
    summary.moved + summary.cancelled + summary.kept > 0 ? `&${new URLSearchParams(Object.entries(summary).map(([key, n]) => [key, String(n)]))}` : "";
  return reply.redirect(`/admin/schedule?done=${done}${counts}`, 303);
}

/** A count of the summary in the page's query (anything else reads as none). */
const countField = z.coerce.number().int().min(0).max(100_000).optional().catch(undefined);

/** The page's query: the notice after a change, with what it did; anything else shows none. */
const pageQuery = z.object({
  done: z.enum(doneValues).optional().catch(undefined),
  moved: countField,
  cancelled: countField,
  kept: countField,
  mails: countField,
});

/** The address of a closure or a date change to remove: its number (an address of another shape is refused naming `id`). */
const removeParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

/** `/admin/schedule`: the tour schedule, shown and changed by admin accounts; every change in the audit log. */
export const scheduleRoutes = guardedRoutes("schedule", (admin, context) => {
  const schedule = () => context.bookings.schedule.current();
  const page = (request: FastifyRequest, reply: FastifyReply, status: number, extra: PageExtra) => sendSchedulePage(context, request, reply, status, extra);

  const routes = admin.withTypeProvider<ZodTypeProvider>();
  routes.get("/admin/schedule", { config: scheduleRoles, schema: { querystring: pageQuery } }, async (request, reply) => {
    const { done = null, moved = 0, cancelled = 0, kept = 0, mails = 0 } = request.query;
    return page(request, reply, 200, { done, summary: done ? { moved, cancelled, kept, mails } : null });
  });

  routes.post(
    "/admin/schedule",
    // Field names are made per package and row: the problems are keyed by any of them.
    { config: scheduleRoles, schema: { body: checkedForm<typeof scheduleBody, string>(scheduleBody, { fallback: "cutoffHours", typedMax: 200 }) } },
    async (request, reply) => {
      const view = viewFor(context, request, reply);
      const { typed } = request.body;
      if (!request.body.ok)
        return page(request, reply, 400, { refused: { form: "schedule", problems: scheduleProblems(view, request.body.problems, typed), typed } });
      const { form: settings, answers } = request.body.value;
      return settle(context, request, reply, { kind: "settings", settings }, { answers, typed }, view.t("scheduleChange.settings"), "saved");
    },
  );

  routes.post(
    "/admin/schedule/closures",
    {
      config: scheduleRoles,
      schema: { body: checkedForm<typeof closureBody, keyof z.input<typeof closureForm>>(closureBody, { fallback: "firstDay", typedMax: noteMax }) },
    },
    async (request, reply) => {
      const view = viewFor(context, request, reply);
      const { typed } = request.body;
      if (!request.body.ok)
        return page(request, reply, 400, { refused: { form: "closure", problems: namedProblems(request.body.problems, closureProblems(view)), typed } });
      const { form, answers } = request.body.value;
      const { firstDay, lastDay, note } = form;
      const days =
        firstDay === lastDay ? dayName(view, firstDay) : view.t("schedule.closureRange", { first: dayName(view, firstDay), last: dayName(view, lastDay) });
      return settle(
        context,
        request,
        reply,
        { kind: "closure-add", closure: { firstDay, lastDay, note } },
        { answers, typed },
        view.t("scheduleChange.closure", { days, note: note || "—" }),
        "closureAdded",
      );
    },
  );

  routes.post(
    "/admin/schedule/closures/:id/remove",
    { config: scheduleRoles, schema: { params: removeParams, body: checkedForm<typeof warningAnswers, string>(warningAnswers, { fallback: "confirm" }) } },
    async (request, reply) => {
      const { id } = request.params;
      // Removed meanwhile (another tab): the schedule as it is now.
      if (!schedule().closures.some((closure) => closure.id === id)) return reply.redirect("/admin/schedule", 303);
      const { typed } = request.body;
      const answers = request.body.ok ? request.body.value : unanswered;
      const describe = viewFor(context, request, reply).t("scheduleChange.closureRemove");
      return settle(context, request, reply, { kind: "closure-remove", id }, { answers, typed }, describe, "closureRemoved");
    },
  );

  routes.post(
    "/admin/schedule/dates",
    { config: scheduleRoles, schema: { body: checkedForm<typeof dateChangeBody, keyof z.input<typeof dateChangeForm>>(dateChangeBody, { fallback: "day" }) } },
    async (request, reply) => {
      const view = viewFor(context, request, reply);
      const { typed } = request.body;
      const problems = request.body.ok ? (request.body.value.form.change.day < localOf(context.now()).date ? { day: "past" } : {}) : request.body.problems;
      if (!request.body.ok || Object.keys(problems).length > 0)
        return page(request, reply, 400, { refused: { form: "date", problems: namedProblems(problems, dateChangeProblems(view)), typed } });
      const { form: change, answers } = request.body.value;
      const day = dayName(view, change.change.day);
      if (change.kind === "date-add")
        return settle(context, request, reply, change, { answers, typed }, `${day} · ${dateChangeText(view, change.change)}`, "dateAdded");
      // One date's time moved: each booking at the old time is offered the new one first.
      const { package: pkg, time } = change.change;
      const moved = view.t("schedule.date.movedText", { tour: view.tourName(pkg), from: formatClock(view, time), to: formatClock(view, change.to) });
      const suggested = { package: pkg, date: change.change.day, time: change.to };
      return settle(context, request, reply, change, { answers, typed }, `${day} · ${moved}`, "dateMoved", suggested);
    },
  );

  routes.post(
    "/admin/schedule/dates/:id/remove",
    { config: scheduleRoles, schema: { params: removeParams, body: checkedForm<typeof warningAnswers, string>(warningAnswers, { fallback: "confirm" }) } },
    async (request, reply) => {
      const { id } = request.params;
      const change = schedule().dateChanges.find((one) => one.id === id);
      // Removed meanwhile (another tab): the schedule as it is now.
      if (!change) return reply.redirect("/admin/schedule", 303);
      const { typed } = request.body;
      const answers = request.body.ok ? request.body.value : unanswered;
      const view = viewFor(context, request, reply);
      const describe = view.t("scheduleChange.dateRemove", { change: `${dayName(view, change.day)} · ${dateChangeText(view, change)}` });
      return settle(context, request, reply, { kind: "date-remove", id }, { answers, typed }, describe, "dateRemoved");
    },
  );
});
