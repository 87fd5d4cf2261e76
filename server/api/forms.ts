import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { formDefinitions, type FormInput, type FormKind } from "#forms/definitions";
import { formPath, type Accepted } from "#forms/fields";
import { formSchemas } from "#forms/schema";
import type { SubmissionStore } from "../db/submissions";
import { composeSubmissionMails, type MailContext } from "../mail/compose";
import type { RouteRateLimit } from "./routes";

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

export interface FormRouteOptions {
  store: SubmissionStore;
  /** Set when mail is configured: each submission's e-mails are worded with it and queued with it. */
  mail: MailContext | null;
  routeConfig: RouteRateLimit;
}

/**
 * `POST /api/<slug>` for each form of forms/: validate with the form's schema, store the
 * submission and its e-mails in one transaction, then answer 201 once both are on disk.
 */
export function formSubmissionRoutes(api: FastifyInstance, { store, mail, routeConfig }: FormRouteOptions): void {
  for (const kind of Object.keys(formDefinitions) as FormKind[]) {
    const schema = formSchemas[kind];
    api.post(formPath(formDefinitions[kind]), { config: routeConfig }, async (request, reply) => {
      // A body with another type never gets here (415 from the parser); this catches an empty one.
      if (!isJson(request.headers["content-type"])) {
        return reply.status(415).send({ error: "Unsupported Media Type: send application/json" });
      }
      const body = request.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return reply.status(400).send({ error: "The body must be a JSON object", fields: [] } satisfies FieldError);
      }
      if (isHoneypot(body as Record<string, unknown>)) {
        request.log.info({ form: kind }, "honeypot filled: submission dropped");
        return reply.status(201).send({ ok: true, id: randomUUID() } satisfies Accepted);
      }
      const result = schema.safeParse(body);
      if (!result.success) return reply.status(400).send(describeIssues(result.error.issues));
      const input = result.data as FormInput<typeof kind>;
      const { id } = await store.submit(kind, input, mail ? (saved) => composeSubmissionMails(kind, input, saved, mail) : undefined);
      return reply.status(201).send({ ok: true, id } satisfies Accepted);
    });
  }
}
