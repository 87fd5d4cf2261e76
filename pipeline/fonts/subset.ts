/**
 * The site's web fonts, cut down to the characters its Latin-script pages use (docs/performance.md,
 * "Fonts"). HarfBuzz's subsetter (the `subset-font` package, HarfBuzz compiled to WebAssembly)
 * keeps the glyphs of those characters and of the ligatures and marks they can form, and drops the
 * rest; advance widths and vertical metrics are kept, so the metric-matched fallbacks in
 * app/app.css still match and nothing moves when a font arrives.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import subsetFont from "subset-font";
import { codeDigest, digest, unlessUnchanged } from "../unchanged";
import { characterSet, latinSiteText } from "./site-text";

/** A face the pages load: its Fontsource file (the Latin range) and the subset's name in `app/fonts/`. */
export interface FontFace {
  family: string;
  weight: number;
  /** The package file the subset is cut from. */
  source: string;
  /** The subset's file name; app/app.css and app/root.tsx import it from `app/fonts/`. */
  file: string;
}

export const fontFaces: readonly FontFace[] = [
  {
    family: "Cormorant Garamond",
    weight: 600,
    source: "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2",
    file: "cormorant-garamond-600.woff2",
  },
  {
    family: "Source Sans 3",
    weight: 400,
    source: "@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff2",
    file: "source-sans-3-400.woff2",
  },
  {
    family: "Source Sans 3",
    weight: 600,
    source: "@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff2",
    file: "source-sans-3-600.woff2",
  },
];

/** Where the subsets are written (gitignored): Vite picks them up from the stylesheet and the root. */
const fontsDir = join(import.meta.dirname, "../../app/fonts");

/**
 * The OpenType features browsers apply on their own (kerning, standard and contextual ligatures,
 * marks, local forms). The fonts' others (fractions, tabular and lining figures) are dropped, about
 * 1.3–2.7 KB a file: the site sets no `font-variant-numeric` or `font-feature-settings`. Add a
 * feature here before using it in CSS.
 */
const keptFeatures = ["kern", "liga", "clig", "calt", "rlig", "ccmp", "locl", "mark", "mkmk"];

const require = createRequire(import.meta.url);

/** The bytes of a face's Fontsource file. */
export function sourceFont(face: FontFace): Buffer {
  return readFileSync(require.resolve(face.source));
}

/** One face cut down to the characters of `text`, as WOFF2. */
export function subsetFace(face: FontFace, text: string): Promise<Buffer> {
  return subsetFont(sourceFont(face), characterSet(text).join(""), { targetFormat: "woff2", keepFeatures: keptFeatures });
}

/** Writes every face's subset for the site's Latin text into `app/fonts/`; returns the bytes before and after. */
export async function writeFontSubsets(): Promise<{ face: FontFace; before: number; after: number }[]> {
  const text = latinSiteText();
  mkdirSync(fontsDir, { recursive: true });
  return Promise.all(
    fontFaces.map(async (face) => {
      const subset = await subsetFace(face, text);
      writeFileSync(join(fontsDir, face.file), subset);
      return { face, before: sourceFont(face).length, after: subset.length };
    }),
  );
}

/**
 * Writes the subsets unless they were last cut for the same characters by the same code
 * (pipeline/unchanged.ts); resolves to the bytes before and after, or `null` when nothing changed
 * and the subsets were kept.
 */
export async function updateFontSubsets(): Promise<Awaited<ReturnType<typeof writeFontSubsets>> | null> {
  const input = digest({ characters: characterSet(latinSiteText()).join(""), code: codeDigest(["pipeline/fonts"]) });
  let results: Awaited<ReturnType<typeof writeFontSubsets>> | null = null;
  const outputs = fontFaces.map((face) => join(fontsDir, face.file));
  await unlessUnchanged("fonts", input, outputs, async () => {
    results = await writeFontSubsets();
  });
  return results;
}
