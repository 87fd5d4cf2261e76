/**
 * What a text the staff type for the site or a newsletter may hold. It is published as typed, so
 * what would not show as typed is refused at its field, with what was typed kept, rather than
 * cleaned silently:
 * - invisible characters: control characters (a one-line field takes no line break or tab either),
 *   the line and paragraph separators, format characters (Unicode's Cf: U+FEFF, the zero-width
 *   U+200B–U+200D, the direction marks and overrides…, which come with text pasted from elsewhere
 *   and break search, copy and comparison), U+FFFD (text already damaged) and lone surrogates.
 *   Kept: the soft hyphen U+00AD (a word's break point, as typographers place it); in a text of
 *   several lines, its line breaks (tabs, line feeds, the line and paragraph separators) and the
 *   direction marks, embeddings and isolates that mixed scripts may need;
 * - a value in braces the site does not fill in (`{x}`, `{n, plural, …}`): content texts are ICU
 *   MessageFormat, so such a text would be published with the braces' part gone or as NaN. The
 *   values a type's items already name (`{hectares}` in the story, the legal facts) and the
 *   estate's names may be used; a brace meant as text is quoted (`'{'`), as the site's catalogs do.
 */
import { parse } from "@messageformat/parser";

/** Format characters a text of several lines may keep: direction marks, embeddings, overrides and isolates. */
const directionControls = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Whether a character is refused in a text (`oneLine`: an input, not a text area). */
function refused(character: string, oneLine: boolean): boolean {
  const code = character.codePointAt(0)!;
  if (character === "\u00AD") return false;
  if (!oneLine && (character === "\t" || character === "\n" || character === "\r")) return false;
  if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  if (character === "\u2028" || character === "\u2029") return oneLine;
  if (character === "\uFFFD") return true;
  if (code >= 0xd800 && code <= 0xdfff) return true;
  if (/\p{Cf}/u.test(character)) return oneLine || !directionControls.test(character);
  return false;
}

/** A character's name for the staff: its code point (`U+200B`). */
const codePoint = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** The refused characters a text holds, by code point, each once, in the order they appear; none: it may be saved. */
export function invisibleCharacters(text: string, { oneLine }: { oneLine: boolean }): string[] {
  const found = new Set<string>();
  for (const character of text) if (refused(character, oneLine)) found.add(codePoint(character));
  return [...found];
}

type Tokens = ReturnType<typeof parse>;

/** Every value a text in ICU MessageFormat names (`{x}`, `{n, plural, …}` and those inside its cases); null when it does not parse. */
export function argumentsOf(text: string): string[] | null {
  let tokens: Tokens;
  try {
    tokens = parse(text);
  } catch {
    return null;
  }
  const names: string[] = [];
  const visit = (list: readonly (Tokens[number] | { type: "octothorpe" })[]) => {
    for (const token of list) {
      if ("arg" in token && !names.includes(token.arg)) names.push(token.arg);
      if ("cases" in token) for (const option of token.cases) visit(option.tokens);
    }
  };
  visit(tokens);
  return names;
}

/** The values a text names that are not among `known` (a text that does not parse is the schema's to refuse). */
export function unknownArguments(text: string, known: ReadonlySet<string>): string[] {
  return (argumentsOf(text) ?? []).filter((name) => !known.has(name));
}
