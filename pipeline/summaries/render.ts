/**
 * Draws a summary sheet (`SheetData`) as an A4 JPEG at 150 dpi. Satori lays the sheet out like a
 * web page (flexbox, text shaped with HarfBuzz, lines broken by the Unicode line-breaking rules,
 * so Chinese and Japanese break between characters and never before closing punctuation), resvg
 * rasterises its SVG, and sharp encodes the JPEG. Only the fonts from `fonts.ts` are used; a
 * character they cannot draw stops the build with the wine, the language and the character named.
 */
import { Resvg } from "@resvg/resvg-js";
import type { ReactNode } from "react";
import satori from "satori";
import sharp from "sharp";
import { describeCharacter, fontsFor, type Role } from "./fonts";
import { colors, page, sheetTexts, sheetTree, type SheetNode } from "./layout";
import type { SheetData } from "./sheet-data";

/** The sheets must stay light enough to open on a phone: under 150 KB each. */
export const maxBytes = 150 * 1024;

/** The tree as satori reads it: each role replaced by its list of font files. */
function withFamilies(node: SheetNode, families: Record<Role, string[]>): unknown {
  const { fontFamily, ...style } = node.props.style;
  return {
    ...node,
    props: {
      ...node.props,
      style: fontFamily ? { ...style, fontFamily: families[fontFamily].join(", ") } : style,
      children: node.props.children?.map((child) => (typeof child === "string" ? child : withFamilies(child, families))),
    },
  };
}

/** Raised when a sheet holds a character that no embedded font draws. */
export class MissingGlyphsError extends Error {
  override name = "MissingGlyphsError";
}

/** Space kept between the last rating and the health message. */
const footerGap = 30;

/**
 * Lays the sheet out at a text scale and returns its SVG with `spare`: the height left between
 * the content and the footer (negative when the content runs into it or off the page).
 */
async function draw(sheet: SheetData, scale: number): Promise<{ svg: string; spare: number; contentHeight: number }> {
  const tree = sheetTree(sheet, scale);
  const { fonts, families, missing } = fontsFor(sheet.lang, sheetTexts(tree));
  if (missing.length > 0) {
    throw new MissingGlyphsError(`summary sheet of ${sheet.wineId} (${sheet.lang}): no embedded font draws ${missing.map(describeCharacter).join(", ")}`);
  }
  const boxes = new Map<string, { top: number; height: number }>();
  const svg = await satori(withFamilies(tree, families) as ReactNode, {
    width: page.width,
    height: page.height,
    fonts,
    onNodeDetected: (node) => {
      if (typeof node.key === "string") boxes.set(node.key, node);
    },
  });
  const content = boxes.get("content");
  const foot = boxes.get("footer");
  if (!content || !foot) throw new Error("the sheet's content and footer boxes were not laid out");
  // The footer sits at the foot of the page unless the content pushes it off.
  const spare = page.height - foot.height - footerGap - (content.top + content.height);
  return { svg, spare, contentHeight: content.height };
}

/** Smallest size of the text below the bottle, in percent of full size, before a sheet is declared too long. */
const minPercent = 70;

/**
 * The sheet at full text size when it fits, else at the size the measured overflow suggests,
 * stepped down by 2 % until the wrapped lines fit. Wrapped text shrinks with the square of the
 * scale (smaller lines, and fewer of them), hence the square root.
 */
async function drawToFit(sheet: SheetData): Promise<string> {
  let drawn = await draw(sheet, 1);
  if (drawn.spare >= 0) return drawn.svg;
  const fitting = Math.max(0, drawn.contentHeight + drawn.spare) / drawn.contentHeight;
  for (let percent = Math.min(99, Math.floor(100 * Math.sqrt(fitting))); percent >= minPercent; percent -= 2) {
    drawn = await draw(sheet, percent / 100);
    if (drawn.spare >= 0) return drawn.svg;
  }
  throw new Error(`summary sheet of ${sheet.wineId} (${sheet.lang}) does not fit the page, even with smaller text`);
}

/**
 * Draws one sheet as a JPEG of `summarySize` under `maxBytes`: the text below the bottle shrinks
 * until the sheet fits the page, then the JPEG quality drops until the file is light enough.
 */
export async function renderSheet(sheet: SheetData): Promise<Buffer> {
  const svg = await drawToFit(sheet);

  // Text arrives as paths, so resvg needs no fonts at all: never let it look at the machine's.
  const image = new Resvg(svg, { font: { loadSystemFonts: false }, background: colors.paper }).render();
  const pixels = sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } }).flatten({ background: colors.paper });
  for (let quality = 82; ; quality -= 6) {
    const jpeg = await pixels.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= maxBytes) return jpeg;
    if (quality <= 40) throw new Error(`summary sheet of ${sheet.wineId} (${sheet.lang}) stays above ${maxBytes} bytes`);
  }
}
