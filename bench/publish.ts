/**
 * `npm run bench:publish`: the content editor's preview and publish of a one-item change, through
 * the real server and the real builds (server/admin/content/publisher.ts running
 * pipeline/publish-build.ts). A copy of the content folder gets a new English title for one news
 * item (saved as the editor saves, a git commit); a preview is asked for, and the clock stops when
 * the preview's `/news` shows the new title (edit → preview); then a publish, put online from that
 * preview, until `/news` served by the server shows it (preview → live). Writes the times, the steps
 * and the CPU time to docs/benchmarks.md.
 *
 * The server starts on the build `npm run build` made (`build/`, or `npm run bench:publish --
 * <build>`), whose kept server bundle (pipeline/renderer.ts) renders the pages of a quick build. With
 * `--full`, or on a build without a bundle, the preview builds the whole site instead (the path
 * a publish takes after a code change), for comparison.
 */
import "./scratch";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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

const args = process.argv.slice(2);
const full = args.includes("--full");
const served = args.find((arg) => !arg.startsWith("--")) ?? "build";
if (!existsSync(join(served, "build-info.json"))) {
  console.error(`bench:publish: no build at ${served}: run npm run build first`);
  process.exit(1);
}

const contentDir = join(mkdtempSync(join(tmpdir(), "lescours-bench-content-")), "content");
cpSync("content", contentDir, { recursive: true, filter: (source) => !source.includes("__tests__") });
// Its own publish folder (inside the project, where a build can import the packages), removed at
// the end: the project's build-published/ is what a live server would start on after a restart.
const publishDir = mkdtempSync(join(process.cwd(), "build-bench-publish-"));
// A copy of the build without its bundle when the whole site is to be built (`--full`).
const startOn = full ? mkdtempSync(join(process.cwd(), "build-bench-served-")) : served;
if (full) cpSync(served, startOn, { recursive: true, filter: (source) => !source.startsWith(join(served, "renderer")) });
const app = await buildServer(
  parseConfig({
    BUILD_DIR: startOn,
    DATA_DIR: mkdtempSync(join(tmpdir(), "lescours-bench-data-")),
    CONTENT_DIR: contentDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_MAX: "0",
  }),
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
await repository.save(
  news,
  "harvest-2026",
  { ...item, title: { ...item.title, en: title } },
  before!.version,
  { email: "bench@example.com" },
  "Harvest 2026: title changed (benchmark)",
  () => [],
);
const saved = performance.now();
const preview = app.contentPublisher.request("bench@example.com", { preview: true, items: ["news/harvest-2026"] });
await app.contentPublisher.idle();
const previewPage = preview.preview?.dir ? readFileSync(join(preview.preview.dir, "client", "news", "index.html"), "utf8") : "";
const previewed = performance.now();
const previewCpu = childrenCpuSeconds() - cpuBefore;
const publish = app.contentPublisher.request("bench@example.com", { items: ["news/harvest-2026"] });
await app.contentPublisher.idle();
const page = await app.inject({ method: "GET", url: "/news" });
const live = performance.now();
const loadAfter = loadavg()[0]!.toFixed(2);
await app.close();

if (preview.status !== "done" || !previewPage.includes(title) || publish.status !== "done" || !page.body.includes(title)) {
  console.error(
    `bench:publish: the title did not reach the preview and the live site (${preview.status}, ${publish.status})\n${preview.error ?? publish.error ?? ""}`,
  );
  process.exit(1);
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const quick = !preview.steps.some((step) => step.startsWith("full "));
const section = [
  start,
  "## A one-item change: edit → preview → live (`npm run bench:publish`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown"}), Node ${process.version}; 1-minute load average`,
  `${load} before the run and ${loadAfter} after it (other jobs share this machine: compare runs made at a similar load, or the`,
  "CPU time, which depends much less on the others). One news item's English title changed in a copy of `content/` and",
  "committed as the editor commits; a preview asked for through the real server (the build in a child process at",
  "`nice -n 10`), until its `/news` holds the new title; then a publish, which puts that preview online, until `GET /news`",
  "answers with it.",
  quick
    ? "The server started on `npm run build`'s build, whose kept server bundle rendered the pages (a quick build, `pipeline/quick-build.ts`)."
    : "The server started on a build without a kept bundle, so the preview built the whole site (as after a change of code; `--full`).",
  "",
  "| step | time |",
  "|---|---|",
  `| save (file written, git commit) | ${seconds(saved - started)} |`,
  // A step reads "render (1130 ms)", "summaries (skipped)" or "full (code)": its name, then its time or what happened.
  ...preview.steps.map((step) => {
    const [, name = step, detail = ""] = /^(.*?) \((.*)\)$/.exec(step) ?? [];
    const time = /^(\d+) ms$/.exec(detail);
    return `| preview: ${name.replace(/\|/g, "\\|")} | ${time ? seconds(Number(time[1])) : detail} |`;
  }),
  `| **edit → preview** (save, build, the changed pages listed) | **${seconds(previewed - started)}** |`,
  `| CPU time of the preview's build (user + system, all its processes) | ${previewCpu.toFixed(1)} s |`,
  `| preview → live (the preview put online, first answer) | ${seconds(live - previewed)} |`,
  `| **edit → live** | **${seconds(live - started)}** |`,
  "",
  "How the first preview of a one-item change stays under 30 s, and what a content change needs rebuilt: [performance.md](performance.md#publishing-from-the-editor).",
  end,
].join("\n");
writeBenchmarkSection(docPath, section, { start, end });
console.log(
  `bench:publish: edit → preview ${seconds(previewed - started)} (${quick ? "quick" : "whole site"}), preview CPU ${previewCpu.toFixed(1)} s, edit → live ${seconds(live - started)}, load ${load} → ${loadAfter} (${preview.steps.join(", ")})`,
);
rmSync(publishDir, { recursive: true, force: true });
if (full) rmSync(startOn, { recursive: true, force: true });
