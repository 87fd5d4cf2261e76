/**
 * `npm run bench:floor -- <build>[,<other build>…] [<path>,<path>…]`: what a page costs the
 * browser's main thread in all, from the navigation to two seconds after its framework started (or
 * its load, on a page without body scripts): CPU time by cause and the trace events it went to.
 * Run it on script-free copies (bench/script-free-copy.ts, made by `bench:lighthouse` as
 * `<build>-script-free`) to read the floor every visitor pays: parsing, style, layout, paint.
 * RUNS loads of each page per build (default 3), the builds alternating; medians and ranges.
 */
import { launchCdpBrowser } from "./cdp";
import { startServer, type RunningServer } from "../e2e/support/server";
import type { TaskCause } from "./main-thread";
import { tracePage } from "./page-trace";

const [builds = "build-script-free", pageList = "/,/shop/chateau-2020,/fr/wine-tours,/ja/news"] = process.argv.slice(2);
const buildDirs = builds.split(",");
const pages = pageList.split(",");
const runs = Number(process.env.RUNS ?? 3);

/** The trace events whose CPU time is read, as Chromium names them. */
const events = {
  layout: ["Layout"],
  style: ["UpdateLayoutTree", "RecalculateStyles"],
  "stylesheet parsing": ["ParseAuthorStyleSheet"],
  "HTML parsing": ["ParseHTML"],
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[]) => `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;

const servers: RunningServer[] = [];
const browser = launchCdpBrowser();
const readings = new Map<string, Record<string, number>[]>();
try {
  for (const dir of buildDirs) servers.push(await startServer({ buildDir: dir, env: { LOG_LEVEL: "error" } }));
  for (let run = 1; run <= runs; run += 1) {
    for (const path of pages) {
      for (const [index, dir] of buildDirs.entries()) {
        const { thread } = await tracePage(browser, `${servers[index]!.url}${path}`);
        const reading: Record<string, number> = { all: 0 };
        for (const task of thread.tasks) {
          reading.all! += task.cpu;
          for (const [cause, ms] of Object.entries(task.causes) as [TaskCause, number][]) reading[cause] = (reading[cause] ?? 0) + ms;
          for (const [name, names] of Object.entries(events))
            reading[`event: ${name}`] = (reading[`event: ${name}`] ?? 0) + names.reduce((sum, event) => sum + (task.events[event] ?? 0), 0);
        }
        readings.set(`${path}|${dir}`, [...(readings.get(`${path}|${dir}`) ?? []), reading]);
        console.log(
          `${path} in ${dir} (#${run}): ${Object.entries(reading)
            .map(([key, ms]) => `${key} ${ms.toFixed(1)}`)
            .join(", ")} ms`,
        );
      }
    }
  }
  console.log(`\nCPU ms at 1×, median (range) of ${runs} loads:`);
  for (const path of pages) {
    for (const dir of buildDirs) {
      const list = readings.get(`${path}|${dir}`) ?? [];
      const keys = [...new Set(list.flatMap((reading) => Object.keys(reading)))];
      console.log(`${path} in ${dir}: ${keys.map((key) => `${key} ${spread(list.map((reading) => reading[key] ?? 0))}`).join("; ")}`);
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}
