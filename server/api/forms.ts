import { randomUUID } from "node:crypto";
import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { formDefinitions, formKinds, type FormKind } from "#forms/definitions";
import { formPath, type Accepted, type BookingOutcome } from "#forms/fields";
import { formSchemas } from "#forms/schema";
import { isLanguage, languageTags, type Language } from "#core/languages";
import { translator } from "#locales";
import { asStorageUnavailable } from "../db/availability";
import { bookTour } from "../bookings/book";
import type { Bookings } from "../bookings/deps";
import { refusalAnswer } from "../bookings/refusal";
import { signUpForNewsletter, submitForm } from "../inbox/submit";
import { tourBookingBody } from "./tour-slot";
import { languageFromHeader } from "../mail/language";
import { sendServerPage, siteStylesheetOf } from "../pages/document";
import { nativePayload, typedFields, type TypedFields } from "./native-forms";
import { formAnswerPage, type FormAnswer } from "../pages/form-answer";
import type { RouteLimit } from "./route-config";

/** The 400 answer: what is wrong, and the fields (or unknown keys) concerned. */
interface FieldError {
  error: string;
  fields: string[];
}

interface Issue {
  code: string;
  path: PropertyKey[];
  keys?: string[];
}

/** Names the fields of a failed validation: the invalid ones, then any unknown keys. */
function describeIssues(issues: readonly Issue[]): FieldError {
  const invalid = new Set<string>();
  const unknown = new Set<string>();
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") for (const key of issue.keys ?? []) unknown.add(key);
    else if (issue.path.length > 0) invalid.add(String(issue.path[0]));
  }
  const parts = [];
  if (invalid.size > 0) parts.push(`invalid fields: ${[...invalid].join(", ")}`);
  if (unknown.size > 0) parts.push(`unknown fields: ${[...unknown].join(", ")}`);
  const error = parts.length > 0 ? parts.join("; ") : "invalid submission";
  return { error: error.charAt(0).toUpperCase() + error.slice(1), fields: [...invalid, ...unknown] };
}

/**
 * The issues of a failed body validation, back in zod's own shape: fastify-type-provider-zod hands
 * them over as Fastify validation errors (`keyword` the issue's code, `instancePath` its path).
 */
function issuesOf(validation: readonly { keyword: string; instancePath: string; params: Record<string, unknown> }[]): Issue[] {
  return validation.map((item) => ({
    code: item.keyword,
    path: item.instancePath.split("/").filter((segment) => segment !== ""),
    ...(Array.isArray(item.params.keys) ? { keys: item.params.keys.map(String) } : {}),
  }));
}

/**
 * The 400's words in the page's language, as the page itself would say them (forms.error.fields,
 * with the labels the form shows): the page's own checks let few refusals through, but those that
 * come (a day too far ahead, a phone with letters) read as the rest of the page does. A body in no
 * language of the site, or one that names an unknown key, keeps the API's own words.
 */
export function problemIn(kind: FormKind, problem: FieldError, lang: Language): FieldError {
  const labels = problem.fields.flatMap((name) => formDefinitions[kind].fields.find((field) => field.name === name)?.label ?? []);
  if (problem.fields.length === 0 || labels.length < problem.fields.length) return problem;
  const { t } = translator(lang);
  const fields = new Intl.ListFormat(languageTags[lang], { type: "conjunction" }).format(labels.map((label) => t(label)));
  return { ...problem, error: t("forms.error.fields", { count: problem.fields.length, fields }) };
}

/** The language a refused body names, when it names one of the site's (its schema refused something else). */
function languageOf(body: unknown): Language | null {
  if (typeof body !== "object" || body === null || !("language" in body)) return null;
  return isLanguage(body.language) ? body.language : null;
}

/** A bot filled the field people never see. */
function isHoneypot(body: unknown): boolean {
  if (typeof body !== "object" || body === null || !("fax" in body)) return false;
  return typeof body.fax === "string" ? body.fax.trim() !== "" : body.fax !== undefined && body.fax !== null;
}

function isJson(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? "");
}

function isFormPost(contentType: string | undefined): boolean {
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? "");
}

