/**
 * The checks of every form, derived from its definition: the API validates each submission with
 * them (server/api/forms.ts). The browser never loads them: its forms use the browser's own checks
 * (required fields, e-mail, numbers, dates) and show the fields the API names
 * (app/features/forms/submit.ts).
 */
import * as z from "zod/mini";
import { languages } from "#core/languages";
import { formDefinitions, type FormDefinitions, type FormKind } from "./definitions";
import { dateWindow, pageMaxLength, type DateField, type FieldDefinition, type FormDefinition, type Submission } from "./fields";
import { isPlainText, isWellFormedText, neutraliseLine, neutraliseText } from "./text";

/** A phone number as people write one: digits, spaces, `+`, brackets, dots and dashes. */
const phonePattern = /^[+0-9 ().-]*$/;

/** Refuses damaged text: a lone surrogate, or bytes that were not UTF-8 (see forms/text.ts). */
const wellFormed = z.refine<string>(isWellFormedText, "Text with a broken character (not valid UTF-8 or UTF-16)");
/** Refuses control characters and bidi controls where nothing can be neutralised (addresses, paths). */
const plain = z.refine<string>(isPlainText, "Control or bidi characters");

/** The envelope every submission carries (forms/fields.ts `Envelope`). */
const envelope = {
  language: z.enum(languages),
  page: z.string().check(wellFormed, plain, z.maxLength(pageMaxLength), z.regex(/^\//)),
  fax: z.optional(z.string().check(z.maxLength(300))),
};

/**
 * Text checked, cleaned, trimmed and bounded: damaged text refused; in one line, bidi controls
 * removed and control characters made spaces; in several lines, tabs and line breaks kept.
 */
const trimmed = (max: number, kind: "line" | "text" | "formatted" = "formatted") =>
  z
    .string()
    .check(wellFormed, kind === "line" ? z.overwrite(neutraliseLine) : kind === "text" ? z.overwrite(neutraliseText) : plain, z.trim(), z.maxLength(max));

/** A `YYYY-MM-DD` day, within its window when the field has one (checked at the time of each submission). */
function day(field: DateField) {
  const date = z.iso.date();
  const { yearsAhead } = field;
  if (yearsAhead === undefined) return date;
  return date.check(
    z.refine((value: string) => {
      const { earliest, latest } = dateWindow(yearsAhead);
      return value >= earliest && value <= latest;
    }, `A day from today to ${yearsAhead} years ahead`),
  );
}

/** An optional value with a format: absent, or the empty string a blank control sends, or a valid one. */
const blankOr = (schema: z.ZodMiniType) => z.optional(z.union([z.literal(""), schema]));

/** The check of one field, from its kind, limits and `required`. */
function fieldSchema(field: FieldDefinition): z.ZodMiniType {
  switch (field.kind) {
    case "line":
    case "text":
      return field.required ? trimmed(field.max, field.kind).check(z.minLength(1)) : z.optional(trimmed(field.max, field.kind));
    case "email": {
      const email = trimmed(field.max).check(z.email());
      return field.required ? email : blankOr(email);
    }
    case "phone": {
      const phone = trimmed(field.max).check(z.regex(phonePattern));
      return field.required ? phone.check(z.minLength(1)) : z.optional(phone);
    }
    case "url": {
      const url = z.url({ protocol: /^https?$/ }).check(wellFormed, plain, z.maxLength(field.max));
      return field.required ? url : blankOr(url);
    }
    case "date":
      return field.required ? day(field) : blankOr(day(field));
    case "count": {
      const count = z.number().check(z.int(), z.minimum(field.min), z.maximum(field.max));
      return field.required ? count : z.optional(count);
    }
    case "choice": {
      const choice = z.enum(field.options as readonly [string, ...string[]]);
      return field.required ? choice : blankOr(choice);
    }
    case "checkbox":
      return z.optional(z.boolean());
  }
}

/**
 * The schema of a whole submission: the envelope and the form's fields, and no other key but those
 * of `extra`: what only a route reads besides the form (a tour booking's time, server/api/tour-slot.ts).
 */
export function submissionSchema<D extends FormDefinition, E extends z.core.$ZodShape = Record<never, never>>(
  form: D,
  extra?: E,
): z.ZodMiniType<Submission<D> & z.output<z.ZodMiniObject<E>>> {
  const fields = Object.fromEntries(form.fields.map((field) => [field.name, fieldSchema(field)]));
  return z.strictObject({ ...envelope, ...fields, ...extra }) as unknown as z.ZodMiniType<Submission<D> & z.output<z.ZodMiniObject<E>>>;
}

/** Each form's schema, made once. */
export const formSchemas = Object.fromEntries(Object.entries(formDefinitions).map(([kind, form]) => [kind, submissionSchema(form)])) as unknown as {
  [K in FormKind]: z.ZodMiniType<Submission<FormDefinitions[K]>>;
};
