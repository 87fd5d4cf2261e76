import { parse } from "@messageformat/parser";
import { z } from "zod";
import { perLanguage, type Language } from "#core/languages";

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
      if (hasLiteralBrace(parse(text))) ctx.addIssue({ code: "custom", message: "an opening brace must be quoted to be shown: write '{' (or '{{' for two)" });
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `not valid ICU MessageFormat: ${(error as Error).message.split("\n")[0]}` });
    }
  });

/** A text's parts, as @messageformat/parser gives them (a plural's `#` among them). */
type Tokens = readonly (ReturnType<typeof parse>[number] | { type: "octothorpe" })[];

/**
 * Whether the parser took an unquoted `{` as text. It is lenient: `{{x}}` parses as a brace, the
 * value `x` (which no page gives, so it shows as nothing) and a brace, and was published as `{}`.
 * A brace meant as text is quoted (`'{'`); quoted parts and doubled apostrophes are left out of
 * the check.
 */
function hasLiteralBrace(tokens: Tokens): boolean {
  return tokens.some((token) => {
    if (token.type === "content") return token.ctx.text.replace(/''|'[{}#|][^']*(?:'|$)/g, "").includes("{");
    return "cases" in token && token.cases.some((option) => hasLiteralBrace(option.tokens));
  });
}

/**
 * One value per site language (core/languages.ts), every language required: a missing one fails the
 * build naming it, and so does one the site does not speak.
 */
export function localized<T extends z.ZodType>(value: T) {
  return z.strictObject(perLanguage(() => value));
}

/** Optional values per language (a translated quote exists in some languages only). */
export function partlyLocalized<T extends z.ZodType>(value: T) {
  return z.strictObject(perLanguage(() => value.optional()));
}

/** A text in every language. */
export const localizedText = localized(icuText);

/** A text in every language, by language. */
export type Localized<T = string> = Record<Language, T>;
