/**
 * `npm run bench:backup`: a backup taken while visitors book, and the restore's time. Against the
 * real server (child process, loopback, `build/` as built, rate limiting off, no mail), on a
 * database seeded with BENCH_ROWS (default 50,000) submissions and a copy of the content as a git
 * repository of its own, with a restic repository in a temporary folder:
 * 1. BENCH_CLIENTS (default 200) clients send tour booking requests (a worker thread of their
 *    own), each waiting BENCH_PAUSES ms after each answer (default "0,1000": a run without pause,
 *    then one where each client books about once a second), while 10 connections read a page,
 *    timed request by request;
 * 2. after BENCH_BASELINE seconds (default 8) `npm run backup` runs, as the schedule would;
 * 3. the page's p50/p99 during the backup against the same load before it; every booking
 *    acknowledged before the backup started is looked for in the snapshot (restored by restic);
 * 4. the recovery: `npm run restore -- <snapshot>` into empty folders, then the server started on
 *    them until /healthz answers (the recovery time the machine itself adds).
 * Writes the results to docs/benchmarks.md between the `bench:backup` markers.
 */
import "./scratch";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { startServer } from "../e2e/support/server";
import { databaseFileName, openDatabase } from "../server/db/database";
import { writeBenchmarkSection } from "./benchmarks-doc";

const rows = Number(process.env.BENCH_ROWS ?? 50_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 200);
const baselineSeconds = Number(process.env.BENCH_BASELINE ?? 8);
const pauses = (process.env.BENCH_PAUSES ?? "0,1000").split(",").map(Number);
const buildDir = process.env.BUILD_DIR ?? "build";
const page = "/wine-tours";
const docPath = "docs/benchmarks.md";
const start = "<!-- bench:backup:start -->";
const end = "<!-- bench:backup:end -->";

/** Runs a command; resolves with its status, output and time. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const began = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - began }));
  });
}

/** Seeds the database the way the API fills it (the inbox's triggers index every row): tour requests and contact messages, half and half. */
function seed(dataDir: string): void {
  const db = openDatabase(dataDir);
  const tour = db.prepare(
    "INSERT INTO tour_bookings (id, received_at, language, page, name, email, phone, guests, date, package, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const contact = db.prepare(
    "INSERT INTO contact_messages (id, received_at, language, page, name, email, phone, subject, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const message = "We would love to visit the estate with friends next spring, and taste the 2019 and 2020 vintages if we may.";
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const at = new Date(Date.parse("2025-01-01T00:00:00Z") + i * 60_000).toISOString();
      if (i % 2 === 0)
        tour.run(randomUUID(), at, "en", "/wine-tours", `Visitor ${i}`, `visitor${i}@example.org`, "+33 6 12 34 56 78", 4, "2027-06-12", "both", message);
      else contact.run(randomUUID(), at, "fr", "/fr/contact", `Visiteur ${i}`, `visiteur${i}@example.org`, null, "Visite", message);
    }
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

/** Makes the content folder a git repository of its own, as on the estate's server. */
async function commitAll(dir: string): Promise<void> {
  for (const args of [
    ["init", "-q"],
    ["add", "-A"],
    ["-c", "user.name=Estate", "-c", "user.email=estate@example.org", "-c", "commit.gpgSign=false", "commit", "-q", "-m", "The content"],
  ]) {
    const result = await run("git", ["-C", dir, ...args], process.env);
    if (result.code !== 0) throw new Error(`git ${args[0]}: ${result.stderr}`);
  }
}

/** The booking clients, in a thread of their own so that their work does not delay the page's timing. */
const clientsSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, clients, payload, pauseMs } = workerData;
let stopping = false;
parentPort.on("message", () => (stopping = true));
const acks = [];
const refused = {};
async function client(i) {
  for (let n = 0; !stopping; n++) {
    try {
      const response = await fetch(url + "/api/tour-bookings", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...payload, name: "Bench " + i + "-" + n }) });
      const body = await response.json();
      if (response.status === 201) acks.push([body.id, Date.now()]);
      else refused[response.status] = (refused[response.status] || 0) + 1;
    } catch {
      refused.network = (refused.network || 0) + 1;
    }
    if (pauseMs > 0 && !stopping) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
