/**
 * The summary sheet's design: an element tree in the shape satori reads (`type`, `props.style`,
 * `props.children`), built as plain objects. Content is only ever a string child, so nothing from
 * a wine's texts is parsed as markup. Fonts are named by role ("serif", "sans"); `render.ts`
 * replaces each role with the font files `fonts.ts` chose for the sheet.
 */
import type { CSSProperties } from "react";
import { languageTags, scriptOf, type Language } from "#core/languages";
import { summarySize } from "#presentation/summary-size";
import type { Face, FaceText, Role } from "./fonts";
import type { SheetData, SheetSpec } from "./sheet-data";

export const colors = {
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

export const page = { ...summarySize, margin: 90, bandHeight: 180 };
/** The bottle picture (356 × 504 on the pages) drawn a little smaller, leaving room for the technical facts. */
const bottle = { width: 300, height: 425 };

/**
 * The locale satori takes for a `cjk` language (`zh-CN`, `ja-JP`: the language and its likeliest
 * territory, from the BCP 47 tag), which picks the language's forms of the shared ideographs.
 */
function satoriLocale(lang: Language): string {
  const { language, region } = new Intl.Locale(languageTags[lang]).maximize();
  return region ? `${language}-${region}` : language;
}

/** Style with the font family given as a role; the real family list is filled in before drawing. */
type SheetStyle = Omit<CSSProperties, "fontFamily" | "fontWeight" | "fontStyle"> & {
  fontFamily?: Role;
  fontWeight?: Face["weight"];
  fontStyle?: Face["style"];
};

export interface SheetNode {
  type: "div" | "img";
  key?: string;
  props: { style: SheetStyle; children?: (SheetNode | string)[]; src?: string; width?: number; height?: number; lang?: string };
}

function box(style: SheetStyle, ...children: (SheetNode | string)[]): SheetNode {
  return { type: "div", props: { style: { display: "flex", ...style }, children } };
}

/**
 * The string as it is drawn. French puts a narrow no-break space (U+202F) before "%" and inside
 * « »; neither the site's fonts nor the Noto CJK files have that glyph, so it is drawn as the
 * no-break word space that French typography also uses there (it keeps the line from breaking).
 */
function drawable(content: string): string {
  return content.replaceAll("\u202f", "\u00a0");
}

/** A block of text: the string is the node's only child. */
function text(style: SheetStyle, content: string): SheetNode {
  return { type: "div", props: { style: { display: "flex", ...style }, children: [drawable(content)] } };
}

function rule(width: number | string, color: string, thickness = 2): SheetNode {
  return box({ width, height: thickness, backgroundColor: color, flexShrink: 0 });
}

/** Capitals for labels, as the language writes them (done here, not by CSS, so the check sees them). */
function caps(value: string, lang: Language): string {
  return value.toLocaleUpperCase(lang);
}

/** Sizes of the text below the bottle, scaled down together when a sheet holds long content. */
function bodySizes(scale: number, cjk: boolean) {
  const body = Math.round(27 * scale);
  return { body, heading: Math.round(38 * scale), lineHeight: cjk ? 1.7 : 1.5, gap: Math.round(48 * scale) };
}

function header(sheet: SheetData): SheetNode {
  return box(
    { height: page.bandHeight, flexShrink: 0, backgroundColor: colors.band, flexDirection: "column", alignItems: "center", justifyContent: "center" },
    text({ fontFamily: "serif", fontWeight: 600, fontSize: 48, letterSpacing: 3, color: colors.goldLight }, caps(sheet.estateName, sheet.lang)),
    box({ margin: "20px 0 22px" }, rule(120, colors.goldLight)),
    text({ fontSize: 24, letterSpacing: 5, color: colors.cream }, caps(sheet.appellation, sheet.lang)),
  );
}

/**
 * A spec's value. The blend's pieces each stay on one line ("Cabernet Sauvignon", カベルネ・ソーヴィニヨン
 * never split): lines break only between them, where the language sets its space (none in
 * Chinese and Japanese, whose separator 、 ends the piece before).
 */
function specValue(value: SheetSpec["value"], style: SheetStyle): SheetNode {
  if (typeof value === "string") return text(style, value);
  const fontSize = typeof style.fontSize === "number" ? style.fontSize : 27;
  const space = value.space === "" ? 0 : Math.round(fontSize * 0.27);
  return box(
    { ...style, flexWrap: "wrap" },
    ...value.pieces.map((piece, index) => text({ whiteSpace: "nowrap", marginRight: index < value.pieces.length - 1 ? space : 0 }, piece)),
  );
}

/** A spec's capitalised label and its value. */
function spec(item: SheetSpec, sheet: SheetData, cjk: boolean, size: { label: number; value: number }): SheetNode {
  return box(
    { flexDirection: "column" },
    text({ fontSize: size.label, letterSpacing: cjk ? 1 : 2, color: colors.inkSoft }, caps(item.label, sheet.lang)),
    specValue(item.value, { fontSize: size.value, lineHeight: 1.3, color: colors.ink, marginTop: 4 }),
  );
}

/** Beside the bottle, the first two specs (alcohol, bottle size) share a line; the others have one each. */
function identitySpecs(sheet: SheetData, cjk: boolean): SheetNode[] {
  const row = (...items: SheetSpec[]) =>
    box(
      { borderTop: `1.5px solid ${colors.rule}`, padding: "10px 0 11px" },
      ...items.map((item) => box({ flexGrow: 1, flexBasis: 0 }, spec(item, sheet, cjk, { label: 17, value: 26 }))),
    );
  const [first, second, ...others] = sheet.specs;
  return [...(first && second ? [row(first, second)] : first ? [row(first)] : []), ...others.map((item) => row(item))];
}

/**
 * The bottle, and beside it the collection, the wine's name and vintage and the first specs. The
 * collection's name is left out where it only repeats the wine's (Cuvée 9, the Château wine).
 */
function identity(sheet: SheetData, cjk: boolean): SheetNode {
  const specs = identitySpecs(sheet, cjk);
  const collection =
    sheet.collection.toLocaleLowerCase(sheet.lang) === sheet.name.toLocaleLowerCase(sheet.lang)
      ? []
      : [text({ fontSize: 21, fontWeight: 600, letterSpacing: cjk ? 2 : 3, color: colors.gold, marginBottom: 14 }, caps(sheet.collection, sheet.lang))];
  return box(
    { padding: `44px ${page.margin}px 0`, flexShrink: 0 },
    {
      type: "img",
      props: {
        src: `data:image/png;base64,${Buffer.from(sheet.bottlePng).toString("base64")}`,
        width: bottle.width,
        height: bottle.height,
        style: { objectFit: "cover", flexShrink: 0 },
      },
    },
    box(
      { flexDirection: "column", marginLeft: 60, flexGrow: 1, flexShrink: 1 },
      ...collection,
      text({ fontFamily: "serif", fontWeight: 600, fontSize: 50, lineHeight: 1.08, color: colors.wine }, sheet.name),
      text({ fontFamily: "serif", fontWeight: 600, fontSize: 64, lineHeight: 1.1, color: colors.gold, marginBottom: 14 }, sheet.vintage),
      ...specs,
    ),
  );
}

function section(title: string, size: ReturnType<typeof bodySizes>, ...content: SheetNode[]): SheetNode {
  return box(
    { flexDirection: "column", marginTop: size.gap },
    text({ fontFamily: "serif", fontWeight: 600, fontSize: size.heading, color: colors.wine }, title),
    box({ margin: "8px 0 18px" }, rule(80, colors.goldLight)),
    ...content,
  );
}

/**
 * The vineyard's and the cellar's facts in a band of three columns under the bottle: the soils, a
 * sentence, across two of them beside the vines' age; then harvest, ageing and production.
 */
function vineyard(sheet: SheetData, size: ReturnType<typeof bodySizes>, cjk: boolean): SheetNode {
  const column = Math.floor((page.width - 2 * page.margin) / 3);
  const facts = sheet.vineyard.facts.map((item, index) =>
    box(
      { width: index === 0 ? 2 * column : column, flexDirection: "column", paddingTop: Math.round(size.body * 0.5) },
      box({ flexDirection: "column", marginRight: 28 }, spec(item, sheet, cjk, { label: Math.round(size.body * 0.67), value: Math.round(size.body * 0.9) })),
    ),
  );
  return box(
    {
      flexDirection: "column",
      marginTop: Math.round(size.gap * 0.75),
      borderTop: `1.5px solid ${colors.rule}`,
      borderBottom: `1.5px solid ${colors.rule}`,
      paddingBottom: Math.round(size.body * 0.6),
    },
    box({ flexWrap: "wrap" }, ...facts),
  );
}

function notesAndRatings(sheet: SheetData, scale: number, cjk: boolean): SheetNode {
  const size = bodySizes(scale, cjk);
  const facts = vineyard(sheet, size, cjk);
  const notes = section(
    sheet.tastingNotes.heading,
    size,
    text({ fontSize: size.body, lineHeight: size.lineHeight, color: colors.ink }, sheet.tastingNotes.text),
  );
  const ratings = sheet.ratings.items.map((rating) =>
    box(
      { flexDirection: "column", marginBottom: Math.round(size.body * 0.8) },
      box(
        { justifyContent: "space-between", fontSize: size.body, fontWeight: 600 },
        text({ color: colors.wine }, rating.critic),
        text({ color: colors.gold, marginLeft: 24, flexShrink: 0 }, rating.score),
      ),
      ...(rating.quote
        ? [
            text(
              {
                fontSize: Math.round(size.body * 0.92),
                lineHeight: size.lineHeight,
                color: colors.inkSoft,
                fontStyle: cjk ? "normal" : "italic",
                padding: "6px 0 0 24px",
              },
              rating.quote,
            ),
          ]
        : []),
    ),
  );
  const content = box(
    { flexDirection: "column", padding: `0 ${page.margin}px`, flexShrink: 0 },
    facts,
    notes,
    ...(ratings.length > 0 ? [section(sheet.ratings.heading, size, ...ratings)] : []),
  );
  return { ...content, key: "content" };
}

/** The health message (Loi Évin) and where the wine comes from, kept at the foot of the page. */
function footer(sheet: SheetData): SheetNode {
  const [french, ...translations] = sheet.healthMessage;
  return box(
    { flexDirection: "column", alignItems: "center", padding: `0 ${page.margin}px 26px`, flexShrink: 0 },
    box(
      {
        flexDirection: "column",
        alignItems: "center",
        alignSelf: "stretch",
        border: `1.5px solid ${colors.goldLight}`,
        padding: "10px 24px",
        marginBottom: 18,
      },
      text({ fontSize: 20, fontWeight: 600, color: colors.ink, textAlign: "center" }, french ?? ""),
      ...translations.map((line) => text({ fontSize: 19, color: colors.inkSoft, textAlign: "center", marginTop: 2 }, line)),
    ),
    rule("100%", colors.rule, 1.5),
    text({ fontSize: 19, color: colors.inkSoft, marginTop: 14, textAlign: "center" }, sheet.address),
  );
}

/** The whole sheet at a body-text scale; `content` and `footer` are keyed so their layout can be measured. */
export function sheetTree(sheet: SheetData, scale = 1): SheetNode {
  // Set without italics or wide letter-spacing (core/languages.ts, `script`).
  const cjk = scriptOf(sheet.lang) === "cjk";
  const root = box(
    {
      width: page.width,
      height: page.height,
      flexDirection: "column",
      backgroundColor: colors.paper,
      fontFamily: "sans",
      fontWeight: 400,
      fontStyle: "normal",
    },
    header(sheet),
    identity(sheet, cjk),
    notesAndRatings(sheet, scale, cjk),
    box({ flexGrow: 1 }),
    { ...footer(sheet), key: "footer" },
  );
  if (cjk) root.props.lang = satoriLocale(sheet.lang);
  return root;
}

/** Every string the tree draws, with the face it inherits (font properties inherit as in CSS). */
export function sheetTexts(node: SheetNode, inherited: Face = { role: "sans", weight: 400, style: "normal" }): FaceText[] {
  const { fontFamily, fontWeight, fontStyle } = node.props.style;
  const face: Face = { role: fontFamily ?? inherited.role, weight: fontWeight ?? inherited.weight, style: fontStyle ?? inherited.style };
  return (node.props.children ?? []).flatMap((child) => (typeof child === "string" ? [{ face, text: child }] : sheetTexts(child, face)));
}
