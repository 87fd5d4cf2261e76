/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile, simulated throttling) against the real server
 * (child process on loopback, `build/` as built), three runs on each of four pages, and the
 * medians (category scores, FCP, LCP, TBT, CLS, bytes) written to docs/benchmarks.md between the
 * `bench:lighthouse` markers (the file's other sections are left alone).
 *
 * Lighthouse meets every page as a first-time visitor: the age gate is open (its session flag
 * cannot be set beforehand), so the hero video never starts and the gate's dialog is on screen.
 *
 * Needs a built site (`npm run build`) and Chromium (CHROME_PATH, default /usr/bin/chromium).
 * Options (environment): BENCH_RUNS (default 3), BENCH_PAGES (comma-separated paths).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer } from "../e2e/support/server";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const pages = (process.env.BENCH_PAGES ?? "/,/shop/chateau-2020,/fr/wine-tours,/ja/news").split(",");
const buildDir = process.env.BUILD_DIR ?? "build";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const docPath = "docs/benchmarks.md";
const start = "<!-- bench:lighthouse:start -->";
const end = "<!-- bench:lighthouse:end -->";
const lighthouseVersion = (createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version;

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

interface Run {
  scores: Record<(typeof categories)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  lcpElement: string;
  failed: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function audit(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const lcpItems = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)
      ?.items?.[0]?.items;
    const failed = Object.values(lhr.categories)
      .filter((category) => category.id !== "performance")
      .flatMap((category) => category.auditRefs.map((ref) => lhr.audits[ref.id]!).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual"))
      .map((a) => a.id);
    return {
      scores: Object.fromEntries(categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Run["scores"],
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      bytes: value("total-byte-weight"),
      lcpElement: lcpItems?.[0]?.node?.snippet ?? "",
      failed: [...new Set(failed)],
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try again. */
async function auditWithRetry(url: string, tries = 3): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt >= tries) throw error;
      console.warn(`retrying after: ${(error as Error).message}`);
    }
  }
}

/** Which goals the medians met, said plainly. */
function verdict(results: Map<string, Run[]>): string {
  const all = [...results.values()];
  const medians = (pick: (run: Run) => number) => all.map((list) => median(list.map(pick)));
  const checks: [string, boolean][] = [
    ["performance ≥ 99", medians((r) => r.scores.performance).every((v) => v >= 99)],
    ["accessibility 100", medians((r) => r.scores.accessibility).every((v) => v === 100)],
    ["best practices 100", medians((r) => r.scores["best-practices"]).every((v) => v === 100)],
    ["SEO 100", medians((r) => r.scores.seo).every((v) => v === 100)],
    ["LCP ≤ 1.2 s", medians((r) => r.lcp).every((v) => v <= 1200)],
    ["TBT ≤ 30 ms", medians((r) => r.tbt).every((v) => v <= 30)],
    ["CLS ≤ 0.01", medians((r) => r.cls).every((v) => v <= 0.01)],
  ];
  const met = checks.filter(([, ok]) => ok).map(([goal]) => goal);
  const missed = checks.filter(([, ok]) => !ok).map(([goal]) => goal);
  return `Reached on every page: ${met.join(", ") || "none"}. **Not reached: ${missed.join(", ") || "none"}.**`;
}

/** Why the simulated paint times are what they are (docs/performance.md has the byte counts). */
const limits = `What holds FCP and LCP at about 2.1–2.5 s: Lighthouse's simulation (Lantern) estimates the first paint from
every request that starts before the page first paints in the real (unthrottled) load, and shares 1.6 Mbit/s between
them. React Router writes \`modulepreload\` links for all of a page's JavaScript into \`<head>\`, so the framework
(about 100 KB brotli), the fonts and the poster all start with the stylesheet and count towards the first paint,
although only the HTML and 8 KB of CSS block rendering. The LCP image itself is small (the home
poster is 11 KB of AVIF, preloaded, requested first) and is ready before the first paint; LCP then waits for FCP.
Reaching 1.2 s would mean sending the framework after the first paint (a smaller framework, or no module preloading),
which this build does not do. On the real, unthrottled load the first paint comes at about 0.2 s.`;

function section(results: Map<string, Run[]>, load: string): string {
  const rows = [...results].map(([path, list]) => {
    const m = (pick: (run: Run) => number) => median(list.map(pick));
    const failed = [...new Set(list.flatMap((run) => run.failed))];
    const lcpElement = list.map((run) => run.lcpElement).find(Boolean) ?? "";
    return {
      line: `| \`${path}\` | ${categories.map((id) => m((run) => run.scores[id])).join(" | ")} | ${(m((r) => r.fcp) / 1000).toFixed(2)} s | ${(m((r) => r.lcp) / 1000).toFixed(2)} s | ${Math.round(m((r) => r.tbt))} ms | ${m((r) => r.cls).toFixed(3)} | ${(m((r) => r.bytes) / 1024).toFixed(0)} KiB |`,
      notes: [
        `- \`${path}\`: performance scores ${list.map((run) => run.scores.performance).join(", ")}; LCP element \`${lcpElement.replace(/\s+/g, " ").slice(0, 110)}\`${failed.length ? `; audits below 100: ${failed.join(", ")}` : ""}`,
      ],
    };
  });
  const goals = "performance ≥ 99, accessibility 100, best practices 100, SEO 100, LCP ≤ 1.2 s, TBT ≤ 30 ms, CLS ≤ 0.01";
  return `${start}
## Lighthouse, mobile (\`npm run bench:lighthouse\`)

Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse ${lighthouseVersion} (Node API, default mobile settings: Moto G
Power viewport, simulated slow 4G and 4× CPU slowdown), Debian's Chromium headless, against the real server on loopback
serving \`build/\`; ${cpus().length} cores, 1-minute load average ${load} before the run. Each page was measured ${runs} times;
the table shows the medians.

Lighthouse meets each page as a **first-time visitor**: the age gate's dialog is open (its session flag cannot be set
beforehand), so the hero video never starts and the gate's text is on screen. Scores vary by a few points from run to run
on these shared cores.

| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | bytes |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.map((row) => row.line).join("\n")}

${rows.flatMap((row) => row.notes).join("\n")}

Goals: ${goals}.

${verdict(results)}

${limits}
${end}`;
}

async function main() {
  if (!existsSync(join(buildDir, "build-info.json"))) {
    console.error(`No built site in ${buildDir}: run "npm run build" first.`);
    process.exit(1);
  }
  const load = loadavg()[0]!.toFixed(2);
  const server = await startServer({ buildDir, env: { LOG_LEVEL: "error" } });
  // The canonical and hreflang URLs of the build point at localhost (SITE_URL): measure on the same host.
  const origin = server.url.replace("127.0.0.1", "localhost");
  const results = new Map<string, Run[]>();
  try {
    for (const path of pages) {
      const list: Run[] = [];
      for (let i = 0; i < runs; i += 1) {
        const run = await auditWithRetry(`${origin}${path}`);
        console.log(
          `${path} #${i + 1}: ${categories.map((id) => `${id} ${run.scores[id]}`).join(", ")}; FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, ${(run.bytes / 1024).toFixed(0)} KiB${run.failed.length ? `; below 100: ${run.failed.join(", ")}` : ""}`,
        );
        list.push(run);
      }
      results.set(path, list);
    }
  } finally {
    await server.stop();
  }
  const text = section(results, load);
  const doc = existsSync(docPath) ? readFileSync(docPath, "utf8") : "# Benchmarks\n";
  const next =
    doc.includes(start) && doc.includes(end)
      ? doc.slice(0, doc.indexOf(start)) + text + doc.slice(doc.indexOf(end) + end.length)
      : `${doc.trimEnd()}\n\n${text}\n`;
  writeFileSync(docPath, next);
  console.log(`\n${text}`);
}

await main();
