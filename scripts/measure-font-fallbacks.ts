/**
 * Computes the metric overrides of the fallback fonts in app/app.css, so text set in Times New
 * Roman or Arial (or their metric twins, Liberation Serif and Liberation Sans) takes the room the
 * web fonts will take when they arrive, and nothing moves (CLS). Widths are measured in Chromium
 * on English text at each weight the site uses; vertical metrics come from the web fonts' hhea
 * tables. Prints the @font-face descriptors to paste into app/app.css:
 *
 *   npx tsx scripts/measure-font-fallbacks.ts
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { launchBrowser } from "../e2e/support/browser";
import { woffToSfnt } from "./generate-artwork";

const require = createRequire(import.meta.url);
const file = (path: string) => require.resolve(`@fontsource/${path}`);

interface Face {
  family: string;
  weights: number[];
  files: Record<number, string>;
  fallback: { name: string; local: string[] };
}

const faces: Face[] = [
  {
    family: "Cormorant Garamond",
    weights: [600],
    files: { 600: "cormorant-garamond/files/cormorant-garamond-latin-600-normal" },
    fallback: { name: "Heading Fallback", local: ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif", "LiberationSerif"] },
  },
  {
    family: "Source Sans 3",
    weights: [400, 600],
    files: { 400: "source-sans-3/files/source-sans-3-latin-400-normal", 600: "source-sans-3/files/source-sans-3-latin-600-normal" },
    fallback: { name: "Body Fallback", local: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans"] },
  },
];

const sample =
  "Château L'Hermitage Lescours is a small Saint-Émilion Grand Cru estate. On 4.12 hectares of clay and limestone, " +
  "the family tends every vine by hand: low yields, patient ageing in French oak and a light touch in the cellar. " +
  "Our Story Shop Wines Wine Tours The Villa Contact Discover the estate, book a tasting, or write to us.";

/** hhea ascender, descender and line gap over units per em. */
function verticalMetrics(woffPath: string): { ascent: number; descent: number; lineGap: number } {
  const font = woffToSfnt(readFileSync(woffPath));
  const tables = new Map<string, number>();
  for (let i = 0; i < font.readUInt16BE(4); i += 1) {
    const record = 12 + i * 16;
    tables.set(font.toString("latin1", record, record + 4), font.readUInt32BE(record + 8));
  }
  const head = tables.get("head")!;
  const hhea = tables.get("hhea")!;
  const unitsPerEm = font.readUInt16BE(head + 18);
  return {
    ascent: font.readInt16BE(hhea + 4) / unitsPerEm,
    descent: -font.readInt16BE(hhea + 6) / unitsPerEm,
    lineGap: font.readInt16BE(hhea + 8) / unitsPerEm,
  };
}

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;

const browser = await launchBrowser();
const page = await browser.newPage();
const css = faces
  .flatMap((face) => [
    ...face.weights.map((weight) => {
      const data = readFileSync(file(`${face.files[weight]}.woff2`)).toString("base64");
      return `@font-face{font-family:"${face.family}";font-weight:${weight};src:url(data:font/woff2;base64,${data}) format("woff2")}`;
    }),
    `@font-face{font-family:"${face.fallback.name}";src:${face.fallback.local.map((name) => `local("${name}")`).join(",")}}`,
  ])
  .join("\n");
await page.setContent(`<style>${css} span{font-size:100px;white-space:nowrap}</style><body></body>`);
for (const face of faces) {
  const metrics = verticalMetrics(file(`${face.files[face.weights[0]!]}.woff`));
  for (const weight of face.weights) {
    const widths = await page.evaluate(
      async ({ family, fallback, weight, text }) => {
        await document.fonts.load(`${weight} 100px "${family}"`);
        // No named helper inside evaluate: tsx would wrap it in a __name() the page does not have.
        const [web = 0, fell = 0] = [family, fallback].map((font) => {
          const span = document.createElement("span");
          span.style.fontFamily = `"${font}"`;
          span.style.fontWeight = String(weight);
          span.textContent = text;
          document.body.append(span);
          const width = span.getBoundingClientRect().width;
          span.remove();
          return width;
        });
        return { web, fallback: fell };
      },
      { family: face.family, fallback: face.fallback.name, weight, text: sample },
    );
    console.error(`${face.family} ${weight}: web ${widths.web.toFixed(0)} px, fallback ${widths.fallback.toFixed(0)} px`);
    // One fallback face per weight: the web font's weights differ in width, the fallback's do not.
    const sizeAdjust = widths.web / widths.fallback;
    console.log(`@font-face {
  font-family: "${face.fallback.name}";
  font-weight: ${weight};
  src: ${face.fallback.local.map((name) => `local("${name}")`).join(", ")};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(metrics.ascent / sizeAdjust)};
  descent-override: ${pct(metrics.descent / sizeAdjust)};
  line-gap-override: ${pct(metrics.lineGap / sizeAdjust)};
}`);
  }
}
await browser.close();
