/**
 * `npm run bench:lighthouse [-- <build> [<other build>…]]`: how a build's pages load and answer on
 * a phone, next to the floor: a copy of the same build with every body script removed, made here
 * (bench/script-free-copy.ts), which paints the same pages and runs nothing. Each build is served by
 * the real server (a child process on loopback).
 *
 * For every CPU slowdown (BENCH_CPU, default 4 and 8), three rounds over four pages; in each round
 * a page is measured in every build in turn before the next page, so that all builds meet the same
 * machine load (the cores are shared: compare builds within one run, never across runs):
 * - Lighthouse 12 (mobile, simulated slow 4G, `throttling.cpuSlowdownMultiplier`): performance,
 *   FCP, LCP, TBT, CLS, the bytes requested before the first paint, the long tasks after the first
 *   paint (its `long-tasks` audit, with the script each is attributed to), and the same tasks by
 *   the CPU time the main thread spent in them (from its trace: bench/main-thread.ts), which the
 *   machine's load does not stretch;
 * - a lab INP (bench/lab-inp.ts): taps on the menu button while the page hydrates, each timed to
 *   the next paint by the page, with the CPU slowed down through CDP;
 * - the CPU time the main thread spent after the first paint, at full speed (bench/page-trace.ts,
 *   as `npm run bench:trace` measures it), in script and in all: a shared core stretches a task's
 *   wall-clock length, not its CPU time.
 * Each build's cost is read as a difference from the copy in the same run (TBT site − copy,
 * performance site − copy), next to the ratio: where the copy's own TBT is near zero a ratio is
 * noise, and on a slow machine the copy's own TBT is most of the site's.
 * The medians are written to docs/benchmarks.md between the `bench:lighthouse` markers.
 *
 * Needs the builds and Chromium (CHROME_PATH, default /usr/bin/chromium). Options (environment):
 * BENCH_RUNS (default 3), BENCH_PAGES (comma-separated paths), BENCH_CPU (comma-separated
 * slowdowns, default 4,8), BENCH_INP=0 (no lab INP), BENCH_TRACE=0 (no CPU time after the first
 * paint), BENCH_WRITE=0 (print, leave the docs alone).
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import { chromiumArgs } from "../e2e/support/browser";
import { startServer, type RunningServer } from "../e2e/support/server";
import { launchCdpBrowser, type CdpBrowser } from "./cdp";
import { measureLabInp, type LabInpRun } from "./lab-inp";
import { cpuAfterFirstPaint, mainCause, mainThreadTasks, scriptName, type TraceEvent } from "./main-thread";
import { tracePage } from "./page-trace";
import { makeScriptFreeCopy } from "./script-free-copy";
import { writeBenchmarkSection } from "./benchmarks-doc";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const pages = (process.env.BENCH_PAGES ?? "/,/shop/chateau-2020,/fr/wine-tours,/ja/news").split(",");
const slowdowns = (process.env.BENCH_CPU ?? "4,8").split(",").map(Number);
const [buildDir = process.env.BUILD_DIR ?? "build", ...otherDirs] = process.argv.slice(2);
const floorDir = `${buildDir.replace(/\/$/, "")}-script-free`;
const withInp = process.env.BENCH_INP !== "0";
const withTrace = process.env.BENCH_TRACE !== "0";
const write = process.env.BENCH_WRITE !== "0";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const docPath = "docs/benchmarks.md";
const start = "<!-- bench:lighthouse:start -->";
const end = "<!-- bench:lighthouse:end -->";
const lighthouseVersion = (createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version;

/** A long task, as Lighthouse simulates it on the slowed-down phone. */
interface LongTask {
  /** The script it is attributed to, or "page" (the document: parsing, style, layout, paint) or "unattributed". */
  source: string;
  start: number;
  duration: number;
}

/** A main-thread task by its CPU time on this machine. */
interface CpuTask {
  start: number;
  cpu: number;
  cause: string;
}

