/**
 * A staff form checked by its route. Each form is a zod object (its fields, their types and
 * limits); the route's body schema is `checkedForm(thatObject)`, so the handler receives either the
 * form's typed value or each refused field with the name of its problem, and always what was typed,
 * to show the form again as it was. A form's mistakes are the staff's, not an attack: they never
 * become a bare 400, they are named at the field on the page again.
 */
import { z } from "zod";
import { UploadedFile } from "../../pictures";
import { staffForm } from "./context";

/**
 * The largest staff form post, in bytes (read by @fastify/formbody, ./index.ts). 256 KB: a reply of
 * 8,000 Chinese or Japanese characters is 72 KB once percent-encoded (9 bytes a character).
 */
export const staffFormLimit = 256 * 1024;

/** What was typed, to show the form again: every field but the token, each bounded. */
export type TypedFields = Record<string, string>;

/** A form's refused fields: each field's first problem, as the schema names it (a refinement's `message`, else zod's code). */
export type FieldProblems<F extends string = string> = Partial<Record<F, string>>;

/** What the route hands the handler: the form's value, or its problems; and what was typed. */
export type CheckedForm<T, F extends string = string> =
  { ok: true; value: T; typed: TypedFields } | { ok: false; problems: FieldProblems<F>; typed: TypedFields };

const typedOf = (fields: Record<string, string>, max: number): TypedFields =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([name]) => name !== "_csrf")
      .map(([name, value]) => [name, value.slice(0, max)]),
  );

/**
 * The body schema of a route that takes the form `schema`. A problem without a field (a check of
 * the whole form) is filed under `fallback`, the field the page shows it at.
 */
export function checkedForm<S extends z.ZodType, F extends string = Extract<keyof z.output<S>, string>>(
  schema: S,
  options: { fallback: NoInfer<F>; typedMax?: number },
) {
  return staffForm.transform((fields): CheckedForm<z.output<S>, F> => checkFields<S, F>(schema, fields, options));
}

/** A form's fields checked by its schema, as `checkedForm` hands them to the route (for a form posted with files: `formWithFiles`). */
export function checkFields<S extends z.ZodType, F extends string = Extract<keyof z.output<S>, string>>(
  schema: S,
  fields: Record<string, string>,
  { fallback, typedMax = 2000 }: { fallback: NoInfer<F>; typedMax?: number },
): CheckedForm<z.output<S>, F> {
  const typed = typedOf(fields, typedMax);
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, value: result.data, typed };
  const problems: FieldProblems<F> = {};
  for (const issue of result.error.issues) {
    const field = (typeof issue.path[0] === "string" ? issue.path[0] : fallback) as F;
    problems[field] ??= issue.code === "custom" ? issue.message : issue.code;
  }
  return { ok: false, problems, typed };
}

/**
 * The body of a form that may carry a picture: URL-encoded (@fastify/formbody), or multipart when a
 * file is chosen (@fastify/multipart with `attachFieldsToBody: "keyValues"`, whose `onFile` makes
 * each file an `UploadedFile`, ../index.ts). Each name is sent once, as text or as a file; a name
 * sent twice (a list) is refused with 400 naming it, as every staff form is (./staff-guard.ts). The
 * route reads the text fields (through its form's schema: `checkFields`) and the files (by field
 * name, such as `photo.scene.upload`) apart.
 */
export const formWithFiles = z
  .record(z.string(), z.union([z.string(), z.instanceof(UploadedFile)]))
  .default({})
  .transform((body) => {
    const fields: Record<string, string> = {};
    const files = new Map<string, UploadedFile>();
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === "string") fields[name] = value;
      else files.set(name, value);
    }
    return { fields, files };
  });

/** A box of a form: ticked when the browser sends it (as `on`, a box's value unless it names another). */
export const box = z
  .string()
  .optional()
  .transform((value) => value === "on");

/**
 * The reader of a form whose field names are made from a live list (a package, a row of times, a
 * language), in the transform that makes the form's value from its fields: `field(name, schema)`
 * checks one field with its own zod schema (its type and limits) and gives its value, or files its
 * problem under the field's own name (its refinement's `message`, else zod's code), as
 * `checkedForm` then reports it, and gives undefined. `refused()` says whether a field was; the
 * transform then returns `z.NEVER`.
 */
export function listedFields(fields: Readonly<Record<string, string>>, check: z.RefinementCtx) {
  let refused = false;
  const field = <T>(name: string, schema: z.ZodType<T, string | undefined>): T | undefined => {
    const result = schema.safeParse(fields[name]);
    if (result.success) return result.data;
    const [issue] = result.error.issues;
    check.addIssue({ code: "custom", path: [name], message: issue?.code === "custom" ? issue.message : (issue?.code ?? "custom") });
    refused = true;
    return undefined;
  };
  /** Files a problem of fields read together (a row's days without its time) under the field that shows it. */
  const problem = (name: string, message: string) => {
    check.addIssue({ code: "custom", path: [name], message });
    refused = true;
  };
  return { field, problem, refused: () => refused };
}

/** The refused fields of a form with their message in the staff member's words, for the fields the page names (`messages`). */
export function namedProblems(problems: Partial<Record<string, string>>, messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(problems).flatMap((field) => (Object.hasOwn(messages, field) ? [[field, messages[field]!]] : [])));
}

/**
 * The body schema of a form of buttons, whose fields nobody types (an action, an id, a ticked
 * confirmation): each field named with what it may hold, as text sent once; other fields are
 * ignored, and a POST without a body reads as no fields. A value it refuses is not the staff's
 * mistake but a page out of date or a forged post: the guard answers 400 naming the field
 * (./staff-guard.ts), and nothing changes.
 */
export function buttonForm<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.preprocess((body) => body ?? {}, z.object(shape));
}
