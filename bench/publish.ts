/**
 * `npm run bench:publish`: edit → live for one news item, through the real server and the real
 * publish (server/admin/content/publisher.ts running pipeline/publish-build.ts). A copy of the
 * content folder gets a new English title for one news item (saved as the editor saves, a git
 * commit), a publish is asked for, and the clock stops when `/news` served by the server shows the
 * new title. Writes the steps' times to docs/benchmarks.md. Run it twice for the steady state: the
 * first run on a machine also cuts the fonts and draws the summary sheets once (their stamps).
 * `npm run bench:publish -- <build>` starts the server on an earlier full build (as a live server
 * would be), whose compressed files the publish reuses where a file did not change; without it the
 * server starts on a one-page build and every file is compressed.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildServer } from "../server/app";
import { ContentRepository } from "../server/admin/content/repository";
import { contentType } from "../server/admin/content/types";
import { parseConfig } from "../server/config";
import { writeBenchmarkSection } from "./benchmarks-doc";

const docPath = "docs/benchmarks.md";
const start = "<!-- bench:publish:start -->";
const end = "<!-- bench:publish:end -->";

const contentDir = join(mkdtempSync(join(tmpdir(), "lescours-bench-content-")), "content");
cpSync("content", contentDir, { recursive: true, filter: (source) => !source.includes("__tests__") });
// The server starts on a one-page build; the publish replaces it.
const baseBuild = mkdtempSync(join(tmpdir(), "lescours-bench-build-"));
mkdirSync(join(baseBuild, "client"), { recursive: true });
mkdirSync(join(baseBuild, "errors", "en"), { recursive: true });
writeFileSync(join(baseBuild, "client", "index.html"), "<!DOCTYPE html><title>before</title>");
writeFileSync(join(baseBuild, "errors", "en", "notFound.html"), "<!DOCTYPE html><title>not found</title>");
writeFileSync(join(baseBuild, "build-info.json"), JSON.stringify({ snipcart: false, inlineScriptHashes: {} }));

const served = process.argv[2] ?? baseBuild;
const publishDir = mkdtempSync(join(process.cwd(), "build-bench-publish-"));
const app = await buildServer(
  parseConfig({ BUILD_DIR: served, DATA_DIR: mkdtempSync(join(tmpdir(), "lescours-bench-data-")), CONTENT_DIR: contentDir, LOG_LEVEL: "silent", RATE_LIMIT_MAX: "0" }),
  // Its own publish folder (inside the project, where a build can import the packages), removed at
  // the end: the project's build-published/ is what a live server would start on after a restart.
  { publishDir },
);
await app.ready();

/**
 * CPU seconds (user + system) of the child processes this one has waited for, all their own
 * children included (Linux: fields cutime and cstime of /proc/self/stat). On a shared machine the
 * wall-clock time depends on the others' load; the CPU time of the build much less.
 */
function childrenCpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  return (Number(fields[13]) + Number(fields[14])) / ticks;
}

const load = loadavg()[0]!.toFixed(2);
const cpuBefore = childrenCpuSeconds();
const news = contentType("news")!;
const repository = new ContentRepository(contentDir);
const item = JSON.parse(readFileSync(join(contentDir, "news", "harvest-2026.json"), "utf8")) as { title: Record<string, string> };
const title = `Harvest 2026, measured ${new Date().toISOString()}`;
const before = await repository.read(news, "harvest-2026");

const started = performance.now();
await repository.save(news, "harvest-2026", { ...item, title: { ...item.title, en: title } }, before!.version, { email: "bench@example.com" }, "Edit news/harvest-2026.json (benchmark)", () => []);
const saved = performance.now();
const job = app.contentPublisher.request("bench@example.com");
await app.contentPublisher.idle();
const page = await app.inject({ method: "GET", url: "/news" });
const live = performance.now();
const buildCpu = childrenCpuSeconds() - cpuBefore;
const loadAfter = loadavg()[0]!.toFixed(2);
await app.close();

if (job.status !== "done" || !page.body.includes(title)) {
  console.error(`bench:publish: the publish did not put the title live (${job.status})\n${job.error ?? ""}`);
  process.exit(1);
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const section = [
  start,
  "## Edit → live for one news item (`npm run bench:publish`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown"}), Node ${process.version}; 1-minute load average`,
  `${load} before the run and ${loadAfter} after it (other jobs share this machine: compare runs made at a similar load, or the`,
  "CPU time, which depends much less on the others). One news item's English title",
  "changed in a copy of `content/` and committed as the editor commits, then a publish through the real server: the",
  "build in a child process at `nice -n 10`, the switch, and `GET /news` answering with the new title.",
  served === baseBuild
    ? "The server started on a one-page build, so every file was compressed."
    : "The server started on an earlier full build, whose compressed files were reused for the files that did not change.",
  "",
  "| step | time |",
  "|---|---|",
  `| save (file written, git commit) | ${seconds(saved - started)} |`,
  // A step reads "pages (15078 ms)" or "fonts (unchanged, skipped)": its name, then its time or what happened.
  ...job.steps.map((step) => {
    const [, name = step, detail = ""] = /^(.*?) \((.*)\)$/.exec(step) ?? [];
    const time = /^(\d+) ms$/.exec(detail);
    return `| build: ${name.replace(/\|/g, "\\|")} | ${time ? seconds(Number(time[1])) : detail} |`;
  }),
  `| **edit → live** (save, build, switch, first answer) | **${seconds(live - started)}** |`,
  `| CPU time of the build (user + system, all its processes) | ${buildCpu.toFixed(1)} s |`,
  "",
  "What a content-only change needs rebuilt is in [performance.md](performance.md#publishing-from-the-editor).",
  end,
].join("\n");
writeBenchmarkSection(docPath, section, { start, end });
console.log(`bench:publish: edit → live in ${seconds(live - started)}, build CPU ${buildCpu.toFixed(1)} s, load ${load} → ${loadAfter} (${job.steps.join(", ")})`);
rmSync(publishDir, { recursive: true, force: true });
