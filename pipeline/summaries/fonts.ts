/**
 * The fonts a summary sheet embeds, and the proof that they draw every character on it.
 *
 * Fonts come only from npm packages (Fontsource), never from the machine: the site's own Latin
 * faces (Cormorant Garamond for headings, Source Sans 3 for text) and, on Chinese and Japanese
 * sheets, Noto Serif / Noto Sans SC or JP. Fontsource splits those CJK fonts into about a hundred
 * files by Unicode range; a sheet loads only the files whose ranges hold its characters (about
 * 25–40 of them), which keeps drawing fast. Each character is then looked up in the loaded
 * files' character maps (fontkit): one that no file draws is reported, so the build fails
 * instead of printing an empty box.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import type { Font as SatoriFont } from "satori";
import { languageTags, scriptOf, type Language } from "#core/languages";

const require = createRequire(import.meta.url);

/** The two type roles of the sheet: headings and names, and everything else. */
export type Role = "serif" | "sans";

/** A typeface as the sheet asks for it. */
export interface Face {
  role: Role;
  weight: 400 | 600;
  style: "normal" | "italic";
}

/** A string the sheet draws, with the face it is drawn in. */
export interface FaceText {
  face: Face;
  text: string;
}

/** The Fontsource packages drawing each role, in fallback order: the site's Latin face first. */
const latinPackages: Record<Role, string> = { serif: "cormorant-garamond", sans: "source-sans-3" };
const notoRoles: Record<Role, string> = { serif: "noto-serif", sans: "noto-sans" };

/**
 * Noto's CJK families are cut per writing system (ISO 15924 script of the language's tag, as CLDR
 * completes it): Simplified and Traditional Chinese, Japanese and Korean draw the shared ideographs
 * each in their own forms.
 */
const notoSuffixes: Record<string, string> = { Hans: "sc", Hant: "tc", Jpan: "jp", Kore: "kr" };

/** Packages a role falls back through on a sheet in `lang`: a `cjk` language adds its Noto family. */
function packagesFor(lang: Language, role: Role): string[] {
  if (scriptOf(lang) !== "cjk") return [latinPackages[role]];
  const script = new Intl.Locale(languageTags[lang]).maximize().script ?? "";
  const suffix = notoSuffixes[script];
  if (!suffix) throw new Error(`summary sheets: no Noto family for the script ${script} of ${lang} (pipeline/summaries/fonts.ts)`);
  return [latinPackages[role], `${notoRoles[role]}-${suffix}`];
}

// ---------------------------------------------------------------------------------------------
// Which file of a package holds a character: the package's unicode.json (one entry per file)

interface Subset {
  /** The file-name part: "latin", "latin-ext", "57". */
  name: string;
  ranges: [number, number][];
}