interface LighthouseRun {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  beforeFirstPaint: number;
  /** Lighthouse's long tasks that start after its first contentful paint. */
  longTasks: LongTask[];
  /** Tasks after the observed first paint, by CPU time, that would last 50 ms or more at the slowdown. */
  cpuLongTasks: CpuTask[];
  benchmarkIndex: number;
  load: number;
}

interface Subject {
  dir: string;
  /** What the build is, for the tables. */
  role: string;
  hydrates: boolean;
  server?: RunningServer;
  origin: string;
}

const median = (values: number[]) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms = (value: number) => `${Math.round(value)} ms`;
const load1 = () => loadavg()[0]!;

interface NetworkItem {
  url: string;
  networkRequestTime?: number;
  rendererStartTime?: number;
  transferSize?: number;
}

/** Bytes of the requests that started before the observed first contentful paint (what the slow line carries before anything shows). */
function bytesBeforeFirstPaint(lhr: LighthouseResult): number {
  const metrics = (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaintTs?: number }[] } | undefined)?.items?.[0];
  const network = lhr.audits["network-requests"]?.details as { items?: NetworkItem[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const firstPaintTs = metrics?.observedFirstContentfulPaintTs;
  const networkStartTs = network?.debugData?.networkStartTimeTs;
  if (firstPaintTs === undefined || networkStartTs === undefined) throw new Error("Lighthouse gave no first paint or network start time");
  const firstPaint = (firstPaintTs - networkStartTs) / 1000;
  return sum(
    (network?.items ?? []).filter((item) => (item.networkRequestTime ?? item.rendererStartTime ?? Infinity) < firstPaint).map((item) => item.transferSize ?? 0),
  );
}

/** What Lighthouse blames a long task on: a script by its name, "page" for the document, or "unattributed". */
function sourceName(url: string, page: string): string {
  if (url === "Unattributable") return "unattributed";
  const path = new URL(url).pathname;
  if (path === new URL(page).pathname) return "page";
  return path.endsWith(".js") ? scriptName(url) : (path.split("/").pop() ?? path).replace(/-[\w-]{8}(\.\w+)$/, "$1");
}

/** Lighthouse's long tasks after its (simulated) first contentful paint, each with the script it blames. */
function longTasksAfterFirstPaint(lhr: LighthouseResult, page: string): LongTask[] {
  const fcp = lhr.audits["first-contentful-paint"]?.numericValue ?? 0;
  const items = (lhr.audits["long-tasks"]?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => item.startTime >= fcp)
    .map((item) => ({
      source: sourceName(item.url, page),
      start: item.startTime,
      duration: item.duration,
    }));
}

async function lighthouseRun(url: string, slowdown: number): Promise<LighthouseRun> {
  const load = load1();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
      { extends: "lighthouse:default", settings: { throttling: { cpuSlowdownMultiplier: slowdown } as never } },
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr, artifacts } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const trace = (artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace;
    const { firstPaint, tasks } = mainThreadTasks(trace.traceEvents);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      beforeFirstPaint: bytesBeforeFirstPaint(lhr),
      longTasks: longTasksAfterFirstPaint(lhr, url),
      cpuLongTasks: tasks
        .filter((task) => task.start >= firstPaint && task.cpu * slowdown >= 50)
        .map((task) => ({ start: task.start, cpu: task.cpu, cause: mainCause(task) })),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      load,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try again. */
async function withRetry<T>(what: string, attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= tries) throw error;
      console.warn(`${what}: retrying after ${(error as Error).message}`);
    }
  }
}

const key = (slowdown: number, dir: string, page: string) => `${slowdown}|${dir}|${page}`;
const lighthouseRuns = new Map<string, LighthouseRun[]>();
const inpRuns = new Map<string, (LabInpRun & { load: number })[]>();
/** CPU ms after the first paint at 1×, by page load: in script, and in all. */
const cpuRuns = new Map<string, { script: number; total: number }[]>();
const record = <T>(map: Map<string, T[]>, at: string, entry: T) => map.set(at, [...(map.get(at) ?? []), entry]);

