/**
 * Text cut around phrases that must never break across lines: the appellation and the estate's name
 * in a Chinese or Japanese sentence (「サンテミリオン・グラ／ン・クリュ」 read as a bug to the native
 * readers of 29 November 2026, JN1). Worked out at build: the page receives the pieces, and sets each
 * kept one on a single line (`whitespace-nowrap`), so no splitting code reaches the browser.
 */

/** The text in order: `keep` pieces are the phrases, the others the text around them. */
export type KeptPieces = { text: string; keep: boolean }[];

export function keptPhrases(text: string, phrases: readonly string[]): KeptPieces {
  const found = phrases.filter((phrase) => phrase !== "" && text.includes(phrase)).sort((a, b) => b.length - a.length);
  if (found.length === 0) return [{ text, keep: false }];
  const pattern = new RegExp(`(${found.map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`);
  return text
    .split(pattern)
    .map((piece, index) => ({ text: piece, keep: index % 2 === 1 }))
    .filter((piece) => piece.text !== "");
}
