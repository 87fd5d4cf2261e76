import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { defaultLanguage, isLanguage } from "#core/languages";
import { isWellFormedText, neutraliseLine, neutraliseText } from "#forms/text";
import type { SubmissionRecord } from "../../db/inbox";
import { allStatuses, formOfType, isInboxType, serverForms, statusesOf, type InboxStatus } from "../../forms";
import { assignTo, newReplyKey, noteSubmission, replyKeyPattern, replyTo, setStatus } from "../../inbox/answer";
import { submissionOf, submissionTrail } from "../../inbox/read";
import { answerMark, chooseTemplate, fillTemplate, signatureLines } from "./reply-templates";
import { ReplyPanel } from "./reply-panel";
import { AssignPanel, type Colleague } from "./assign-panel";
import { NotesPanel, noteMax } from "./notes-panel";
import { queryText, sendPage, staffOf, viewFor, type AdminContext, replyContext } from "../shared/context";
import { inboxRoles, roleAllows } from "../shared/roles";
import { submissionHref } from "../shared/links";
import { NotFoundPage } from "../shared/error-pages";
import { answerState, SubmissionPage, type Done, type RefusedAnswer } from "./submission-page";
import { isSlotNote, SlotPanel, type SlotNote } from "./booking-slot-panel";
import { bookingExtras } from "./booking-extras";
import { bookingExtrasOf, confirmTimesOf, slotPanelOf } from "../../bookings/booking-page";
import { confirmRequest } from "../../bookings/confirm-request";
import { declineRequest } from "../../bookings/decline";
import { parseStart } from "../../bookings/paris-time";
import { SlotRefused } from "../../bookings/ledger";
import type { ConfirmOption } from "./submission-page";
import { guardedRoutes } from "../shared/staff-guard";
import { checkedForm, type CheckedForm } from "../shared/staff-form";
import { slotProblem } from "../shared/slot-problem";

/** A submission's address: its form's inbox type and its id, checked by the route (unknown: 404). */
const params = z.object({ type: z.string(), id: z.string() });

const idPattern = /^[0-9a-f-]{36}$/;
const doneValues = ["confirmed", "declined", "status", "replied", "noted", "assigned", "unassigned", "created"] as const satisfies readonly Done[];
/**
 * The page's query: the notice after an answer, the tour time's (one of ../views/booking-slot-panel.tsx
 * `isSlotNote`; anything else shows none), the day whose times the move form lists, and the reply
 * template to open the reply form with (unknown: the default one).
 */
const pageQuery = z.object({
  done: z.enum(doneValues).optional().catch(undefined),
  slot: queryText,
  moveDay: queryText,
  confirmDay: queryText,
  template: queryText,
});
/** The longest reason a refusal may give. */
const reasonMax = 2000;
/** The longest subject and text of a reply (the form's maxlength says the same). */
const subjectMax = 200;
const replyMax = 8000;

/** Text the staff type on one line: control characters removed, trimmed; at most `max` characters, well formed, not empty. */
const typedLine = (max: number) =>
  z
    .string()
    .transform((text) => neutraliseLine(text).trim())
    .pipe(
      z
        .string()
        .min(1)
        .refine((text) => [...text].length <= max)
        .refine(isWellFormedText),
    );
/** Text the staff type over lines: line breaks written `\n`, control characters removed, trimmed; at most `max` characters, well formed, not empty. */
const typedText = (max: number) =>
  z
    .string()
    .transform((text) => neutraliseText(text.replace(/\r\n?/g, "\n")).trim())
    .pipe(
      z
        .string()
        .min(1)
        .refine((text) => [...text].length <= max)
        .refine(isWellFormedText),
    );

/**
 * Confirming a request into a time: the slot's `start` as the page offers it, the day the page
 * listed (to list it again), and an admin's reason to go over the places (a line, optional).
 */
const confirmForm = z.object({
  slot: z.string().transform((start, context) => parseStart(start) ?? (context.addIssue({ code: "custom", message: "slot" }), z.NEVER)),
  day: z.string().optional(),
  reason: z
    .string()
    .transform((text) => neutraliseText(text).trim())
    .pipe(z.string().max(500).refine(isWellFormedText))
    .default(""),
});
/** Declining a request: the reason the visitor reads. */
const declineForm = z.object({ reason: typedText(reasonMax) });
/** A status chosen by hand: one of the inbox's (the submission's own form's, checked by the route). */
const statusForm = z.object({ status: z.enum(allStatuses) });
/**
 * A reply: its subject and text (the text without the template's answer mark left in it), the
 * template it started from (an unknown one reads as the default), and the form's one-time key.
 */