const isScript = (source: string) => source.endsWith(".js");

/** The medians of one page of one build at one slowdown. */
function summary(slowdown: number, dir: string, page: string) {
  const list = lighthouseRuns.get(key(slowdown, dir, page)) ?? [];
  const taps = inpRuns.get(key(slowdown, dir, page)) ?? [];
  const m = (pick: (run: LighthouseRun) => number) => median(list.map(pick));
  return {
    performance: m((r) => r.performance),
    fcp: m((r) => r.fcp),
    lcp: m((r) => r.lcp),
    tbt: m((r) => r.tbt),
    cls: m((r) => r.cls),
    beforeFirstPaint: m((r) => r.beforeFirstPaint),
    scriptLongTasks: m((r) => r.longTasks.filter((t) => isScript(t.source)).length),
    otherLongTasks: m((r) => r.longTasks.filter((t) => !isScript(t.source)).length),
    longestScriptTask: m((r) => Math.max(0, ...r.longTasks.filter((t) => isScript(t.source)).map((t) => t.duration))),
    cpuLongTasks: m((r) => r.cpuLongTasks.length),
    longestCpuTask: m((r) => Math.max(0, ...r.cpuLongTasks.map((t) => t.cpu))),
    inp: median(taps.map((t) => t.inp)),
    inpDelay: median(taps.map((t) => t.worst?.inputDelay ?? 0)),
    idleTap: median(taps.map((t) => t.idle?.duration ?? 0)),
    index: m((r) => r.benchmarkIndex),
    scriptCpu: median((cpuRuns.get(`1|${dir}|${page}`) ?? []).map((r) => r.script)),
    totalCpu: median((cpuRuns.get(`1|${dir}|${page}`) ?? []).map((r) => r.total)),
    loads: [...list.map((r) => r.load), ...taps.map((t) => t.load)],
  };
}

const range = (values: number[]) => (values.length ? `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}` : "–");

function table(slowdown: number, subjects: Subject[]): string {
  const rows = pages.flatMap((page) =>
    subjects.map((subject) => {
      const s = summary(slowdown, subject.dir, page);
      const inp = withInp ? `${ms(s.inp)} (input delay ${ms(s.inpDelay)}) | ${ms(s.idleTap)}` : "– | –";
      return (
        `| \`${page}\` | \`${subject.dir}\` | ${s.performance} | ${seconds(s.fcp)} | ${seconds(s.lcp)} | ${ms(s.tbt)} | ${s.cls.toFixed(3)} | ` +
        `${s.scriptLongTasks} / ${s.otherLongTasks} | ${s.scriptLongTasks ? ms(s.longestScriptTask) : "–"} | ${s.cpuLongTasks} (${s.longestCpuTask.toFixed(1)} ms) | ${inp} | ${kib(s.beforeFirstPaint)} | ${range(s.loads)} |`
      );
    }),
  );
  return `| page | build | performance | FCP | LCP | TBT | CLS | long tasks after FCP: scripts / page | longest script task | CPU-time long tasks (longest, CPU ms) | lab INP | the tap on the idle page | before first paint | load average |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join("\n")}`;
}

/** What each build's long tasks after the first paint were, in the median run by TBT: the work the floor does not do. */
function taskNotes(slowdown: number, subjects: Subject[]): string {
  return pages
    .flatMap((page) =>
      subjects.map((subject) => {
        const list = lighthouseRuns.get(key(slowdown, subject.dir, page)) ?? [];
        const target = median(list.map((r) => r.tbt));
        const run = list.reduce((best, next) => (Math.abs(next.tbt - target) < Math.abs(best.tbt - target) ? next : best), list[0]!);
        const tasks = run.longTasks.map((t) => `${t.source} ${ms(t.duration)} at ${seconds(t.start)}`).join(", ") || "none";
        const cpu = run.cpuLongTasks.map((t) => `${t.cause} ${t.cpu.toFixed(1)} ms`).join(", ") || "none";
        return `- \`${page}\`, \`${subject.dir}\`: Lighthouse's long tasks after FCP: ${tasks}. By CPU time (×${slowdown} ≥ 50 ms): ${cpu}.`;
      }),
    )
    .join("\n");
}

