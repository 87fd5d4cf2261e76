import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { content } from "#content";
import { formDefinitions, type FormInput, type FormKind } from "#forms/definitions";
import { formPath, type Accepted } from "#forms/fields";
import { formSchemas } from "#forms/schema";
import { isLanguage } from "#core/languages";
import { asStorageUnavailable } from "../db/availability";
import type { Saved, SubmissionStore } from "../db/submissions";
import { SlotRefused } from "../bookings/ledger";
import type { TourService } from "../bookings/service";
import { joinWaitlist, readSlot, refusal, submitWithSlot } from "./tour-slot";
import { languageFromHeader } from "../mail/language";
import { serverPagePolicy } from "../pages/document";
import { composeSubmissionMails, type MailContext } from "../mail/compose";
import { nativeAnswerPage, nativePayload, type NativeOutcome } from "./native-forms";
import type { RouteRateLimit } from "./route-config";

/** The 400 answer: what is wrong, and the fields (or unknown keys) concerned. */
export interface FieldError {
  error: string;
  fields: string[];
}

interface Issue {
  code: string;
  path: PropertyKey[];
  keys?: string[];
}

/** Names the fields of a failed validation: the invalid ones, then any unknown keys. */
export function describeIssues(issues: readonly Issue[]): FieldError {
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

/** A bot filled the field people never see. */
function isHoneypot(body: Record<string, unknown>): boolean {
  return typeof body.fax === "string" ? body.fax.trim() !== "" : body.fax !== undefined && body.fax !== null;
}

function isJson(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? "");
}

function isFormPost(contentType: string | undefined): boolean {
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? "");
}

/** Answers a form posted without the page's JavaScript with a page in the visitor's language. */
function sendNativeAnswer(request: FastifyRequest, reply: FastifyReply, kind: FormKind, status: number, outcome: NativeOutcome) {
  const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
  const language = body.get("language");
  const lang = isLanguage(language) ? language : languageFromHeader(request.headers["accept-language"]);
  return reply
    .status(status)
    .header("Content-Type", "text/html; charset=utf-8")
    .header("Content-Security-Policy", serverPagePolicy)
    .send(nativeAnswerPage(kind, lang, body, outcome, { hours: content.importer.answerWithinHours }));
}

/** What became of a submission: stored, dropped as a bot's, or refused with the fields named. */
type Acceptance =
  | { outcome: "stored"; id: string }
  | { outcome: "dropped" }
  | { outcome: "invalid"; problem: FieldError }
  | { outcome: "refused"; answer: ReturnType<typeof refusal> };

export interface FormRouteOptions {
  store: SubmissionStore;
  /** Set when mail is configured: each submission's e-mails are worded with it and queued with it. */
  mail: MailContext | null;
  routeConfig: RouteRateLimit;
  /** The tour schedule and its places: a booking may name a slot (./tour-slot.ts). */
  tours: TourService;
  siteUrl: string;
}

/**
 * `POST /api/<slug>` for each form of forms/: validate with the form's schema, store the
 * submission and its e-mails in one transaction, then answer 201 once both are on disk.
 */
export function formSubmissionRoutes(api: FastifyInstance, { store, mail, routeConfig, tours, siteUrl }: FormRouteOptions): void {
  api.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  // A form posted without JavaScript that fails (too fast, too large, a server fault) gets a page
  // too, with what the visitor typed when the body was read; everything else keeps the JSON answers.
  api.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const kind = kindOf(request);
    if (!kind || !isFormPost(request.headers["content-type"])) throw error;
    const unavailable = asStorageUnavailable(error);
    if (unavailable) reply.header("Retry-After", String(unavailable.retryAfterSeconds));
    const status = unavailable ? 503 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return sendNativeAnswer(request, reply, kind, status, { kind: status === 429 ? "rate-limited" : "failed" });
  });
  const kindOf = (request: FastifyRequest) => (Object.keys(formDefinitions) as FormKind[]).find((kind) => request.url.split("?")[0] === formPath(formDefinitions[kind]));

  /** The one path of every submission, JSON or HTML form: the honeypot, the form's schema, then storage with its e-mails. */
  const accept = async (kind: FormKind, payload: Record<string, unknown>, request: FastifyRequest): Promise<Acceptance> => {
    if (isHoneypot(payload)) {
      request.log.info({ form: kind }, "honeypot filled: submission dropped");
      return { outcome: "dropped" };
    }
    // A tour booking may name a slot, which is not one of the form's fields (./tour-slot.ts),
    // and ask for its waitlist when it is full (`waitlist: true`, or "yes" as the form's fields send it).
    const { slot: slotValue, waitlist, ...fields } = payload;
    const slot = kind === "tourBooking" ? readSlot(slotValue, fields.package) : { slot: null };
    const result = formSchemas[kind].safeParse(kind === "tourBooking" ? fields : payload);
    if (!result.success || "invalid" in slot) {
      const problem = describeIssues([...(result.success ? [] : result.error.issues), ...("invalid" in slot ? [{ code: "custom", path: ["slot"] }] : [])]);
      return { outcome: "invalid", problem };
    }
    const input = result.data as FormInput<typeof kind>;
    const estateMails = mail ? (saved: Saved) => composeSubmissionMails(kind, input, saved, mail) : undefined;
    if (slot.slot) {
      const booking = input as FormInput<"tourBooking">;
      try {
        const { id } = await submitWithSlot(store, tours, booking, slot.slot, estateMails ?? null);
        return { outcome: "stored", id };
      } catch (error) {
        const fits = (booking.guests ?? 1) <= tours.schedule().capacity;
        if (error instanceof SlotRefused && error.reason === "full" && (waitlist === true || waitlist === "yes") && fits) {
          const { id } = await joinWaitlist(store, tours, booking, slot.slot, estateMails ?? null);
          return { outcome: "stored", id };
        }
        if (error instanceof SlotRefused) return { outcome: "refused", answer: refusal(error, booking.language, booking.guests ?? 1, tours, siteUrl) };
        throw error;
      }
    }
    const { id } = await store.submit(kind, input, estateMails);
    return { outcome: "stored", id };
  };

  for (const kind of Object.keys(formDefinitions) as FormKind[]) {
    api.post(formPath(formDefinitions[kind]), { config: routeConfig }, async (request, reply) => {
      if (isFormPost(request.headers["content-type"])) {
        const accepted = await accept(kind, nativePayload(kind, request.body as URLSearchParams), request);
        if (accepted.outcome === "invalid") return sendNativeAnswer(request, reply, kind, 400, { kind: "invalid", fields: accepted.problem.fields });
        // A form posted without the page's JavaScript names no slot, so nothing is refused for places.
        if (accepted.outcome === "refused") return sendNativeAnswer(request, reply, kind, 409, { kind: "failed" });
        return sendNativeAnswer(request, reply, kind, 201, { kind: "sent" });
      }
      // A body with another type never gets here (415 from the parser); this catches an empty one.
      if (!isJson(request.headers["content-type"])) {
        return reply.status(415).send({ error: "Unsupported Media Type: send application/json" });
      }
      const body = request.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return reply.status(400).send({ error: "The body must be a JSON object", fields: [] } satisfies FieldError);
      }
      const accepted = await accept(kind, body as Record<string, unknown>, request);
      if (accepted.outcome === "invalid") return reply.status(400).send(accepted.problem);
      if (accepted.outcome === "refused") return reply.status(409).send(accepted.answer);
      // A bot is told what a person would be, with an id that names nothing.
      return reply.status(201).send({ ok: true, id: accepted.outcome === "stored" ? accepted.id : randomUUID() } satisfies Accepted);
    });
  }
}
