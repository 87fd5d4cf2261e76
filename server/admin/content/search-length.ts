/**
 * How long a title or a description is for a search engine's results page. Google cuts a title at
 * about 600 pixels and a description at about 920 on a desk (shorter on a phone), not at a number
 * of characters: a Chinese or Japanese character (and any full-width one) takes about twice the
 * width of a Latin letter. The editor counts the same way, a wide character as two, against 60 and
 * 160, the lengths usually kept to so that nothing is cut. The editor's script
 * (../assets/editor.js) counts with the same rule while the staff member types.
 */

/** The lengths Google shows in full, in half-width characters. */
export const searchLengthLimits = { title: 60, description: 160 } as const;

/** East Asian wide and full-width characters (Unicode's East_Asian_Width W and F): Hangul, CJK, kana, full-width forms. */
const widePattern =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;

/** The length of a text as a results page takes it: a wide character counts two. */
export function searchLength(text: string): number {
  let length = 0;
  for (const character of text.trim()) length += widePattern.test(character) ? 2 : 1;
  return length;
}
