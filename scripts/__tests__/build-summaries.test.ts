import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../app/lib/i18n/context";
import {
  escapeXml,
  loadContent,
  loadLanguage,
  maxBytes,
  renderSummary,
  summarySvg,
  textWidth,
  wrapText,
} from "../build-summaries";

const { site, wines } = loadContent();
const bottle = (id: string) => readFileSync(new URL(`../../content/images/bottles/${id}.png`, import.meta.url));

describe("text on the summary sheet", () => {
  it("is escaped for XML", () => {
    expect(escapeXml(`L'Hermitage & <Lescours> "2020"`)).toBe("L&apos;Hermitage &amp; &lt;Lescours&gt; &quot;2020&quot;");
  });

  it("wraps between words to the width, keeping every word", () => {
    const text = "Deep garnet with a purple rim. The nose opens on blackberry, plum and violet, with hints of graphite and toasted oak.";
    const lines = wrapText(text, 500, 27);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 27)).toBeLessThanOrEqual(500);
    expect(lines.join(" ")).toBe(text);
  });

  it("wraps Chinese and Japanese between characters, never starting a line with closing punctuation", () => {
    const text = "酒色呈深石榴红，边缘泛紫。闻香以黑莓、李子和紫罗兰开篇，伴有石墨与烘烤橡木的气息。";
    for (const width of [200, 260, 300, 340, 400]) {
      const lines = wrapText(text, width, 27);
      expect(lines.join("")).toBe(text);
      for (const line of lines) expect(line).not.toMatch(/^[，。、]/);
    }
    expect(textWidth("中文", 20)).toBe(40);
  });
});

describe("a summary sheet", () => {
  it("holds the wine's name, vintage, blend, alcohol, appellation, notes and ratings in the page's language", () => {
    const fr = createI18n("fr", loadLanguage("fr"));
    const wine = wines.find((w) => w.id === "chateau-2018")!;
    const { svg } = summarySvg(fr, site, wine);
    const text = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(" ");
    for (const expected of ["Château L&apos;Hermitage", "2018", "ASSEMBLAGE", "DEGRÉ D&apos;ALCOOL", "14\u00a0%", "Saint-Émilion Grand Cru", "Notes de dégustation", "L&apos;avis de la critique", "Ledger of the Vine", "94/100", "17/20", "Médaille d&apos;or"]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain("Robe pourpre intense");
  });

  it("keeps markup in the content from becoming SVG", async () => {
    const en = createI18n("en", loadLanguage("en"));
    const wine = { ...wines[0]!, name: `<b>A&"B"</b>` };
    const { svg } = summarySvg(en, site, wine);
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("&lt;b&gt;A&amp;&quot;B&quot;&lt;/b&gt;");
    // Still well-formed: librsvg parses it.
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe("svg");
  });

  it("renders as a JPEG of 1240×1754 under 150 KB", async () => {
    const ja = createI18n("ja", loadLanguage("ja"));
    const wine = wines.find((w) => w.id === "chateau-2020")!;
    const jpeg = await renderSummary(ja, site, wine, bottle(wine.id));
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(jpeg.length).toBeLessThanOrEqual(maxBytes);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 1240, height: 1754 });
  });
});