const signed = (value: number, unit = "") => `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(Math.round(value))}${unit}`;

/** Each build against the copy of the same run: the differences, the ratio, and the CPU time after the first paint at 1×. */
function differenceTable(slowdown: number, subjects: Subject[], floor: Subject): string {
  const rows = pages.flatMap((page) => {
    const f = summary(slowdown, floor.dir, page);
    return subjects
      .filter((subject) => subject.hydrates)
      .map((subject) => {
        const s = summary(slowdown, subject.dir, page);
        const cpu = withTrace ? `${s.scriptCpu.toFixed(1)} ms | ${s.totalCpu.toFixed(1)} / ${f.totalCpu.toFixed(1)} ms` : "– | –";
        return `| \`${page}\` | \`${subject.dir}\` | ${ms(s.tbt)} / ${ms(f.tbt)} | ${signed(s.tbt - f.tbt, " ms")} | ${(s.tbt / Math.max(f.tbt, 1)).toFixed(2)}× | ${s.performance} / ${f.performance} | ${signed(s.performance - f.performance)} | ${cpu} |`;
      });
  });
  return `| page | build | TBT site / copy | TBT site − copy | ratio | performance site / copy | performance site − copy | script CPU after the first paint, 1× | all CPU after the first paint, site / copy, 1× |
|---|---|---:|---:|---:|---:|---:|---:|---:|
${rows.join("\n")}`;
}

/** The goals, page by page, against the floor of the same run: at 4× if it was measured, else at the slowest setting. */
function verdict(slowdown: number, subject: Subject, floor: Subject): string {
  const lines = pages.map((page) => {
    const s = summary(slowdown, subject.dir, page);
    const f = summary(slowdown, floor.dir, page);
    const checks: [string, boolean][] = [
      [`TBT site − copy ${signed(s.tbt - f.tbt, " ms")} (${ms(s.tbt)} against ${ms(f.tbt)}; at most +60 ms)`, s.tbt - f.tbt <= 60],
      [`performance ${s.performance} against ${f.performance} (within 2)`, s.performance >= f.performance - 2],
      ...(withTrace
        ? ([[`script CPU after the first paint at 1× ${s.scriptCpu.toFixed(1)} ms (at most 40 ms)`, s.scriptCpu <= 40]] as [string, boolean][])
        : []),
      ...(withInp
        ? ([[`lab INP ${ms(s.inp)} (< 200 ms; the same tap on the idle page: ${ms(s.idleTap)}, the floor's ${ms(f.idleTap)})`, s.inp < 200]] as [
            string,
            boolean,
          ][])
        : []),
    ];
    return `- \`${page}\`: ${checks.map(([text, ok]) => `${ok ? "met" : "**not met**"}: ${text}`).join("; ")}`;
  });
  return lines.join("\n");
}

/** The device class Lighthouse's throttling documentation gives for a benchmark index. */
function deviceClass(index: number): string {
  if (index < 125) return "a low-end phone";
  if (index < 800) return "a mid-tier phone";
  if (index < 1200) return "a high-end phone";
  return "a desktop";
}

