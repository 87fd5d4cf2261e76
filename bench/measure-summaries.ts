/**
 * Measures the summary sheets: the time to draw all of them (every wine × every language, as
 * `npm run build` does), the time and bytes of each, and the process's peak memory. Prints
 * markdown tables for docs/performance.md; writes nothing.
 *
 *   npm run measure:summaries
 */
import { loadavg } from "node:os";
import { resourceUsage } from "node:process";
import { gatherSheets } from "../pipeline/summaries/gather";
import { maxBytes, renderSheet } from "../pipeline/summaries/render";
import { buildSource } from "#content";

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const started = performance.now();
const sheets = gatherSheets(buildSource());
const rows: { sheet: string; ms: number; bytes: number }[] = [];
for (const sheet of sheets) {
  const before = performance.now();
  const jpeg = await renderSheet(sheet);
  rows.push({ sheet: `${sheet.lang}/${sheet.wineId}.jpg`, ms: performance.now() - before, bytes: jpeg.length });
}
const total = performance.now() - started;

console.log(
  `Measured ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")}.\n`,
);
console.log(`All ${rows.length} sheets: ${(total / 1000).toFixed(1)} s, peak memory ${Math.round(resourceUsage().maxRSS / 1024)} MB.\n`);
console.log(`| sheet | ms | KB (limit ${kb(maxBytes)}) |`);
console.log("|---|---:|---:|");
for (const row of rows) console.log(`| \`${row.sheet}\` | ${Math.round(row.ms)} | ${kb(row.bytes)} |`);
