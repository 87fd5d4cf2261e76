/**
 * Draws each wine's summary sheet (spec §2, DESIGN.md "Media"): a JPEG made from the wine's
 * content in every language — name, vintage, blend, alcohol, appellation, tasting notes and
 * ratings — written to public/summaries/<lang>/<id>.jpg, which the build then publishes at
 * /summaries/<lang>/<id>.jpg. Run by `npm run build` before `react-router build`.
 *
 * The sheet is an SVG composed here (text wrapped by hand, every string XML-escaped) and
 * rendered by sharp. Chinese and Japanese need system CJK fonts (fonts-noto-cjk); without them
 * the build still succeeds, with a warning, and the glyphs fall back to whatever font exists.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp from "sharp";
import {
  formatAbv,
  formatBlend,
  ratingQuote,
  scoreLabel,
  summarySize,
  tastingNotes,
  type WineI18n,
} from "../app/components/wine/wine-format";
import { createI18n } from "../app/lib/i18n/context";
import { languages, type Language } from "#core/languages";
import type { MessageTree } from "../app/lib/i18n/translate";
import { content, type Site, type Wine } from "#content";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The sheets must stay light enough to open on a phone (issue: under 150 KB each). */
export const maxBytes = 150 * 1024;

const colors = {
  paper: "#fbf8f2",
  band: "#2e0d17",
  wine: "#4a1526",
  gold: "#8c6a33",
  goldLight: "#c9a56a",
  cream: "#f5efe3",
  ink: "#1d1916",
  inkSoft: "#5c534b",
  rule: "#e8d6b3",
};

// ---------------------------------------------------------------------------------------------
// Text: escaping, measuring and wrapping

/** Escapes text for an SVG text node or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** Characters drawn a full em wide: CJK ideographs, kana, full-width forms and punctuation. */
const wideRanges =
  "\\u1100-\\u115f\\u2e80-\\u303e\\u3041-\\u33ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\ua960-\\ua97f\\uac00-\\ud7a3\\uf900-\\ufaff\\ufe30-\\ufe4f\\uff00-\\uff60\\uffe0-\\uffe6";
const wide = new RegExp(`[${wideRanges}]`, "u");
/** A wide character, a word (no-break spaces included), or a run of breaking spaces. */
const tokenPattern = new RegExp(`[${wideRanges}]|[^ \\t\\n${wideRanges}]+|[ \\t\\n]+`, "gu");

/** Advance widths of Helvetica/Arial (Liberation Sans) in thousandths of an em, ASCII 32–126. */
const asciiWidths = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722,
  778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278,
  556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Estimated width of one character, in ems. Accented letters measure as their base letter. */
function charWidth(char: string): number {
  if (wide.test(char)) return 1;
  const base = char.normalize("NFD")[0] ?? char;
  const code = base.charCodeAt(0);
  if (code >= 32 && code <= 126) return asciiWidths[code - 32]! / 1000;
  if (char === "—" || char === "–") return char === "—" ? 1 : 0.556;
  if (char === "’" || char === "‘") return 0.222;
  if (char === "€") return 0.556;
  return 0.6;
}

/** Estimated width of a string in pixels at `size`; bold text runs about 7% wider. */
export function textWidth(text: string, size: number, bold = false): number {
  let ems = 0;
  for (const char of text) ems += charWidth(char);
  return ems * size * (bold ? 1.07 : 1);
}