export interface FormRouteOptions {
  /** Submissions per client address and form in each window; null: no limit. */
  limit: RouteLimit;
  /**
   * What the forms' use-cases are handed (the group commit, the mails' context: ../inbox/submit.ts;
   * the tour bookings' parts: a booking may name a slot, ./tour-slot.ts).
   */
  bookings: Bookings;
  siteUrl: string;
}

/**
 * `POST /api/<slug>` for each form of forms/: the form's schema (forms/schema.ts) is the route's
 * body schema, checked by fastify-type-provider-zod before the handler, which stores the
 * submission and its e-mails in one transaction and answers 201 once both are on disk. JSON from
 * the page's script and HTML form posts (sent before it ran, read by @fastify/formbody) go the
 * same way; a form post is answered with a page in the visitor's language (./native-forms.tsx).
 */
export async function formSubmissionRoutes(api: FastifyInstance, { limit, bookings, siteUrl }: FormRouteOptions): Promise<void> {
  await api.register(formbody);
  api.setValidatorCompiler(validatorCompiler);
  const routes = api.withTypeProvider<ZodTypeProvider>();

  /** What the visitor typed into a form posted without JavaScript, kept for the answer page. */
  const typed = new WeakMap<FastifyRequest, TypedFields>();

  /** A 400 naming the fields: the page filled as typed for a form post, `{error, fields}` for JSON. */
  const sendInvalid = (request: FastifyRequest, reply: FastifyReply, kind: FormKind, problem: FieldError) => {
    if (typed.has(request)) return sendNativeAnswer(request, reply, kind, 400, { kind: "invalid", fields: problem.fields });
    const language = languageOf(request.body);
    return reply
      .status(400)
      .type("application/json; charset=utf-8")
      .send(language ? problemIn(kind, problem, language) : problem);
  };

  /** Answers a form posted without the page's JavaScript with a page in the visitor's language. */
  const sendNativeAnswer = (request: FastifyRequest, reply: FastifyReply, kind: FormKind, status: number, outcome: FormAnswer) => {
    const fields = typed.get(request) ?? {};
    const lang = isLanguage(fields.language) ? fields.language : languageFromHeader(request.headers["accept-language"]);
    const values = {
      hours:
        outcome.kind === "sent" && outcome.outcome === "pending" ? bookings.schedule.current().holdHours : bookings.content.current.importer.answerWithinHours,
    };
    return sendServerPage(reply, status, formAnswerPage(kind, lang, fields, outcome, values, siteStylesheetOf(request)));
  };

  const kindOf = (request: FastifyRequest) => formKinds.find((kind) => request.url.split("?")[0] === formPath(formDefinitions[kind]));

  // Validation failures name their fields (JSON: `{error, fields}`; a form post: its page, filled as
  // typed); a form post that fails otherwise (too fast, too large, a server fault) gets a page too.
  api.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const kind = kindOf(request);
    const native = isFormPost(request.headers["content-type"]);
    if (kind && hasZodFastifySchemaValidationErrors(error)) {
      return sendInvalid(request, reply, kind, describeIssues(issuesOf(error.validation)));
    }
    if (!kind || !native) throw error;
    const unavailable = asStorageUnavailable(error);
    if (unavailable) reply.header("Retry-After", String(unavailable.retryAfterSeconds));
    const status = unavailable ? 503 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return sendNativeAnswer(request, reply, kind, status, { kind: status === 429 ? "rate-limited" : "failed" });
  });

  /** Reads a form post into the page script's JSON shape; refuses what is neither that nor JSON. */
  const readBody =
    (kind: FormKind): preValidationAsyncHookHandler =>
    async (request, reply) => {
      const type = request.headers["content-type"];
      if (isFormPost(type)) {
        const fields = typedFields(request.body);
        typed.set(request, fields);
        request.body = nativePayload(kind, fields);
        return;
      }
      // A body of another type never gets here (415 from the parsers); this catches an empty one.
      if (!isJson(type)) return reply.status(415).send({ error: "Unsupported Media Type: send application/json" });
      const body = request.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return reply.status(400).send({ error: "The body must be a JSON object", fields: [] } satisfies FieldError);
      }
    };

  /** A filled honeypot is dropped before the schema, and the bot is told what a person would be. */
  const dropHoneypot =
    (kind: FormKind): preValidationAsyncHookHandler =>
    async (request, reply) => {
      if (!isHoneypot(request.body)) return;
      request.log.info({ form: kind }, "honeypot filled: submission dropped");
      if (typed.has(request)) return sendNativeAnswer(request, reply, kind, 201, { kind: "sent" });
      // An id that names nothing.
      return reply.status(201).send({ ok: true, id: randomUUID() } satisfies Accepted);
    };

  /** The hooks before a form's schema, in this order: the body read (a form post kept as typed, for
   * every page), the rate limit (so a form refused for going too fast is shown again filled), the honeypot. */
  const before = (kind: FormKind) => [readBody(kind), ...(limit ? [api.rateLimit(limit)] : []), dropHoneypot(kind)];

  /**
   * The 201 once stored: the page for a form post, `{ok, id}` for JSON; a tour booking says what
   * became of it (`outcome`: booked and confirmed, waiting for the estate, on a waitlist, or a
   * request without a time), and its page and message say the same.
   */
  /** `extra`: a deposit to pay (the checkout's address), a tour waiting for its minimum group (how many people it takes). */
  const sendStored = (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: FormKind,
    id: string,
    outcome?: BookingOutcome,
    extra: { checkoutUrl?: string; minimum?: number } = {},
  ) => {
    if (typed.has(request)) return sendNativeAnswer(request, reply, kind, 201, { kind: "sent", ...(outcome ? { outcome } : {}) });
    const hours = outcome === "pending" ? { hours: bookings.schedule.current().holdHours } : {};
    return reply.status(201).send({ ok: true, id, ...(outcome ? { outcome } : {}), ...hours, ...extra } satisfies Accepted);
  };

  // A message or an application: stored with the estate's notification by its use-case (../inbox/submit.ts).
  for (const kind of formKinds) {
    if (kind === "tourBooking" || kind === "newsletterSignup") continue;
    routes.post(formPath(formDefinitions[kind]), { schema: { body: formSchemas[kind] }, preValidation: before(kind) }, async (request, reply) => {
      const { id } = await submitForm(bookings, kind, request.body);
      return sendStored(request, reply, kind, id);
    });
  }

  // A newsletter sign-up: its row and the confirmation e-mail of the double opt-in (../inbox/submit.ts).
  routes.post(
    formPath(formDefinitions.newsletterSignup),
    { schema: { body: formSchemas.newsletterSignup }, preValidation: before("newsletterSignup") },
    async (request, reply) => {
      const { id } = await signUpForNewsletter(bookings, request.body);
      return sendStored(request, reply, "newsletterSignup", id);
    },
  );

  // A tour booking: its time and waitlist wish read by its own schema (./tour-slot.ts), the booking
  // made by the bookings' one use-case (../bookings/book.ts), its result turned into the answer.
  routes.post(formPath(formDefinitions.tourBooking), { schema: { body: tourBookingBody }, preValidation: before("tourBooking") }, async (request, reply) => {
    const kind = "tourBooking";
    const { slot, waitlist, private: privateTour, voucher, ...input } = request.body;
    const result = await bookTour(bookings, { input, slot, waitlist, private: privateTour, voucher });
    if ("outcome" in result) {
      const extra =
        "checkoutUrl" in result
          ? { checkoutUrl: result.checkoutUrl }
          : result.outcome === "minimum"
            ? { minimum: bookings.schedule.current().rules[input.package].minGuests }
            : {};
      return sendStored(request, reply, kind, result.id, result.outcome, extra);
    }
    // A form posted without the page's JavaScript names no slot, so this is the page script's JSON.
    if (typed.has(request)) return sendNativeAnswer(request, reply, kind, 409, { kind: "failed" });
    // Refused with a message in the visitor's language (the page shows a 409's message as it is).
    return reply.status(409).send(refusalAnswer(result.refused, { ...input, private: privateTour }, result.slot, bookings.schedule.current(), siteUrl));
  });
}
