import { formDefinitions, type FormKind } from "#forms/definitions";
import { formPath } from "#forms/fields";
import { formSchemas } from "#forms/schema";

export type SubmitFailure = "network" | "invalid" | "rate-limited" | "server";
export type SubmitResult = { ok: true } | { ok: false; reason: SubmitFailure; fields?: string[] };

/** The field names a 400 answer's `fields` lists, when it lists any. */
async function fieldsOf(response: Response): Promise<string[] | undefined> {
  try {
    const body = (await response.json()) as { fields?: unknown };
    return Array.isArray(body.fields) ? body.fields.filter((f): f is string => typeof f === "string") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a form to the site's API (`/api/<slug>` of its definition in forms/) as JSON and says how
 * it went. The payload is checked first with the schema the API uses (forms/schema.ts), so an
 * invalid one never leaves the page. Forms load this module (and zod with it) only when the visitor submits
 * (app/components/forms/form-shell.tsx), keeping both out of the page's first-load JavaScript.
 *
 * Success is a 201 (any 2xx). A 400 is `invalid` with the fields the server named; 413 and 415
 * are `invalid` too; 429 is `rate-limited`; other answers are `server`; no answer is `network`.
 */
export async function submitForm(kind: FormKind, payload: Record<string, unknown>): Promise<SubmitResult> {
  const checked = formSchemas[kind].safeParse(payload);
  if (!checked.success) {
    const fields = [...new Set(checked.error.issues.map((issue) => String(issue.path[0] ?? "")).filter(Boolean))];
    return { ok: false, reason: "invalid", fields };
  }

  let response: Response;
  try {
    response = await fetch(formPath(formDefinitions[kind]), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, reason: "network" };
  }

  if (response.ok) return { ok: true };
  if (response.status === 429) return { ok: false, reason: "rate-limited" };
  if (response.status === 400) {
    const fields = await fieldsOf(response);
    return fields && fields.length > 0 ? { ok: false, reason: "invalid", fields } : { ok: false, reason: "invalid" };
  }
  if (response.status === 413 || response.status === 415) return { ok: false, reason: "invalid" };
  return { ok: false, reason: "server" };
}