/** Characters that may not start a line (Chinese and Japanese line-breaking rules). */
const noLineStart = /^[、。，．,.!?！？：；:;)）」』】〕〉》…ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ%％]/u;
/** Characters that may not end a line. */
const noLineEnd = /[(（「『【〔〈《]$/u;

/**
 * Splits text into lines no wider than `maxWidth`: between words for alphabetic text, between
 * any two characters for Chinese and Japanese, except where the line-breaking rules forbid it.
 * The estimate is kept conservative (93% of the width) so a wider fallback font still fits.
 */
export function wrapText(text: string, maxWidth: number, size: number, bold = false): string[] {
  const limit = maxWidth * 0.93;
  const tokens = text.match(tokenPattern) ?? [];
  const lines: string[] = [];
  let line = "";
  let space = false;
  for (const token of tokens) {
    if (/^[ \t\n]+$/.test(token)) {
      space = line !== "";
      continue;
    }
    const candidate = line + (space ? " " : "") + token;
    const breakAllowed = line !== "" && !noLineStart.test(token) && !noLineEnd.test(line);
    if (breakAllowed && textWidth(candidate, size, bold) > limit) {
      lines.push(line);
      line = token;
    } else {
      line = candidate;
    }
    space = false;
  }
  if (line !== "") lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Content


/** One language's messages, merged from its namespace files as the site's loader does. */
export function loadLanguage(lang: Language): MessageTree {
  const dir = join(root, "locales", lang);
  const messages: MessageTree = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    Object.assign(messages, JSON.parse(readFileSync(join(dir, file), "utf8")) as MessageTree);
  }
  return messages;
}

export function loadContent(): { site: Site; wines: Wine[] } {
  return { site: content.site, wines: content.wines };
}

// ---------------------------------------------------------------------------------------------
// Drawing

const cjkFonts: Partial<Record<Language, { sans: string; serif: string }>> = {
  zh: { sans: "'Noto Sans CJK SC', ", serif: "'Noto Serif CJK SC', " },
  ja: { sans: "'Noto Sans CJK JP', ", serif: "'Noto Serif CJK JP', " },
};

/** Each language's own quotation marks around a critic's words. */
const quoteMarks: Record<Language, [string, string]> = {
  en: ["“", "”"],
  fr: ["«\u202f", "\u202f»"],
  zh: ["“", "”"],
  es: ["«", "»"],
  ja: ["「", "」"],
};

function fonts(lang: Language) {
  const cjk = cjkFonts[lang];
  return {
    sans: `${cjk?.sans ?? ""}'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', 'Noto Sans CJK SC', sans-serif`,
    serif: `${cjk?.serif ?? ""}'Liberation Serif', 'Times New Roman', 'DejaVu Serif', 'Noto Serif CJK SC', serif`,
    italic: cjk ? "normal" : "italic",
  };
}

interface TextStyle {
  size: number;
  family: string;
  fill: string;
  weight?: "normal" | "bold";
  style?: string;
  anchor?: "start" | "middle" | "end";
  spacing?: number;
}

function textElement(x: number, y: number, content: string, s: TextStyle): string {
  const attributes = [
    `x="${x}"`,
    `y="${y}"`,
    `font-family="${escapeXml(s.family)}"`,
    `font-size="${s.size}"`,
    `fill="${s.fill}"`,
    s.weight === "bold" ? `font-weight="bold"` : "",
    s.style && s.style !== "normal" ? `font-style="${s.style}"` : "",
    s.anchor && s.anchor !== "start" ? `text-anchor="${s.anchor}"` : "",
    s.spacing ? `letter-spacing="${s.spacing}"` : "",
  ].filter(Boolean);
  return `<text ${attributes.join(" ")}>${escapeXml(content)}</text>`;
}

/** A block of wrapped lines; returns the SVG and the y below its last line. */
function paragraph(x: number, y: number, width: number, content: string, s: TextStyle, lineHeight: number) {
  const lines = wrapText(content, width, s.size, s.weight === "bold");
  const svg = lines.map((line, i) => textElement(x, y + i * lineHeight, line, s)).join("");
  return { svg, bottom: y + (lines.length - 1) * lineHeight };
}

const page = { ...summarySize, margin: 90, bandHeight: 230, footer: 80 };
const bottle = { x: page.margin, y: page.bandHeight + 60, width: 356, height: 504 };

/**
 * The sheet's SVG for a wine in a language, drawn with body text at `scale` (shrunk when the
 * content would not fit the page). Returns the SVG and the y its content reaches.
 */
export function summarySvg(i18n: WineI18n, site: Site, wine: Wine, scale = 1): { svg: string; bottom: number } {
  const f = fonts(i18n.lang);
  const parts: string[] = [];
  const fullWidth = page.width - 2 * page.margin;

  // Header band: the estate and its appellation.
  parts.push(`<rect width="${page.width}" height="${page.height}" fill="${colors.paper}"/>`);
  parts.push(`<rect width="${page.width}" height="${page.bandHeight}" fill="${colors.band}"/>`);
  parts.push(
    textElement(page.width / 2, 118, site.estateName.toUpperCase(), {
      size: 46, family: f.serif, fill: colors.goldLight, anchor: "middle", spacing: 3,
    }),
  );
  parts.push(`<rect x="${page.width / 2 - 60}" y="146" width="120" height="2" fill="${colors.goldLight}"/>`);
  parts.push(
    textElement(page.width / 2, 190, site.appellation.toUpperCase(), {
      size: 24, family: f.sans, fill: colors.cream, anchor: "middle", spacing: 5,
    }),
  );

  // Beside the bottle: collection, name, vintage and the specifications.
  const columnX = bottle.x + bottle.width + 60;
  const columnWidth = page.width - page.margin - columnX;
  let y = bottle.y + 40;
  parts.push(
    textElement(columnX, y, i18n.t(`wine.collections.${wine.collection}`).toUpperCase(), {
      size: 22, family: f.sans, fill: colors.gold, weight: "bold", spacing: 3,
    }),
  );
  const name = paragraph(columnX, y + 66, columnWidth, wine.name, { size: 52, family: f.serif, fill: colors.wine }, 60);
  parts.push(name.svg);
  y = name.bottom + 78;
  parts.push(textElement(columnX, y, String(wine.vintage), { size: 68, family: f.serif, fill: colors.gold }));
  y += 36;
  const specs: [string, string][] = [
    [i18n.t("wine.specs.abv"), formatAbv(i18n, wine.abv)],
    [i18n.t("wine.specs.blend"), formatBlend(i18n, wine.blend, content.grapes)],
    [i18n.t("wine.specs.appellation"), site.appellation],
  ];
  for (const [label, value] of specs) {
    parts.push(`<rect x="${columnX}" y="${y}" width="${columnWidth}" height="1.5" fill="${colors.rule}"/>`);
    parts.push(textElement(columnX, y + 38, label.toUpperCase(), { size: 19, family: f.sans, fill: colors.inkSoft, spacing: 2 }));
    const block = paragraph(columnX, y + 76, columnWidth, value, { size: 28, family: f.sans, fill: colors.ink }, 38);
    parts.push(block.svg);
    y = block.bottom + 28;
  }
  y = Math.max(y, bottle.y + bottle.height) + 80;

  // Tasting notes, full width.
  const body = Math.round(27 * scale);
  const lineHeight = Math.round(body * 1.5);
  const heading = (title: string, at: number) => {
    parts.push(textElement(page.margin, at, title, { size: Math.round(38 * scale), family: f.serif, fill: colors.wine }));
    parts.push(`<rect x="${page.margin}" y="${at + 18}" width="80" height="2" fill="${colors.goldLight}"/>`);
    return at + 18 + Math.round(56 * scale);
  };
  y = heading(i18n.t("wine.tastingNotes"), y);
  const notes = paragraph(page.margin, y, fullWidth, tastingNotes(i18n.lang, wine), { size: body, family: f.sans, fill: colors.ink }, lineHeight);
  parts.push(notes.svg);
  y = notes.bottom;

  // Ratings: critic and score, then the quote when there is one.
  if (wine.ratings.length > 0) {
    y = heading(i18n.t("wine.ratings.title"), y + Math.round(78 * scale));
    for (const rating of wine.ratings) {
      const score = scoreLabel(i18n, rating.score);
      parts.push(textElement(page.margin, y, rating.critic, { size: body, family: f.sans, fill: colors.wine, weight: "bold" }));
      parts.push(
        textElement(page.width - page.margin, y, score, { size: body, family: f.sans, fill: colors.gold, weight: "bold", anchor: "end" }),
      );
      const quote = ratingQuote(i18n.lang, rating);
      if (quote) {
        const block = paragraph(
          page.margin + 24,
          y + lineHeight,
          fullWidth - 24,
          `${quoteMarks[i18n.lang][0]}${quote}${quoteMarks[i18n.lang][1]}`,
          { size: Math.round(body * 0.92), family: f.sans, fill: colors.inkSoft, style: f.italic },
          Math.round(lineHeight * 0.95),
        );
        parts.push(block.svg);
        y = block.bottom;
      }
      y += Math.round(lineHeight * 1.45);
    }
  }

  // Footer: where the wine comes from.
  const { street, postalCode, locality, country } = site.address;
  parts.push(`<rect x="${page.margin}" y="${page.height - page.footer}" width="${fullWidth}" height="1.5" fill="${colors.rule}"/>`);
  parts.push(
    textElement(page.width / 2, page.height - 36, `${site.estateName} · ${street}, ${postalCode} ${locality}, ${country}`, {
      size: 20, family: f.sans, fill: colors.inkSoft, anchor: "middle",
    }),
  );

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${page.width}" height="${page.height}" viewBox="0 0 ${page.width} ${page.height}">${parts.join("")}</svg>`;
  return { svg, bottom: y };
}

/** Renders one sheet to JPEG, shrinking the body text until it fits and the quality until it is light. */
export async function renderSummary(i18n: WineI18n, site: Site, wine: Wine, bottlePng: Buffer): Promise<Buffer> {
  let scale = 1;
  let drawn = summarySvg(i18n, site, wine, scale);
  while (drawn.bottom > page.height - page.footer - 30 && scale > 0.6) {
    scale -= 0.05;
    drawn = summarySvg(i18n, site, wine, scale);
  }
  const bottleImage = await sharp(bottlePng).resize(bottle.width, bottle.height, { fit: "cover" }).toBuffer();
  const sheet = await sharp(Buffer.from(drawn.svg))
    .composite([{ input: bottleImage, left: bottle.x, top: bottle.y }])
    .flatten({ background: colors.paper })
    .toBuffer();
  for (let quality = 82; ; quality -= 6) {
    const jpeg = await sharp(sheet).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= maxBytes) return jpeg;
    if (quality <= 40) throw new Error(`summary of ${wine.id} (${i18n.lang}) stays above ${maxBytes} bytes`);
  }
}

