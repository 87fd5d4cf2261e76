/**
 * Forms sent before the page's JavaScript ran (it starts after the first paint: pipeline/paint-first.ts)
 * arrive as ordinary HTML form posts (`application/x-www-form-urlencoded`) at the same API address.
 * They are checked and stored exactly like the page's JSON, and answered with a page in the
 * visitor's language (../pages/form-answer.tsx): what the page's toast would have said, or what
 * went wrong with the form again, filled with everything the visitor typed. Never a JSON page,
 * never a lost submission. This module reads such a post.
 */
import { formDefinitions, type FormKind } from "#forms/definitions";
import { formPayload } from "#forms/payload";

/** The fields of an HTML form post as typed, by name: the first value of a name sent twice. */
export type TypedFields = Readonly<Record<string, string>>;

/** The fields @fastify/formbody read from a form post (a name sent twice gives a list), as typed. */
export function typedFields(body: unknown): TypedFields {
  if (typeof body !== "object" || body === null) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") fields[name] = first;
  }
  return fields;
}

/** Reads an HTML form post into the same payload the page's JavaScript sends. */
export function nativePayload(kind: FormKind, fields: TypedFields): Record<string, unknown> {
  const definition = formDefinitions[kind];
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const chosen = Object.fromEntries(definition.fields.filter((field) => field.kind === "choice").map((field) => [field.name, fields[field.name] ?? null]));
  const envelope = Object.fromEntries(["language", "page", "fax"].filter((name) => name in fields).map((name) => [name, fields[name]]));
  return { ...formPayload(definition, data, chosen), ...envelope };
}