const replyForm = z.object({
  subject: typedLine(subjectMax),
  body: typedText(replyMax).refine((body) => !body.includes(answerMark), { message: "mark" }),
  template: z.string().max(200).default(""),
  key: z.string().regex(replyKeyPattern),
});
/** An internal note. */
const noteForm = z.object({ note: typedText(noteMax) });
/** The colleague to give the submission to, by their account's number, or nobody (empty). */
const assignForm = z.object({
  staff: z.union([
    z.literal("").transform(() => null),
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/)
      .transform(Number),
  ]),
});

/** A refused form of the page: which one, what was typed (as `typedMax` kept it), and each refused field with its message. */
function refusedAnswer(form: RefusedAnswer["form"], body: Extract<CheckedForm<unknown>, { ok: false }>, messages: Record<string, string>): RefusedAnswer {
  const problems: Record<string, string> = {};
  for (const [field, problem] of Object.entries(body.problems)) {
    const message = messages[`${field}.${problem}`] ?? messages[field];
    if (message !== undefined) problems[field] = message;
  }
  return { form, typed: body.typed, problems };
}

/** What the reply form shows: the chosen template, and the subject and text (filled in, or as typed). */
interface ReplyDraft {
  template: string;
  subject: string;
  body: string;
}

/** A tour booking's record (its fields typed as the tours form's). */
type TourBookingRecord = Extract<SubmissionRecord, { kind: "tourBooking" }>;

/** The tour a booking names, in a language (null for another form, or a language the site does not have). */
function tourName(context: AdminContext, record: SubmissionRecord, lang: string): string | null {
  if (record.kind !== "tourBooking" || !isLanguage(lang) || !context.content.tour(record.row.package)) return null;
  return context.content.tourName(record.row.package, lang);
}

/**
 * A submission's page and what the staff do with it: confirm or decline a tour booking (the
 * visitor's e-mail goes into the outbox in the same transaction as the new status, so a booking
 * is answered once and its e-mail is never lost), or mark a message or an application.
 */
