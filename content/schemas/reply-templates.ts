import { z } from "zod";
import { localized } from "./localized";

/** The only blanks a reply template may leave for the inbox to fill: the visitor's name and the estate's. */
const replyTemplateBlanks = ["name", "estate"] as const;

/**
 * A reply's text: plain text (no ICU, so apostrophes need no escaping), with `{name}` and
 * `{estate}` as the only blanks; any other brace is a typing slip and fails the check.
 */
const replyText = z
  .string()
  .trim()
  .min(1)
  .max(8000)
  .refine((text) => [...text.matchAll(/\{([^{}]*)\}/g)].every((match) => (replyTemplateBlanks as readonly string[]).includes(match[1]!)), {
    message: "only {name} and {estate} may be filled in",
  });

/** One template: its name for the staff (the inbox speaks English and French) and the reply in every site language. */
const replyTemplate = z.strictObject({
  /** Lower-case letters, digits and dashes: the inbox's form names it by this. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** What the staff see in the template menu. */
  label: z.strictObject({ en: z.string().trim().min(1), fr: z.string().trim().min(1) }),
  /** The e-mail's subject, in the visitor's language. */
  subject: localized(replyText),
  /** The e-mail's text, in the visitor's language: the staff complete and change it before sending. */
  body: localized(replyText),
});

/** The inbox's reply templates: the first is the one a reply form opens with. */
export const replyTemplatesSchema = z
  .strictObject({ templates: z.array(replyTemplate).min(1) })
  .refine((file) => new Set(file.templates.map((t) => t.id)).size === file.templates.length, {
    message: "every template needs its own id",
  });

export type ReplyTemplate = z.infer<typeof replyTemplate>;
