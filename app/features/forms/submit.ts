import type { Accepted } from "#forms/fields";

type SubmitFailure = "network" | "invalid" | "rate-limited" | "server" | "conflict";
/** A 409 (a tour time short of places) carries the server's own message, in the page's language. */
export type SubmitResult = { ok: true; answer: Partial<Accepted> } | { ok: false; reason: SubmitFailure; fields?: string[]; message?: string };

/** The field names a 400 answer's `fields` lists, when it lists any. */
async function fieldsOf(response: Response): Promise<string[] | undefined> {
  try {
    const body = (await response.json()) as { fields?: unknown };
    return Array.isArray(body.fields) ? body.fields.filter((f): f is string => typeof f === "string") : undefined;
  } catch {
    return undefined;
  }
}

/** The translated message of a 409 answer, if it has one. */
async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === "string" ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a form to its API address (`/api/<slug>` of its definition in forms/) as JSON and says
 * how it went. The browser's own checks (required fields, e-mail, numbers, dates: spec §5) have
 * run already; the API checks the rest with the form's schema (forms/schema.ts) and names the
 * fields it refuses. The schema itself stays off the page: zod and the dynamic import it needed
 * cost every page with a form about 1 KB gzip of first-load JavaScript (docs/performance.md).
 *
 * Success is a 201 (any 2xx). A 400 is `invalid` with the fields the server named; 413 and 415
 * are `invalid` too; 409 is `conflict` with the server's message (a tour time without the places);
 * 429 is `rate-limited`; other answers are `server`; no answer is `network`.
 */
export async function submitForm(path: string, payload: Record<string, unknown>): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, reason: "network" };
  }

  // The 201's body: `{ok, id}`, and a tour booking's `outcome` (anything unreadable reads as none).
  if (response.ok) return { ok: true, answer: ((await response.json().catch(() => null)) as Partial<Accepted> | null) ?? {} };
  if (response.status === 429) return { ok: false, reason: "rate-limited" };
  if (response.status === 400) {
    const fields = await fieldsOf(response);
    return fields && fields.length > 0 ? { ok: false, reason: "invalid", fields } : { ok: false, reason: "invalid" };
  }
  if (response.status === 413 || response.status === 415) return { ok: false, reason: "invalid" };
  if (response.status === 409) {
    const message = await messageOf(response);
    return message ? { ok: false, reason: "conflict", message } : { ok: false, reason: "server" };
  }
  return { ok: false, reason: "server" };
}