export const submissionRoutes = guardedRoutes("submission", (admin, context) => {
  const base = "/admin/submissions/:type/:id";

  const routes = admin.withTypeProvider<ZodTypeProvider>();

  const load = ({ type, id }: z.infer<typeof params>): SubmissionRecord | null => {
    if (!isInboxType(type) || !idPattern.test(id)) return null;
    return submissionOf(context.bookings, { type, id });
  };

  /** The tour time a booking holds, with its actions (the move form lists the times of the day asked for, else of its own day), or null for a booking without one. */
  const slotPanel = (request: FastifyRequest, view: ReturnType<typeof viewFor>, id: string, note: SlotNote, askedDay: string | undefined) => {
    const slot = slotPanelOf(context.bookings, id, askedDay);
    return slot ? createElement(SlotPanel, { ...slot, view, canOverride: request.staffSession?.role === "admin", note }) : null;
  };

  /** A request without a time: the day the confirmation form lists and that day's times of the package with their places left. */
  const confirmChoice = (record: TourBookingRecord, askedDay: string | undefined): { day: string; options: ConfirmOption[] } =>
    confirmTimesOf(context.bookings, { id: record.entry.submission_id, package: record.row.package, wished: record.row.date }, askedDay);

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 404, createElement(NotFoundPage, { view: viewFor(context, request, reply) }));

  /** The reply form: a template filled in for this visitor, or what the staff typed when it was refused. */
  const replyPanel = (
    view: ReturnType<typeof viewFor>,
    record: SubmissionRecord,
    draft: ReplyDraft | null,
    templateId: string | undefined,
    problems: Partial<Record<string, string>>,
  ) => {
    const { entry } = record;
    if (!serverForms[record.kind].handling.replied) return null;
    const templates = context.content.current.replyTemplates;
    const template = chooseTemplate(templates, draft?.template ?? templateId, entry.page);
    const language = isLanguage(entry.language) ? entry.language : defaultLanguage;
    const fillIn = (lang: typeof language) =>
      fillTemplate(template, lang, { name: entry.name ?? "", estate: replyContext(context).estateNames[lang] }, signatureLines(replyContext(context), lang));
    const filled = fillIn(language);
    // What the template says, in the staff member's language, beside the visitor's version.
    const meaning = language === view.lang ? null : fillIn(view.lang);
    return createElement(ReplyPanel, {
      view,
      entry,
      templates,
      template: template.id,
      subject: draft?.subject ?? filled.subject,
      body: draft?.body ?? filled.body,
      meaning,
      replyKey: newReplyKey(),
      problems,
    });
  };

  /** The accounts a submission can be given to: those whose role opens the inbox. */
  const colleagues = (): Colleague[] =>
    context.staff
      .list()
      .filter((account) => roleAllows(inboxRoles, account.role))
      .map(({ id, email, language }) => ({ id, email, language }));

  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    record: SubmissionRecord,
    status: number,
    extra: {
      done?: Done | null;
      slot?: SlotNote;
      moveDay?: string;
      confirmDay?: string;
      problems?: string[];
      refused?: RefusedAnswer;
      draft?: ReplyDraft;
      template?: string;
    },
  ) => {
    const view = viewFor(context, request, reply);
    const { entry } = record;
    return sendPage(
      reply,
      status,
      createElement(SubmissionPage, {
        view,
        form: formOfType(entry.type),
        entry,
        row: record.row,
        ...submissionTrail(context.bookings, { type: entry.type, id: entry.submission_id }),
        done: extra.done ?? null,
        problems: extra.problems ?? [],
        refused: extra.refused ?? null,
        tourName: tourName(context, record, view.lang),
        statuses: statusesOf(entry.type),
        slotPanel: slotPanel(request, view, entry.submission_id, extra.slot ?? null, extra.moveDay),
        guestPanel:
          record.kind === "tourBooking"
            ? bookingExtras(bookingExtrasOf(context.bookings, entry.submission_id), view, entry.submission_id, request.staffSession?.role === "admin")
            : null,
        confirm:
          record.kind === "tourBooking"
            ? { ...confirmChoice(record, extra.confirmDay), canOverride: request.staffSession?.role === "admin", guests: record.row.guests ?? 1 }
            : null,
        replyPanel: replyPanel(view, record, extra.draft ?? null, extra.template, answerState(extra.refused ?? null, "reply").problems),
        notesPanel: createElement(NotesPanel, {
          view,
          entry,
          typed: answerState(extra.refused ?? null, "note").typed.note ?? "",
          problem: answerState(extra.refused ?? null, "note").problems.note,
        }),
        assignPanel: createElement(AssignPanel, {
          view,
          entry,
          colleagues: colleagues(),
          problem: answerState(extra.refused ?? null, "assign").problems.staff,
        }),
        assignee: entry.assigned_to === null ? null : (context.staff.byId(entry.assigned_to)?.email ?? null),
      }),
    );
  };

  routes.get(base, { config: inboxRoles, schema: { params, querystring: pageQuery } }, async (request, reply) => {
    const record = load(request.params);
    if (!record) return notFound(request, reply);
    const query = request.query;
    return page(request, reply, record, 200, {
      done: query.done ?? null,
      slot: isSlotNote(query.slot) ? query.slot : null,
      moveDay: query.moveDay,
      confirmDay: query.confirmDay,
      template: query.template,
    });
  });

  // A request without a time, confirmed into one of its package's times: its places taken in the
  // same transaction (over the places only for an admin, with a reason), the visitor mailed.
  routes.post(
    `${base}/confirm`,
    { config: inboxRoles, schema: { params, body: checkedForm(confirmForm, { fallback: "slot", typedMax: 1000 }) } },
    async (request, reply) => {
      const record = load(request.params);
      if (!record || record.kind !== "tourBooking") return notFound(request, reply);
      const view = viewFor(context, request, reply);
      const session = staffOf(request);
      const { typed } = request.body;
      if (!request.body.ok) {
        const refused = refusedAnswer("confirm", request.body, { slot: view.t("error.chooseTime"), reason: view.t("error.overReason") });
        return page(request, reply, record, 400, { refused, confirmDay: typed.day });
      }
      const { slot: local, reason } = request.body.value;
      const refused = { form: "confirm" as const, typed, problems: {} };
      const overCapacity = session.role === "admin" && reason !== "";
      const slot = { package: record.row.package, ...local };
      const outcome = await confirmRequest(context.bookings, record.entry.submission_id, slot, { actor: session.email, overCapacity, reason });
      if (outcome === "stale") return page(request, reply, load(request.params) ?? record, 409, { problems: [view.t("error.answered")] });
      if (outcome instanceof SlotRefused) {
        const problem = slotProblem(view, outcome, session.role, context.bookings.schedule.current(), slot.package);
        return page(request, reply, record, 409, { refused: { ...refused, problems: { slot: problem } }, confirmDay: local.date });
      }
      return reply.redirect(`${submissionHref(record.entry.type, record.entry.submission_id)}?done=confirmed`, 303);
    },
  );

  routes.post(
    `${base}/decline`,
    { config: inboxRoles, schema: { params, body: checkedForm(declineForm, { fallback: "reason", typedMax: reasonMax }) } },
    async (request, reply) => {
      const record = load(request.params);
      if (!record || record.kind !== "tourBooking") return notFound(request, reply);
      const view = viewFor(context, request, reply);
      if (!request.body.ok) return page(request, reply, record, 400, { refused: refusedAnswer("decline", request.body, { reason: view.t("error.reason") }) });
      if (!(await declineRequest(context.bookings, record.entry.submission_id, request.body.value.reason, staffOf(request).email))) {
        return page(request, reply, load(request.params) ?? record, 409, { problems: [view.t("error.answered")] });
      }
      return reply.redirect(`${submissionHref(record.entry.type, record.entry.submission_id)}?done=declined`, 303);
    },
  );

  routes.post(
    `${base}/status`,
    { config: inboxRoles, schema: { params, body: checkedForm(statusForm, { fallback: "status", typedMax: 100 }) } },
    async (request, reply) => {
      const record = load(request.params);
      if (!record || !serverForms[record.kind].handling.statusByHand) return notFound(request, reply);
      const type = record.entry.type;
      const statuses: readonly InboxStatus[] = statusesOf(type);
      // One of the inbox's statuses, and one this form's submissions can have.
      const chosen = request.body.ok ? request.body.value.status : undefined;
      const status = statuses.find((one) => one === chosen);
      if (!status) {
        const problems = { status: viewFor(context, request, reply).t("error.status") };
        return page(request, reply, record, 400, { refused: { form: "status", typed: request.body.typed, problems } });
      }
      await setStatus(context.bookings, { type, id: record.entry.submission_id }, status, staffOf(request).email);
      return reply.redirect(`${submissionHref(type, record.entry.submission_id)}?done=status`, 303);
    },
  );

  routes.post(
    `${base}/reply`,
    { config: inboxRoles, schema: { params, body: checkedForm(replyForm, { fallback: "key", typedMax: replyMax * 2 }) } },
    async (request, reply) => {
      const record = load(request.params);
      if (!record || !serverForms[record.kind].handling.replied) return notFound(request, reply);
      const view = viewFor(context, request, reply);
      const { typed } = request.body;
      const template = chooseTemplate(context.content.current.replyTemplates, request.body.ok ? request.body.value.template : typed.template).id;
      if (!request.body.ok) {
        const refused = refusedAnswer("reply", request.body, {
          subject: view.t("error.replySubject"),
          body: view.t("error.replyBody"),
          "body.mark": view.t("error.replyMark", { mark: answerMark }),
          key: view.t("error.replyForm"),
        });
        // The key is no field of its own on the page: its problem is said above the form.
        const { key, ...atFields } = refused.problems;
        return page(request, reply, record, 400, {
          problems: key === undefined ? [] : [key],
          refused: { ...refused, problems: atFields },
          draft: { template, subject: (typed.subject ?? "").slice(0, subjectMax * 2), body: (typed.body ?? "").slice(0, replyMax * 2) },
        });
      }
      const { subject, body, key } = request.body.value;
      const { entry } = record;
      await replyTo(context.bookings, entry, { key, template, subject, text: body }, staffOf(request).email);
      return reply.redirect(`${submissionHref(entry.type, entry.submission_id)}?done=replied`, 303);
    },
  );

  routes.post(
    `${base}/note`,
    { config: inboxRoles, schema: { params, body: checkedForm(noteForm, { fallback: "note", typedMax: noteMax * 2 }) } },
    async (request, reply) => {
      const record = load(request.params);
      if (!record) return notFound(request, reply);
      if (!request.body.ok) {
        return page(request, reply, record, 400, { refused: refusedAnswer("note", request.body, { note: viewFor(context, request, reply).t("error.note") }) });
      }
      const { entry } = record;
      await noteSubmission(context.bookings, { type: entry.type, id: entry.submission_id }, request.body.value.note, staffOf(request).email);
      return reply.redirect(`${submissionHref(entry.type, entry.submission_id)}?done=noted`, 303);
    },
  );

  routes.post(
    `${base}/assign`,
    { config: inboxRoles, schema: { params, body: checkedForm(assignForm, { fallback: "staff", typedMax: 100 }) } },
    async (request, reply) => {
      const record = load(request.params);
      if (!record) return notFound(request, reply);
      const view = viewFor(context, request, reply);
      // Nobody, or a colleague who can open the inbox.
      const chosen = request.body.ok ? request.body.value.staff : undefined;
      const colleague = chosen === null ? null : colleagues().find((account) => account.id === chosen);
      if (colleague === undefined) {
        return page(request, reply, record, 400, { refused: { form: "assign", typed: request.body.typed, problems: { staff: view.t("error.assignee") } } });
      }
      const { entry } = record;
      await assignTo(context.bookings, entry, colleague, { email: staffOf(request).email, language: view.lang });
      return reply.redirect(`${submissionHref(entry.type, entry.submission_id)}?done=${colleague ? "assigned" : "unassigned"}`, 303);
    },
  );
});
