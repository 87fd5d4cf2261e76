/**
 * Whether a font subset still draws what the site says: the characters of a text that the full
 * font has and the subset lacks. (A character the full font lacks too, such as the narrow no-break
 * space or the Chinese and Japanese names in the language switcher, comes from the next font of
 * the stack whether or not the font is subset.)
 */
import { create, type Font } from "fontkit";
import { characterSet } from "./site-text";

/** fontkit's reader for one font file (TrueType, WOFF or WOFF2). */
export function readFont(bytes: Buffer): Font {
  const font = create(bytes);
  if (!("hasGlyphForCodePoint" in font)) throw new Error("A font collection, not one font");
  return font;
}

/** The characters of `text` that `full` draws and `subset` does not, in code point order. */
export function missingCharacters(subset: Font, full: Font, text: string): string[] {
  return characterSet(text).filter((char) => {
    const code = char.codePointAt(0)!;
    return full.hasGlyphForCodePoint(code) && !subset.hasGlyphForCodePoint(code);
  });
}

/** "é U+00E9" */
export function describeCharacter(char: string): string {
  return `${char} U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}
