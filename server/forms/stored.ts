/**
 * A stored submission read back typed by its form's definition (forms/), in one place, as
 * vercel/commerce's `reshapeProduct` turns a provider's data into the app's types: each field by
 * its name (not its column), a count as a number, a choice as one of its options, an empty
 * optional field as null, and the envelope and the dates the server keeps. What a row holds is
 * checked by a zod schema made from the definition, so a row that does not fit (a column changed
 * by hand, a choice since removed) stops with the field named instead of reaching a page as a cast.
 */
import { z } from "zod";
import { languages, type Language } from "#core/languages";
import { formDefinitions, type FormDefinitions, type FormKind } from "#forms/definitions";
import type { FieldDefinition, FieldValue } from "#forms/fields";

type Definition<K extends FormKind> = FormDefinitions[K];
type FieldsOf<K extends FormKind> = Definition<K>["fields"][number];

/** A submission of the form `K` as stored: its envelope, its fields by name, and the dates the server keeps. */
export type StoredSubmission<K extends FormKind> = { id: string; receivedAt: string; language: Language; page: string } & {
  [F in Extract<FieldsOf<K>, { required: true }> as F["name"]]: FieldValue<F>;
} & { [F in Extract<FieldsOf<K>, { required: false }> as F["name"]]: FieldValue<F> | null } & {
  [C in Definition<K>["kept"][number] as C["name"]]: string | null;
};

/** A field's stored value: its type only (a limit may have changed since it was stored; the staff may store an empty address). */
function storedValue(field: FieldDefinition): z.ZodType {
  // A ticked box is 1, an unticked one NULL: read as true or null.
  if (field.kind === "checkbox")
    return z
      .literal(1)
      .nullable()
      .transform((value) => (value === 1 ? true : null));
  const value = field.kind === "count" ? z.number().int() : field.kind === "choice" ? z.enum(field.options) : z.string();
  // An optional field left empty is NULL (server/db/submissions.ts).
  return field.required ? value : value.nullable();
}

const schemas = new Map<FormKind, z.ZodType>();

/** The schema of a form's stored rows, made once: each column under its field's name. */
function storedSchema(kind: FormKind): z.ZodType {
  let schema = schemas.get(kind);
  if (!schema) {
    const form: { fields: readonly FieldDefinition[]; kept: readonly { name: string; column: string }[] } = formDefinitions[kind];
    schema = z
      .object({
        id: z.string(),
        received_at: z.string(),
        language: z.enum(languages),
        page: z.string(),
        ...Object.fromEntries(form.fields.map((field) => [field.column, storedValue(field)])),
        ...Object.fromEntries(form.kept.map((column) => [column.column, z.string().nullable()])),
      })
      .transform((row: Record<string, unknown>) => ({
        id: row.id,
        receivedAt: row.received_at,
        language: row.language,
        page: row.page,
        ...Object.fromEntries([...form.fields, ...form.kept].map(({ name, column }) => [name, row[column]])),
      }));
    schemas.set(kind, schema);
  }
  return schema;
}

/** A row of the form's table (`SELECT *`) as the form's stored submission; throws naming each field that does not fit. */
export function storedSubmission<K extends FormKind>(kind: K, row: unknown): StoredSubmission<K> {
  const result = storedSchema(kind).safeParse(row);
  if (!result.success) {
    throw new Error(
      `a stored ${kind} does not fit its definition (forms/): ${result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  }
  // The schema above is made from the same definition as the type: the one place that says so.
  return result.data as StoredSubmission<K>;
}
