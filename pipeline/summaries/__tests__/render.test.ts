import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { summarySize } from "#presentation/summary-size";
import { fontsFor } from "../fonts";
import { gatherSheets } from "../gather";
import { sheetTexts, sheetTree, type SheetNode } from "../layout";
import { maxBytes, MissingGlyphsError, renderSheet } from "../render";
import type { SheetData } from "../sheet-data";
import { buildSource } from "#content";

const sheets = gatherSheets(buildSource());

// Drawing a sheet takes about a second on an idle machine; these two cores are shared.
const sheet = (lang: SheetData["lang"], wineId: string): SheetData => sheets.find((s) => s.lang === lang && s.wineId === wineId)!;

/** The strings a sheet draws, as the renderer hands them to the layout engine. */
const drawn = (data: SheetData) => sheetTexts(sheetTree(data)).map(({ text }) => text);

describe("the fonts of the summary sheets", () => {
  it("draw every character of every wine's sheet in every language, from Fontsource packages only", () => {
    expect(sheets.length).toBe(25);
    for (const data of sheets) {
      const texts = sheetTexts(sheetTree(data));
      const { missing, files } = fontsFor(data.lang, texts);
      expect(missing, `${data.wineId} (${data.lang})`).toEqual([]);
      for (const file of files) expect(file).toMatch(/^@fontsource\/[a-z0-9-]+\/files\/[a-z0-9-]+\.woff2$/);
      if (data.lang === "zh" || data.lang === "ja") {
        const family = data.lang === "zh" ? "sc" : "jp";
        expect(files.some((file) => file.startsWith(`@fontsource/noto-sans-${family}/`))).toBe(true);
        expect(files.some((file) => file.startsWith(`@fontsource/noto-serif-${family}/`))).toBe(true);
      }
    }
  });

  it("are checked against every string the sheet draws, the health message included", () => {
    const zh = sheet("zh", "chateau-2018");
    const strings = drawn(zh);
    for (const expected of [...zh.healthMessage, zh.tastingNotes.text, zh.tastingNotes.heading, zh.ratings.heading, zh.name, zh.vintage]) {
      expect(strings).toContain(expected);
    }
    for (const rating of zh.ratings.items) expect(strings).toEqual(expect.arrayContaining([rating.critic, rating.score]));
  });

  it("keep the site's Latin faces for Latin letters on Chinese and Japanese sheets", () => {
    const { families } = fontsFor("ja", [{ face: { role: "sans", weight: 400, style: "normal" }, text: "Grand Cru グラン・クリュ" }]);
    expect(families.sans[0]).toMatch(/^source-sans-3 /);
    expect(families.sans.at(-1)).toMatch(/^noto-sans-jp /);
  });

  it("report a character that no embedded font draws: a rare ideograph, an emoji, Chinese on a Latin sheet", () => {
    const sans = { role: "sans", weight: 400, style: "normal" } as const;
    expect(fontsFor("zh", [{ face: sans, text: "酒𪚥🍷" }]).missing).toEqual(["𪚥", "🍷"]);
    expect(fontsFor("ja", [{ face: sans, text: "𪚥ワイン🍷" }]).missing).toEqual(["𪚥", "🍷"]);
    expect(fontsFor("en", [{ face: { ...sans, role: "serif" }, text: "Notes 酒" }]).missing).toEqual(["酒"]);
  });

  it("stop the drawing of a sheet with such a character, naming the wine, the language and the character", async () => {
    const ja = sheet("ja", "chateau-2020");
    const broken = { ...ja, tastingNotes: { ...ja.tastingNotes, text: `${ja.tastingNotes.text}𪚥🍷` } };
    const error = await renderSheet(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingGlyphsError);
    expect((error as Error).message).toBe("summary sheet of chateau-2020 (ja): no embedded font draws 𪚥 (U+2A6A5), 🍷 (U+1F377)");

    const en = sheet("en", "cuvee9-2019");
    await expect(renderSheet({ ...en, tastingNotes: { ...en.tastingNotes, heading: "Notes 评分" } })).rejects.toThrow(
      "summary sheet of cuvee9-2019 (en): no embedded font draws 评 (U+8BC4), 分 (U+5206)",
    );
  });
});

describe("a summary sheet", () => {
  it("is an A4 JPEG at 150 dpi under 150 KB, also for the longest Chinese and Japanese sheets", async () => {
    for (const data of [sheet("zh", "chateau-2018"), sheet("ja", "chateau-2018"), sheet("fr", "cuvee9-2020")]) {
      const jpeg = await renderSheet(data);
      expect(jpeg.length).toBeLessThanOrEqual(maxBytes);
      expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", ...summarySize });
    }
  });

  it("draws text from the content as text, never as markup", async () => {
    const tricky = `<b>A&"B"</b><script>alert(1)</script>`;
    const data = { ...sheet("en", "cuvee9-2020"), name: tricky };
    const findText = (node: SheetNode): boolean =>
      (node.props.children ?? []).some((child) => child === tricky || (typeof child !== "string" && findText(child)));
    expect(findText(sheetTree(data))).toBe(true);
    expect((await sharp(await renderSheet(data)).metadata()).format).toBe("jpeg");
  });

  it("refuses content too long for the page instead of letting it run off or under the footer", async () => {
    const en = sheet("en", "chateau-2018");
    const long = { ...en, tastingNotes: { ...en.tastingNotes, text: Array(8).fill(en.tastingNotes.text).join(" ") } };
    await expect(renderSheet(long)).rejects.toThrow("summary sheet of chateau-2018 (en) does not fit the page");
  });
});
