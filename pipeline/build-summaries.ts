/**
 * Draws each wine's summary sheet (spec §2, DESIGN.md "Media"): a JPEG made from the wine's
 * content in every language — name, vintage, blend, alcohol, appellation, tasting notes, ratings
 * and the health message — written to public/summaries/<lang>/<id>.jpg, which the build then
 * publishes at /summaries/<lang>/<id>.jpg. Run by `npm run build` before `react-router build`.
 *
 * What a sheet says comes from `summaries/gather.ts`; how it looks, and the fonts it embeds (from
 * npm packages, never the machine's), from `summaries/render.ts`. A character that no embedded
 * font draws stops the build.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gatherSheets } from "./summaries/gather";
import { renderSheet } from "./summaries/render";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Writes every wine's sheet in every language into `outDir/<lang>/<id>.jpg`; returns the byte size of each. */
export async function buildSummaries(outDir = join(root, "public", "summaries")): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const sheet of gatherSheets()) {
    const jpeg = await renderSheet(sheet);
    const path = join(outDir, sheet.lang, `${sheet.wineId}.jpg`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, jpeg);
    sizes.set(`${sheet.lang}/${sheet.wineId}`, jpeg.length);
  }
  return sizes;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = Date.now();
  const sizes = await buildSummaries();
  const largest = Math.max(...sizes.values());
  console.log(
    `build-summaries: ${sizes.size} summary sheets written to public/summaries/ in ${Date.now() - started} ms (largest ${Math.round(largest / 1024)} KB)`,
  );
}