Promise.all(Array.from({ length: clients }, (_, i) => client(i))).then(() => parentPort.postMessage({ acks, refused }));
`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

interface LoadRun {
  pauseMs: number;
  snapshot: string;
  backupMs: number;
  perSecond: number;
  before: number[];
  during: number[];
  ackedBefore: number;
  missing: number;
  ackedDuring: number;
  duringIn: number;
  refused: Record<string, number>;
}

/**
 * One run: the booking clients and the page readers, a backup after the baseline, and the check
 * of its snapshot against the bookings acknowledged before it started.
 */
async function loadRun(
  url: string,
  options: { payload: object; pauseMs: number; commandEnv: NodeJS.ProcessEnv; restic: Record<string, string> },
): Promise<LoadRun> {
  const { payload, pauseMs, commandEnv, restic } = options;
  const worker = new Worker(clientsSource, { eval: true, workerData: { url, clients, payload, pauseMs } });
  const done = new Promise<{ acks: [string, number][]; refused: Record<string, number> }>((resolve) => worker.once("message", resolve));

  // Page readers: 10 connections, each request timed with its start.
  const timings: [number, number][] = [];
  let reading = true;
  const reader = async () => {
    while (reading) {
      const began = performance.now();
      const at = Date.now();
      const response = await fetch(`${url}${page}`);
      await response.arrayBuffer();
      if (response.status === 200) timings.push([at, performance.now() - began]);
    }
  };
  const readers = Promise.all(Array.from({ length: 10 }, reader));
  console.log(`${clients} booking clients (pause ${pauseMs} ms) and 10 page readers; ${baselineSeconds} s before the backup…`);
  const loadStart = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2000 + baselineSeconds * 1000));
  const backupStart = Date.now();
  const backup = await run("npm", ["run", "--silent", "backup"], commandEnv);
  const backupEnd = Date.now();
  if (backup.code !== 0) throw new Error(`npm run backup failed: ${backup.stderr}`);
  worker.postMessage("stop");
  const { acks, refused } = await done;
  reading = false;
  await readers;
  await worker.terminate();

  const window = (from: number, to: number) => timings.filter(([at]) => at >= from && at < to).map(([, ms]) => ms);
  const snapshot = /snapshot ([0-9a-f]{8})/.exec(backup.stdout)![1]!;
  // Every booking acknowledged before the backup started must be in its snapshot.
  const target = mkdtempSync(join(tmpdir(), "lescours-bench-snapshot-"));
  const restored = await run("restic", ["restore", snapshot, "--target", target, "--no-cache", "--quiet"], { ...process.env, ...restic });
  if (restored.code !== 0) throw new Error(`restic restore: ${restored.stderr}`);
  const copy = openDatabase(target, { readonly: true });
  const has = copy.prepare("SELECT 1 FROM tour_bookings WHERE id = ?");
  const ackedBefore = acks.filter(([, at]) => at < backupStart);
  const ackedDuring = acks.filter(([, at]) => at >= backupStart && at < backupEnd);
  const result: LoadRun = {
    pauseMs,
    snapshot,
    backupMs: backupEnd - backupStart,
    perSecond: acks.length / ((Date.now() - loadStart) / 1000),
    before: window(backupStart - baselineSeconds * 1000, backupStart),
    during: window(backupStart, backupEnd),
    ackedBefore: ackedBefore.length,
    missing: ackedBefore.filter(([id]) => !has.get(id)).length,
    ackedDuring: ackedDuring.length,
    duringIn: ackedDuring.filter(([id]) => has.get(id)).length,
    refused,
  };
  copy.close();
  rmSync(target, { recursive: true, force: true });
  return result;
}

async function main() {
  if (!existsSync(join(buildDir, "build-info.json"))) throw new Error(`No built site in ${buildDir}: run "npm run build" first.`);
  const load = loadavg()[0]!.toFixed(2);
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-bench-backup-"));
  const contentDir = join(mkdtempSync(join(tmpdir(), "lescours-bench-content-")), "content");
  cpSync("content", contentDir, { recursive: true, filter: (source) => !source.includes("__tests__") });
  await commitAll(contentDir);
  const repository = mkdtempSync(join(tmpdir(), "lescours-bench-restic-"));
  const restic = { RESTIC_REPOSITORY: repository, RESTIC_PASSWORD: "a benchmark password" };
  console.log(`seeding ${rows} submissions…`);
  seed(dataDir);
  const databaseBytes = statSync(join(dataDir, databaseFileName)).size;
  // The schedule stays out of the way: the backup is started by the benchmark.
  const env = { ...restic, CONTENT_DIR: contentDir, RATE_LIMIT_MAX: "0", SMTP_URL: "", LOG_LEVEL: "warn", BACKUP_INTERVAL_MINUTES: "1440" };
  const server = await startServer({ buildDir, dataDir, env });
  const commandEnv = { ...process.env, ...env, DATA_DIR: dataDir, npm_config_update_notifier: "false" };
  try {
    const payload = {
      language: "en",
      page: "/wine-tours",
      email: "bench@example.org",
      phone: "+33 6 12 34 56 78",
      guests: 2,
      date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      package: "both",
      message: "A benchmark booking.",
    };
    const results: LoadRun[] = [];
    for (const pauseMs of pauses) results.push(await loadRun(server.url, { payload, pauseMs, commandEnv, restic }));
    await server.stop();
    const snapshot = results.at(-1)!.snapshot;

    // The recovery: the restore into empty folders, then the server on them.
    const emptyData = join(mkdtempSync(join(tmpdir(), "lescours-bench-restored-")), "data");
    const emptyContent = join(mkdtempSync(join(tmpdir(), "lescours-bench-restored-")), "content");
    const restore = await run("npm", ["run", "--silent", "restore", "--", snapshot], { ...commandEnv, DATA_DIR: emptyData, CONTENT_DIR: emptyContent });
    if (restore.code !== 0) throw new Error(`npm run restore failed: ${restore.stderr}`);
    const startBegan = performance.now();
    const again = await startServer({ buildDir, dataDir: emptyData, env: { ...env, CONTENT_DIR: emptyContent } });
    const startMs = performance.now() - startBegan;
    await again.stop();

    const machine = {
      cores: availableParallelism(),
      cpu: cpus()[0]?.model.trim() ?? "unknown",
      node: process.version,
      date: new Date().toISOString().slice(0, 10),
    };
    const ms = (value: number) => `${Math.round(value)} ms`;
    const section = [
      start,
      "## A backup while visitors book, and the restore (`npm run bench:backup`)",
      "",
      `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, against the real server on loopback`,
      `(\`build/\`, rate limiting off, no mail), its database seeded with ${rows.toLocaleString("en")} submissions (${(databaseBytes / 1024 / 1024).toFixed(1)} MB) and the`,
      `content a git repository of its own, restic ${/restic ([\d.]+)/.exec((await run("restic", ["version"], process.env)).stdout)?.[1] ?? "?"} to a local folder; the 1-minute load average was ${load} before the run`,
      `(the ${clients} booking clients, in a worker thread, and the page readers share the two cores with the server and the backup).`,
      ...results.flatMap((result, i) => [
        "",
        `**Run ${i + 1}: ${clients} clients, each sending its next booking request ${result.pauseMs === 0 ? "as soon as the last is answered" : `${result.pauseMs} ms after the last is answered`}.**`,
        "",
        "| what | result |",
        "|---|---|",
        `| \`npm run backup\` meanwhile | ${ms(result.backupMs)} from the command to its end (the process's start, the online copy and its integrity check, the git bundle, restic, the retention${i === 0 ? ", the repository's first prune" : ""}) |`,
        `| booking requests acknowledged per second | ${Math.round(result.perSecond)} |`,
        `| \`GET ${page}\`, 10 connections, ${baselineSeconds} s before the backup | ${result.before.length} answers, p50 ${ms(percentile(result.before, 50))}, **p99 ${ms(percentile(result.before, 99))}** |`,
        `| the same during the backup | ${result.during.length} answers, p50 ${ms(percentile(result.during, 50))}, **p99 ${ms(percentile(result.during, 99))}** |`,
        `| bookings acknowledged (201) before the backup started | ${result.ackedBefore.toLocaleString("en")}, **${result.missing} missing** from the snapshot |`,
        `| bookings acknowledged while it ran | ${result.ackedDuring.toLocaleString("en")}, of which ${result.duringIn.toLocaleString("en")} in the snapshot (the copy is one moment during the run) |`,
        `| booking requests not acknowledged | ${
          Object.entries(result.refused)
            .map(([code, n]) => `${n} × ${code}`)
            .join(", ") || "none"
        } |`,
      ]),
      "",
      "**The recovery, from the last snapshot.**",
      "",
      "| what | result |",
      "|---|---|",
      `| \`npm run restore -- ${snapshot}\` into empty folders | ${ms(restore.ms)} (restic's restore, every file checked against the manifest, the database's integrity check, the git history fetched and checked out) |`,
      `| the server started on the restored folders, until \`/healthz\` answers | ${ms(startMs)} |`,
      "",
      results.every((result) => result.missing === 0)
        ? "Every booking acknowledged before a backup started is in its snapshot."
        : "**Acknowledged bookings are missing from a snapshot**: the backup is not consistent.",
      end,
    ].join("\n");
    writeBenchmarkSection(docPath, section, { start, end });
    console.log(section);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
