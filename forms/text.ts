/**
 * What text a form accepts, shared by the browser and the API (forms/schema.ts) and by the
 * contact page's `?subject=` (app/components/contact/subject.ts). No zod here: the page loads it.
 */

/**
 * A lone UTF-16 surrogate (in `u` mode a well-formed pair is one code point, so only halves
 * match), or U+FFFD, which the server's UTF-8 decoder puts where a request had bytes that are not
 * UTF-8: either way the text was damaged on its way, and storing it would pass the damage on.
 */
const damaged = /[\uD800-\uDFFF\uFFFD]/u;

/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** The same, less the tab, line feed and carriage return a message may hold. */
// eslint-disable-next-line no-control-regex
const controlsInText = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible,
 * they can make a name or a subject read backwards in the estate's e-mail or spreadsheet.
 * Right-to-left scripts do not need them.
 */
const bidiControls = /[\u202A-\u202E\u2066-\u2069]/g;

/** The text is undamaged Unicode: no lone surrogate and no replacement character. */
export function isWellFormedText(text: string): boolean {
  return !damaged.test(text);
}

/** The text has no control character and no bidi control (for addresses and paths, which are refused otherwise). */
export function isPlainText(text: string): boolean {
  return !new RegExp(controls.source).test(text) && !new RegExp(bidiControls.source).test(text);
}

/** One line (a name, a subject): bidi controls removed, each run of control characters made one space. */
export function neutraliseLine(text: string): string {
  return text.replace(bidiControls, "").replace(controls, " ");
}

/** Several lines (a message): tabs and line breaks kept, other control characters removed. */
export function neutraliseText(text: string): string {
  return text.replace(controlsInText, "");
}

/** The text cut to at most `max` UTF-16 units (what the API counts), never inside a surrogate pair. */
export function cutToLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}