/** Warns (once per language) when the system has no font for Chinese or Japanese. */
function checkCjkFonts(): void {
  for (const [lang, fcLang] of [["zh", "zh-cn"], ["ja", "ja"]] as const) {
    let found = "";
    try {
      found = execFileSync("fc-list", [`:lang=${fcLang}`, "family"], { encoding: "utf8" }).trim();
    } catch {
      found = "";
    }
    if (found === "") {
      console.warn(`build-summaries: no font for ${lang} found (install fonts-noto-cjk); its sheets will show fallback glyphs`);
    }
  }
}

/** Writes every wine's sheet in every language into `outDir/<lang>/<id>.jpg`. */
export async function buildSummaries(outDir = join(root, "public", "summaries")): Promise<number> {
  checkCjkFonts();
  const { site, wines } = loadContent();
  let count = 0;
  for (const lang of languages) {
    const i18n = createI18n(lang, loadLanguage(lang));
    mkdirSync(join(outDir, lang), { recursive: true });
    for (const wine of wines) {
      const bottlePng = readFileSync(join(root, "content", "images", "bottles", `${wine.id}.png`));
      writeFileSync(join(outDir, lang, `${wine.id}.jpg`), await renderSummary(i18n, site, wine, bottlePng));
      count += 1;
    }
  }
  return count;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = Date.now();
  const count = await buildSummaries();
  console.log(`build-summaries: ${count} summary sheets written to public/summaries/ in ${Date.now() - started} ms`);
}
