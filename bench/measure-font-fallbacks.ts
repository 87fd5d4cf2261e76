/**
 * Computes the metric overrides of the fallback fonts in app/app.css, so text set in Times New
 * Roman or Arial (or their metric twins, Liberation Serif and Liberation Sans) takes the room the
 * web fonts will take when they arrive, and nothing moves (CLS). Widths are measured in Chromium
 * on text like the site's at each weight it uses (capitals get a face of their own: Arial's are
 * far wider than Source Sans's); vertical metrics come from the web fonts' hhea tables. Prints the @font-face descriptors to paste into app/app.css:
 *
 *   npx tsx bench/measure-font-fallbacks.ts
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { launchBrowser } from "../e2e/support/browser";
import { woffToSfnt } from "../generators/generate-artwork";

const require = createRequire(import.meta.url);
const file = (path: string) => require.resolve(`@fontsource/${path}`);

/** One fallback face: a local font resized to match one web font weight on text like the site's. */
interface Face {
  family: string;
  weight: number;
  file: string;
  fallback: string;
  local: string[];
  sample: string;
}

const serif = ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif", "LiberationSerif"];
const sans = ["Arial", "ArialMT", "Liberation Sans", "LiberationSans"];

const faces: Face[] = [
  {
    family: "Cormorant Garamond",
    weight: 600,
    file: "cormorant-garamond/files/cormorant-garamond-latin-600-normal",
    fallback: "Heading Fallback",
    local: serif,
    // Headings: short, title-case lines.
    sample:
      "Château L'Hermitage Lescours 2020 A small estate with a Grand Cru soul Our Grand Cru vintages Generous and ready " +
      "to enjoy Experience the estate Wine tours and tastings The Villa Specifications Tasting Notes Expert Ratings",
  },
  {
    family: "Source Sans 3",
    weight: 400,
    file: "source-sans-3/files/source-sans-3-latin-400-normal",
    fallback: "Body Fallback",
    local: sans,
    // Running text.
    sample:
      "On 4.12 hectares of clay and limestone just outside Saint-Émilion, our family tends every vine by hand. Low yields, " +
      "patient ageing in French oak and a light touch in the cellar give wines of depth and finesse that speak of their place.",
  },
  {
    family: "Source Sans 3",
    weight: 600,
    file: "source-sans-3/files/source-sans-3-latin-600-normal",
    fallback: "Body Fallback",
    local: sans,
    // Buttons, navigation and labels: short, title-case words.
    sample:
      "Home Our Story Shop Wines Wine Tours The Villa Contact Discover our story Book a tour Discover the villa Yes, I am " +
      "18 or older No, I am not Inquire to Purchase — €175.00 View Wine Summary Alcohol by volume Blend Appellation",
  },
  {
    family: "Source Sans 3",
    weight: 600,
    file: "source-sans-3/files/source-sans-3-latin-600-normal",
    fallback: "Caps Fallback",
    local: sans,
    // Eyebrows and badges in capitals, whose widths differ far more between the two faces.
    sample: "CHÂTEAU L'HERMITAGE LESCOURS SAINT-ÉMILION GRAND CRU THE CHÂTEAU COLLECTION CUVÉE 9 VISIT US FOLLOW US OUR OTHER ESTATES",
  },
];

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
const webFaces = [...new Map(faces.map((face) => [face.file, face])).values()].map((face) => {
  const data = readFileSync(file(`${face.file}.woff2`)).toString("base64");
  return `@font-face{font-family:"${face.family}";font-weight:${face.weight};src:url(data:font/woff2;base64,${data}) format("woff2")}`;
});
// The fallbacks unadjusted, one family per local font list, to measure against.
const plainFallbacks = [...new Set(faces.map((face) => face.local.join()))].map(
  (list, i) =>
    `@font-face{font-family:"Plain ${i}";src:${list
      .split(",")
      .map((name) => `local("${name}")`)
      .join(",")}}`,
);
const plainName = (face: Face) => `Plain ${[...new Set(faces.map((f) => f.local.join()))].indexOf(face.local.join())}`;
await page.setContent(`<style>${[...webFaces, ...plainFallbacks].join("\n")} span{font-size:100px;white-space:nowrap}</style><body></body>`);
for (const face of faces) {
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
    { family: face.family, fallback: plainName(face), weight: face.weight, text: face.sample },
  );
  const sizeAdjust = widths.web / widths.fallback;
  const metrics = verticalMetrics(file(`${face.file}.woff`));
  console.error(`${face.fallback} ${face.weight}: web ${widths.web.toFixed(0)} px, fallback ${widths.fallback.toFixed(0)} px`);
  console.log(`@font-face {
  font-family: "${face.fallback}";
  font-weight: ${face.weight};
  src: ${face.local.map((name) => `local("${name}")`).join(", ")};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(metrics.ascent / sizeAdjust)};
  descent-override: ${pct(metrics.descent / sizeAdjust)};
  line-gap-override: ${pct(metrics.lineGap / sizeAdjust)};
}`);
}
await browser.close();
