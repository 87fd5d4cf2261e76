/**
 * Draws each wine's summary sheet (spec §2, DESIGN.md "Media"): a JPEG made from the wine's
 * content in every language — name, vintage, blend, alcohol, appellation, tasting notes, ratings
 * and the health message — written to public/summaries/<lang>/<id>.jpg, which the build then
 * publishes at /summaries/<lang>/<id>.jpg. Run by `npm run build` before `react-router build`.
 *
 * What a sheet says comes from `summaries/gather.ts`; how it looks, and the fonts it embeds (from
 * npm packages, never the machine's), from `summaries/render.ts`. A character that no embedded
 * font draws stops the build. The sheets are drawn again only when what they show or the code that
 * draws them changed (pipeline/unchanged.ts): `npm test` builds twice, and drawing them takes
 * about 25 s of CPU.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gatherSheets } from "./summaries/gather";
import type { SheetData } from "./summaries/sheet-data";
import { renderSheet } from "./summaries/render";
import { codeDigest, digest, unlessUnchanged } from "./unchanged";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where `npm run build` writes the sheets, for the build to publish. */
export const summariesDir = join(root, "public", "summaries");

/** Writes every wine's sheet in every language into `outDir/<lang>/<id>.jpg`; returns the byte size of each. */
export async function buildSummaries(outDir = summariesDir, sheets: SheetData[] = gatherSheets()): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const sheet of sheets) {
    const jpeg = await renderSheet(sheet);
    const path = join(outDir, sheet.lang, `${sheet.wineId}.jpg`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, jpeg);
    sizes.set(`${sheet.lang}/${sheet.wineId}`, jpeg.length);
  }
  return sizes;
}

/**
 * Draws the sheets into `outDir` unless the sheets there show the same data and were drawn by the
 * same code (the drawing's folders: pipeline/, core/, presentation/); resolves to the byte size of
 * each, or `null` when nothing changed and the sheets were kept.
 */
export async function updateSummaries(outDir = summariesDir): Promise<Map<string, number> | null> {
  const sheets = gatherSheets();
  const input = digest({ outDir, sheets, code: codeDigest(["pipeline", "core", "presentation"]) });
  const outputs = sheets.map((sheet) => join(outDir, sheet.lang, `${sheet.wineId}.jpg`));
  let sizes: Map<string, number> | null = null;
  await unlessUnchanged("summaries", input, outputs, async () => {
    sizes = await buildSummaries(outDir, sheets);
  });
  return sizes;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = Date.now();
  const sizes = await updateSummaries();
  if (sizes) {
    const largest = Math.max(...sizes.values());
    console.log(
      `build-summaries: ${sizes.size} summary sheets written to public/summaries/ in ${Date.now() - started} ms (largest ${Math.round(largest / 1024)} KB)`,
    );
  } else {
    console.log("build-summaries: the summary sheets in public/summaries/ are up to date (same data, same code)");
  }
}