/** "U+0000-00FF,U+0131" → [[0x0, 0xff], [0x131, 0x131]]. */
function parseRanges(unicodeRange: string): [number, number][] {
  return unicodeRange.split(",").map((part) => {
    const [from = "", to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
  });
}

const subsetsByPackage = new Map<string, Subset[]>();

/** The package's files and the characters each one is meant for, as Fontsource lists them. */
function subsetsOf(pkg: string): Subset[] {
  let subsets = subsetsByPackage.get(pkg);
  if (!subsets) {
    const table = require(`@fontsource/${pkg}/unicode.json`) as Record<string, string>;
    subsets = Object.entries(table).map(([key, range]) => ({ name: key.replace(/^\[(\d+)\]$/, "$1"), ranges: parseRanges(range) }));
    subsetsByPackage.set(pkg, subsets);
  }
  return subsets;
}

function subsetFor(pkg: string, codePoint: number): Subset | undefined {
  return subsetsOf(pkg).find((subset) => subset.ranges.some(([from, to]) => codePoint >= from && codePoint <= to));
}

// ---------------------------------------------------------------------------------------------
// Loading files (each read and parsed once per process)

interface LoadedFile {
  /** The package file: "@fontsource/noto-sans-jp/files/noto-sans-jp-57-400-normal.woff2". */
  id: string;
  /** The name the sheet's font-family lists use: one per package file, so satori falls back across all. */
  family: string;
  weight: Face["weight"];
  style: Face["style"];
  data: Buffer;
  cmap: fontkit.Font;
}

const files = new Map<string, LoadedFile>();

/** A package file in the face's weight; CJK packages have no italics, so those fall back to upright. */
function loadFile(pkg: string, subset: Subset, face: Face): LoadedFile {
  const styles = face.style === "italic" ? ["italic", "normal"] : ["normal"];
  for (const style of styles) {
    const id = `@fontsource/${pkg}/files/${pkg}-${subset.name}-${face.weight}-${style}.woff2`;
    const cached = files.get(id);
    if (cached) return cached;
    let path: string;
    try {
      path = require.resolve(id);
    } catch {
      continue;
    }
    const data = readFileSync(path);
    const cmap = fontkit.create(data);
    if (!("hasGlyphForCodePoint" in cmap)) throw new Error(`${id} is a font collection, not a font`);
    const file: LoadedFile = { id, family: `${pkg} ${subset.name}`, weight: face.weight, style: style as Face["style"], data, cmap };
    files.set(id, file);
    return file;
  }
  throw new Error(`@fontsource/${pkg} has no ${subset.name} file in weight ${face.weight}`);
}

// ---------------------------------------------------------------------------------------------
// A sheet's fonts

/** What satori needs to draw a sheet, and what it could not draw. */
export interface SheetFonts {
  /** Satori's `fonts` option: every loaded file. */
  fonts: SatoriFont[];
  /** The font-family list of each role: its files in fallback order (Latin first). */
  families: Record<Role, string[]>;
  /** The package files embedded, for the record: every one is a Fontsource file. */
  files: string[];
  /** Characters no embedded font draws in the face they are set in, each once, in order of appearance. */
  missing: string[];
}

/** Characters that only break or space lines: never drawn as glyphs. */
const layoutOnly = new Set(["\n", "\r", "\t"]);

const faceKey = (face: Face) => `${face.role} ${face.weight} ${face.style}`;

/** The first file, in the role's fallback order, whose character map holds the character. */
function fileDrawing(lang: Language, face: Face, codePoint: number): LoadedFile | undefined {
  for (const pkg of packagesFor(lang, face.role)) {
    const subset = subsetFor(pkg, codePoint);
    const file = subset && loadFile(pkg, subset, face);
    if (file?.cmap.hasGlyphForCodePoint(codePoint)) return file;
  }
  return undefined;
}

/**
 * Chooses the package files that draw every character of `texts` on a sheet in `lang`: for each
 * character, the role's packages are tried in order, and the first file whose character map holds
 * it is used. Characters that none holds are returned in `missing`.
 */
export function fontsFor(lang: Language, texts: FaceText[]): SheetFonts {
  const byFace = new Map<string, { face: Face; chars: Set<string> }>();
  for (const { face, text } of texts) {
    const entry = byFace.get(faceKey(face)) ?? { face, chars: new Set<string>() };
    for (const char of text) if (!layoutOnly.has(char)) entry.chars.add(char);
    byFace.set(faceKey(face), entry);
  }

  const used = new Set<LoadedFile>();
  const families: Record<Role, string[]> = { serif: [], sans: [] };
  const missing = new Set<string>();
  for (const { face, chars } of byFace.values()) {
    for (const char of chars) {
      const codePoint = char.codePointAt(0)!;
      const file = fileDrawing(lang, face, codePoint);
      if (!file) {
        missing.add(char);
        continue;
      }
      used.add(file);
      if (!families[face.role].includes(file.family)) families[face.role].push(file.family);
    }
  }

  // Latin files before CJK ones, so Latin letters keep the site's faces on every sheet.
  for (const role of ["serif", "sans"] as const) {
    const order = packagesFor(lang, role);
    const rank = (family: string) => order.findIndex((pkg) => family.startsWith(`${pkg} `));
    families[role].sort((a, b) => rank(a) - rank(b));
  }
  const fonts = [...used].map(({ family, weight, style, data }) => ({ name: family, weight, style, data }));
  return { fonts, families, files: [...used].map((file) => file.id), missing: [...missing] };
}

/** "🍷 (U+1F377)" for an error message. */
export function describeCharacter(char: string): string {
  return `${char} (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`;
}
