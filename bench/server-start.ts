/**
 * `npm run bench:start`: the production server compiled ahead (`build-server/main.js`, what `npm
 * start` runs) against the same server from its sources through tsx (how it ran before), started
 * alternately BENCH_RUNS times each (default 5) on a fresh DATA_DIR: the time from spawning node
 * to the server's own "listening" line, and its resident memory once `/healthz` has answered.
 * Writes the medians to docs/benchmarks.md between the `bench:start` markers.
 */
import "./scratch";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../e2e/support/server";
import { writeBenchmarkSection } from "./benchmarks-doc";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const docPath = "docs/benchmarks.md";
const markers = { start: "<!-- bench:start:start -->", end: "<!-- bench:start:end -->" };
const variants = {
  compiled: ["build-server/main.js"],
  tsx: ["--import", "tsx", "server/main.ts"],
} as const;

/** Resident memory of a process in MB, from /proc. */
const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

async function startOnce(args: readonly string[]): Promise<{ ms: number; mb: number }> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [...args], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: mkdtempSync(join(tmpdir(), "lescours-start-")), LOG_LEVEL: "info", SMTP_URL: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const ms = await new Promise<number>((resolve, reject) => {
      let output = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
        if (output.includes("Server listening")) resolve(performance.now() - began);
      });
      child.once("exit", (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
    });
    await fetch(`http://127.0.0.1:${port}/healthz`);
    return { ms, mb: residentMb(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (!existsSync("build-server/main.js")) throw new Error('No compiled server: run "node scripts/build-server.mjs" (npm start and npm run build do) first.');
  const load = loadavg()[0]!.toFixed(2);
  const results: Record<keyof typeof variants, { ms: number[]; mb: number[] }> = { compiled: { ms: [], mb: [] }, tsx: { ms: [], mb: [] } };
  for (let i = 0; i < runs; i++) {
    for (const name of Object.keys(variants) as (keyof typeof variants)[]) {
      const { ms, mb } = await startOnce(variants[name]);
      results[name].ms.push(ms);
      results[name].mb.push(mb);
      console.log(`${name}: listening after ${Math.round(ms)} ms, ${mb.toFixed(1)} MB`);
    }
  }
  const row = (name: keyof typeof variants, label: string) =>
    `| ${label} | ${Math.round(median(results[name].ms))} ms (${Math.round(Math.min(...results[name].ms))}–${Math.round(Math.max(...results[name].ms))}) | ${median(results[name].mb).toFixed(1)} MB |`;
  const section = [
    markers.start,
    "## The production server's start (`npm run bench:start`)",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown"}), Node ${process.version}; the 1-minute load`,
    `average was ${load} before the run. Each variant started ${runs} times, alternating, on a fresh \`DATA_DIR\`, no mail: from spawning node to`,
    'the server\'s own "listening" line, and its resident memory once `/healthz` has answered (medians, range in brackets).',
    "",
    "| server | listening after | resident memory |",
    "|---|---|---|",
    row("compiled", "compiled ahead, `node build-server/main.js` (what `npm start` runs)"),
    row("tsx", "from the sources through tsx, `node --import tsx server/main.ts` (before)"),
    markers.end,
  ].join("\n");
  writeBenchmarkSection(docPath, section, markers);
  console.log(`written to ${docPath}`);
}

await main();
