import { parse } from "@messageformat/parser";
import { z } from "zod";
import type { Language } from "#core/languages";

/**
 * A text in ICU MessageFormat, as content and catalogs write it: `{hectares}` is filled in by the
 * page, `<strong>…</strong>` marks emphasis where a field allows it. Checked at build, so a broken
 * brace fails with the file and field named.
 */
export const icuText = z
  .string()
  .trim()
  .min(1)
  .superRefine((text, ctx) => {
    try {
      parse(text);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `not valid ICU MessageFormat: ${(error as Error).message.split("\n")[0]}` });
    }
  });

/** One value per site language, every language required: a missing one fails the build naming it. */
export function localized<T extends z.ZodType>(value: T) {
  return z.strictObject({ en: value, fr: value, zh: value, es: value, ja: value });
}

/** Optional values per language (a translated quote exists in some languages only). */
export function partlyLocalized<T extends z.ZodType>(value: T) {
  return z.strictObject({ en: value.optional(), fr: value.optional(), zh: value.optional(), es: value.optional(), ja: value.optional() });
}

/** A text in all five languages. */
export const localizedText = localized(icuText);

/** A text in all five languages, by language. */
export type Localized<T = string> = Record<Language, T>;
