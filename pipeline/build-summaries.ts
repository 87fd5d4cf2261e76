/**
 * Draws each wine's summary sheet (spec §2, DESIGN.md "Media"): a JPEG made from the wine's
 * content in every language — name, vintage, blend, alcohol, appellation, tasting notes, ratings
 * and the health message — written to public/summaries/<lang>/<id>.jpg, which the build then
 * publishes at /summaries/<lang>/<id>.jpg. Run by `npm run build` before `react-router build`.
 *
 * What a sheet says comes from `summaries/gather.ts`; how it looks, and the fonts it embeds (from
 * npm packages, never the machine's), from `summaries/render.ts`. A character that no embedded
 * font draws stops the build. The sheets are drawn again only when what they show or the code that
 * draws them changed (pipeline/unchanged.ts, a stamp per sheet): `npm test` builds twice, and
 * drawing them all takes about 25 s of CPU.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gatherSheets } from "./summaries/gather";
import type { SheetData } from "./summaries/sheet-data";
import { renderSheet } from "./summaries/render";
import { codeDigest, digest, unlessUnchanged } from "./unchanged";
import { buildSource } from "#content";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where `npm run build` writes the sheets, for the build to publish. */
export const summariesDir = join(root, "public", "summaries");

/** Writes every wine's sheet in every language into `outDir/<lang>/<id>.jpg`; returns the byte size of each. */
export async function buildSummaries(outDir = summariesDir, sheets: SheetData[] = gatherSheets(buildSource())): Promise<Map<string, number>> {
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
 * Draws each sheet into `outDir` unless the sheet there shows the same data and was drawn by the
 * same code (the drawing's folders: pipeline/, core/, presentation/), one stamp per sheet: a price
 * changed in the content editor draws that wine's five sheets again, not all of them (34.8 s for
 * every sheet in a busy preview, against a few seconds for five). Resolves to the byte size of each
 * sheet drawn, or `null` when every sheet was kept.
 */
export async function updateSummaries(outDir = summariesDir): Promise<Map<string, number> | null> {
  const sheets = gatherSheets(buildSource());
  const code = codeDigest(["pipeline", "core", "presentation"]);
  const sizes = new Map<string, number>();
  for (const sheet of sheets) {
    const path = join(outDir, sheet.lang, `${sheet.wineId}.jpg`);
    await unlessUnchanged(`summaries-${sheet.lang}-${sheet.wineId}`, digest({ outDir, sheet, code }), [path], async () => {
      const jpeg = await renderSheet(sheet);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, jpeg);
      sizes.set(`${sheet.lang}/${sheet.wineId}`, jpeg.length);
    });
  }
  return sizes.size > 0 ? sizes : null;
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