function section(subjects: Subject[], loadBefore: number, loadAfter: number): string {
  const [subject, floor] = [subjects[0]!, subjects.find((s) => !s.hydrates)!];
  const slowest = Math.max(...slowdowns);
  const goalSetting = slowdowns.includes(4) ? 4 : slowest;
  // What the slowest setting makes of the outside probe's machine (benchmark index 1,260–2,380), and its device classes.
  const [issueLow, issueHigh] = [1260 / slowest, 2380 / slowest];
  const issueClasses = [...new Set([deviceClass(issueLow), deviceClass(issueHigh)])].join(" to ");
  const indexes = slowdowns.flatMap((slowdown) =>
    subjects.flatMap((s) => pages.flatMap((p) => (lighthouseRuns.get(key(slowdown, s.dir, p)) ?? []).map((r) => r.benchmarkIndex))),
  );
  const perSetting = slowdowns
    .map(
      (slowdown) => `### CPU ${slowdown}× slower

${table(slowdown, subjects)}

Against the copy of the same run:

${differenceTable(
  slowdown,
  subjects,
  subjects.find((s) => !s.hydrates)!,
)}

${taskNotes(slowdown, subjects)}`,
    )
    .join("\n\n");
  return `${start}
## Lighthouse and a lab INP, mobile, against a script-free copy (\`npm run bench:lighthouse\`)

Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse ${lighthouseVersion} (Node API, mobile: Moto G Power viewport, simulated slow
4G, the CPU slowdown of each table) and Debian's Chromium headless, against the real server on loopback; ${cpus().length} shared cores,
1-minute load average ${loadBefore.toFixed(1)} before the run and ${loadAfter.toFixed(1)} after it (each row gives the range met by its runs).
Builds: ${subjects.map((s) => `\`${s.dir}\` (${s.role})`).join(", ")}. Each page was measured ${runs} times per build and setting, the builds
one after the other for each page, so that all met the same machine load; the tables show the medians. Lighthouse meets
each page as a first-time visitor (the age gate's dialog is open); the lab INP's visitor has passed the gate.

**The slow setting.** Lighthouse's benchmark index of this machine was ${range(indexes)} in this run (median ${Math.round(median(indexes))});
it falls as the other jobs on these cores load them, so a slowdown derived from it would differ between two builds of one
run. The run therefore uses fixed slowdowns: ${slowdowns.map((slowdown) => `${slowdown}×`).join(" and ")} (Lighthouse's default is 4×). At ${slowest}×, the least loaded index of the
run (${Math.round(Math.max(...indexes))}) becomes ${Math.round(Math.max(...indexes) / slowest)}, ${deviceClass(Math.max(...indexes) / slowest)} in Lighthouse's documentation of its
benchmark index (mid-tier phones, a Moto G4 class: 125–800; Chrome DevTools' CPU calibration takes 264 for a low-tier phone
and 1,000 for a Pixel 5). On an unloaded core of a machine like the outside probe's (index 1,260–2,380), ${slowest}× gives
${Math.round(issueLow)}–${Math.round(issueHigh)}: ${issueClasses}.

**Columns.** "Long tasks after FCP" are Lighthouse's long tasks (50 ms or more, simulated at the slowdown) that start after
its first contentful paint, those it attributes to a script and those it attributes to the page itself or to nothing (HTML
parsing, style, layout, paint): only the second kind can happen in the script-free copy. "CPU-time long tasks" are the
tasks after the observed first paint whose CPU time on this machine, times the slowdown, is 50 ms or more: Lighthouse
multiplies each task's wall-clock length, which another job holding the core stretches; the CPU time is what the page
itself asked for. The lab INP is the median over the runs of the longest tap on the menu button while the page hydrates
(bench/lab-inp.ts), with the CPU slowed down the same, and how long the longest one waited for the main thread; each run
is a first visit, in a browser context of its own. "The tap on the idle page" is the median of one more tap that opens
the menu once the page has been idle for a second: what the tap costs with nothing else on the main thread.
"CPU after the first paint" is the main thread's CPU time in the tasks that start after the first paint, at full speed,
median of ${runs} first visits per build traced through the DevTools pipe (bench/page-trace.ts, as \`npm run bench:trace\`):
in script (the copy has none), and in all, next to the copy's.

${perSetting}

**Goals**, at ${goalSetting}×, \`${subject.dir}\` against \`${floor.dir}\` (the site's cost as a difference from the copy; the script CPU time after the first paint at 1×):

${verdict(goalSetting, subject, floor)}
${end}`;
}

function requireBuild(dir: string): void {
  if (existsSync(join(dir, "build-info.json"))) return;
  console.error(`No built site in ${dir}: run "npm run build" first (BUILD_DIR=${dir} for another folder).`);
  process.exit(1);
}

async function main() {
  for (const dir of [buildDir, ...otherDirs]) requireBuild(dir);
  const rewritten = makeScriptFreeCopy(buildDir, floorDir);
  console.log(`${floorDir}: ${rewritten} pages without body scripts`);
  const loadBefore = load1();
  const subjects: Subject[] = [
    { dir: buildDir, role: "the build", hydrates: true, origin: "" },
    { dir: floorDir, role: "its script-free copy, the floor", hydrates: false, origin: "" },
    ...otherDirs.map((dir) => ({ dir, role: "another build", hydrates: true, origin: "" })),
  ];
  let browser: CdpBrowser | undefined;
  try {
    for (const subject of subjects) {
      subject.server = await startServer({ buildDir: subject.dir, env: { LOG_LEVEL: "error" } });
      // The canonical and hreflang URLs of the build point at localhost (SITE_URL): measure on the same host.
      subject.origin = subject.server.url.replace("127.0.0.1", "localhost");
    }
    for (const slowdown of slowdowns) {
      for (let round = 1; round <= runs; round += 1) {
        for (const page of pages) {
          for (const subject of subjects) {
            const run = await withRetry(`${subject.dir} ${page}`, () => lighthouseRun(`${subject.origin}${page}`, slowdown));
            record(lighthouseRuns, key(slowdown, subject.dir, page), run);
            console.log(
              `${slowdown}× #${round} ${subject.dir} ${page}: load ${run.load.toFixed(1)}, index ${run.benchmarkIndex}, performance ${run.performance}, FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, TBT ${ms(run.tbt)}, ` +
                `long tasks ${run.longTasks.map((t) => `${t.source} ${ms(t.duration)}`).join(", ") || "none"}; CPU-time long tasks ${run.cpuLongTasks.length}`,
            );
          }
        }
      }
    }
    if (withTrace || withInp) browser = launchCdpBrowser(chromePath);
    if (withTrace) {
      for (let round = 1; round <= runs; round += 1) {
        for (const page of pages) {
          for (const subject of subjects) {
            const { thread } = await tracePage(browser!, `${subject.origin}${page}`);
            const after = cpuAfterFirstPaint(thread);
            const run = { script: after.causes.script ?? 0, total: after.total };
            record(cpuRuns, key(1, subject.dir, page), run);
            console.log(`CPU #${round} ${subject.dir} ${page}: after the first paint, script ${run.script.toFixed(1)} ms, in all ${run.total.toFixed(1)} ms`);
          }
        }
      }
    }
    if (withInp) {
      for (const slowdown of slowdowns) {
        for (let round = 1; round <= runs; round += 1) {
          for (const page of pages) {
            // The builds that hydrate first: the floor gets as many taps as the first of them needed.
            let taps: number | undefined;
            for (const subject of [...subjects].sort((a, b) => Number(b.hydrates) - Number(a.hydrates))) {
              const load = load1();
              const run = await measureLabInp(browser!, `${subject.origin}${page}`, { cpuSlowdown: slowdown, taps: subject.hydrates ? undefined : taps });
              taps ??= run.taps;
              record(inpRuns, key(slowdown, subject.dir, page), { ...run, load });
              console.log(
                `${slowdown}× INP #${round} ${subject.dir} ${page}: load ${load.toFixed(1)}, ${ms(run.inp)} (input delay ${ms(run.worst?.inputDelay ?? 0)}), ${run.taps} taps${run.hydratedAt ? `, hydrated at ${ms(run.hydratedAt)}` : ""}`,
              );
            }
          }
        }
      }
    }
  } finally {
    await browser?.close();
    await Promise.all(subjects.map((subject) => subject.server?.stop()));
  }
  const text = section(subjects, loadBefore, load1());
  console.log(`\n${text}`);
  if (!write) return;
  writeBenchmarkSection(docPath, text, { start, end });
}

await main();
