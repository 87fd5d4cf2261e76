/**
 * `npm run bench:busy`: does `npm test` hold on a busy machine, as a newcomer runs it? The
 * repository's HEAD is cloned fresh into a temporary folder and installed (`npm install`, its
 * warnings counted); then, while one process per core burns it whole, `npm test` runs BENCH_RUNS
 * times in a row (3). Each run's outcome (the failed tests named), its time and the load average
 * seen go to docs/benchmarks.md between the `bench:busy` markers, with the date, the machine and
 * the commit. It takes about three times `npm test` on a busy machine, plus the install: run it
 * when nothing else is measured.
 *
 * A dry run of the script itself, on a small scale (printed, docs/benchmarks.md left alone):
 *
 *   BENCH_RUNS=1 BENCH_INSTALL=link BENCH_COMMAND="npx vitest run --project unit tests/lint-floors.test.ts" npm run bench:busy
 *
 * BENCH_COMMAND runs instead of `npm test`; BENCH_INSTALL=link gives the clone this checkout's
 * node_modules instead of installing; BENCH_BURNERS sets how many cores are kept busy (all).
 * Only committed work is cloned.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, symlinkSync } from "node:fs";
import { availableParallelism, cpus, loadavg, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { writeBenchmarkSection } from "./benchmarks-doc";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const command = process.env.BENCH_COMMAND ?? "npm test";
const linkModules = process.env.BENCH_INSTALL === "link";
const burners = Number(process.env.BENCH_BURNERS ?? availableParallelism());
const dryRun = process.env.BENCH_COMMAND !== undefined || linkModules || runs < 3;
const projectDir = new URL("..", import.meta.url).pathname;
const docPath = join(projectDir, "docs/benchmarks.md");
const markers = { start: "<!-- bench:busy:start -->", end: "<!-- bench:busy:end -->" };

/** The environment of the clone's commands: this one's, without what npm set for `npm run bench:busy` itself. */
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("npm_") && name !== "INIT_CWD"));

/** The command running now, in a process group of its own: stopped with everything it started on Ctrl-C. */
let current: ChildProcess | null = null;

/** Runs `bash -c script` in `cwd` with its output in `logFile`; resolves with its status and seconds. */
function timed(script: string, cwd: string, logFile: string): Promise<{ code: number | null; seconds: number }> {
  const began = performance.now();
  const log = openSync(logFile, "w");
  const child = spawn("bash", ["-c", script], { cwd, env: cleanEnv(), stdio: ["ignore", log, log], detached: true });
  current = child;
  return new Promise((resolve) => {
    child.on("close", (code) => {
      current = null;
      closeSync(log);
      resolve({ code, seconds: Math.round((performance.now() - began) / 1000) });
    });
  });
}

/** One process per core doing nothing but burning it, at the tests' own priority. */
function burn(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
}

/** The names of the tests a run's log says failed (Vitest's FAIL lines, Playwright's ✘ lines), at most ten. */
function failedTests(logFile: string): string[] {
  const lines = readFileSync(logFile, "utf8")
    .replace(/\x1b\[[0-9;]*m/g, "") // eslint-disable-line no-control-regex -- the terminal's colours
    .split("\n");
  const failed = lines
    .filter((line) => /^\s*(FAIL|✘|×)\s/.test(line))
    .map((line) =>
      line
        .trim()
        .replace(/\s+\d+ms$/, "")
        .replace(/\s+/g, " "),
    );
  return [...new Set(failed)].slice(0, 10);
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "lescours-busy-"));
  const clone = join(root, "clone");
  const cloned = spawnSync("git", ["clone", "--quiet", "--no-hardlinks", projectDir, clone], { encoding: "utf8" });
  if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: clone, encoding: "utf8" }).stdout.trim();
  console.log(`bench:busy: ${commit} cloned into ${clone}`);

  let install = "node_modules linked from this checkout (a dry run)";
  if (linkModules) symlinkSync(join(projectDir, "node_modules"), join(clone, "node_modules"));
  else {
    const log = join(root, "install.log");
    const { code, seconds } = await timed("npm install --no-audit --no-fund", clone, log);
    if (code !== 0) throw new Error(`npm install failed (exit ${code}): see ${log}`);
    const warnings = readFileSync(log, "utf8")
      .split("\n")
      .filter((line) => /^npm warn/i.test(line));
    install = `\`npm install\` ${seconds} s, ${warnings.length === 0 ? "no warning" : `${warnings.length} warning lines (${warnings[0]!.slice(0, 120)} …)`}`;
    console.log(`bench:busy: ${install}`);
  }

  const loads: number[] = [];
  const sample = setInterval(() => loads.push(loadavg()[0]!), 10_000);
  const burning = burn(burners);
  const stopBurning = () => {
    clearInterval(sample);
    for (const child of burning) child.kill("SIGKILL");
  };
  process.once("SIGINT", () => {
    stopBurning();
    if (current?.pid) process.kill(-current.pid, "SIGTERM");
    process.exit(130);
  });
  const results: { code: number | null; seconds: number; failed: string[] }[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const log = join(root, `run-${run}.log`);
      console.log(`bench:busy: run ${run} of ${runs}: ${command} (log: ${log})`);
      const { code, seconds } = await timed(command, clone, log);
      results.push({ code, seconds, failed: code === 0 ? [] : failedTests(log) });
      console.log(`bench:busy: run ${run}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds} s`);
    }
  } finally {
    stopBurning();
  }

  const cpu = cpus()[0]?.model.trim() ?? "unknown processor";
  const memory = Math.round(totalmem() / 1024 ** 3);
  const load = loads.length
    ? `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (mean ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1)}), sampled every 10 s`
    : "load average not sampled (the runs took less than 10 s)";
  const passed = results.filter((result) => result.code === 0).length;
  const section = [
    markers.start,
    "## `npm test` on a busy machine (`npm run bench:busy`)",
    "",
    `**${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC**, at \`${commit}\`, on a fresh clone: ${install}. Machine: ${availableParallelism()} × ${cpu}, ${memory} GB, Node ${process.versions.node}, Linux ${release()}. ` +
      `Load: ${burners} process${burners === 1 ? "" : "es"} burning a core each through every run (\`node -e "for (;;) {}"\`); ${load}. ` +
      `\`${command}\` ${runs} time${runs === 1 ? "" : "s"} in a row: **${passed} of ${runs} passed**.`,
    "",
    "| run | outcome | time |",
    "|---:|---|---:|",
    ...results.map(
      (result, i) =>
        `| ${i + 1} | ${result.code === 0 ? "passed" : `failed (exit ${result.code})${result.failed.length ? `: ${result.failed.map((name) => name.replace(/\|/g, "\\|")).join("; ")}` : ""}`} | ${result.seconds} s |`,
    ),
    markers.end,
  ].join("\n");
  if (dryRun) {
    console.log(`\n${section}\n\n(a dry run: docs/benchmarks.md is left alone; the clone and its logs are in ${root})`);
  } else {
    writeBenchmarkSection(docPath, section, markers);
    console.log(`\n${section}\n\nwritten to docs/benchmarks.md; the clone and its logs are in ${root}`);
  }
  if (passed < runs) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
