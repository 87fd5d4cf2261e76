/**
 * `npm run bench:instances`: tour bookings per second and their latency on the three ways the
 * server runs, under the same load, each as production runs it: the compiled server
 * (`build-server/main.js`, `build/` as built) behind Debian's nginx with the project's own
 * configuration (TLS ended there):
 * 1. one instance on SQLite in its DATA_DIR (deploy/nginx.conf);
 * 2. one instance on PostgreSQL (deploy/nginx.conf);
 * 3. two instances on that PostgreSQL, sharing DATA_DIR (deploy/nginx-two.conf);
 * each twice: as shipped, then, to tell nginx's share of the tail from the database's, with nginx
 * keeping 256 idle connections to the servers instead of the 16 deploy/nginx.conf keeps.
 * PostgreSQL is a throwaway cluster of Debian's packages (tests/support/postgres.ts) made durable as
 * production is (fsync, synchronous commit and full-page writes on), one new database per
 * configuration; SQLite keeps the server's own settings (WAL, `synchronous=FULL`).
 *
 * The load: BENCH_CLIENTS (default 200) clients in a worker thread, each on a keep-alive HTTPS
 * connection of its own, each sending its next booking as soon as the last is answered, for
 * BENCH_WARMUP seconds (default 3, not counted) and BENCH_DURATION seconds (default 25). Every
 * booking is one guest through `POST /api/tour-bookings` for a time of the schedule (the next
 * 186 days' times of the three packages, each raised to the schedule's largest capacity, 50, so
 * that the run books rather than refuses). The clients go five to a lane; a lane books its time
 * until the time is full (409), then moves to its next one, so the last places of every time are
 * asked for by five clients at once, spread over both instances by nginx.
 *
 * Checked after each run, failing loudly: the database holds exactly the acknowledged bookings
 * (each 201's booking stored, for the visitor who asked; no booking stored that was refused; a
 * request nginx gave up on, 502 or 504, or that got no answer, may or may not be: counted and shown), no
 * time holds more than its capacity, and every time that refused a visitor as full holds exactly its
 * capacity. Writes the results to docs/benchmarks.md between the `bench:instances` markers.
 */
import "./scratch";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { nginxPorts, startNginx, type RunningNginx } from "../e2e/support/nginx";
import { freePort, startServer, type RunningServer } from "../e2e/support/server";
import { addDays, localOf } from "../server/bookings/paris-time";
import { openDatabase, type Db } from "../server/db/database";
import { openPostgresAt } from "../server/startup";
import { postgresBin, startCluster, type TestCluster } from "../tests/support/postgres";
import { writeBenchmarkSection } from "./benchmarks-doc";

const clients = Number(process.env.BENCH_CLIENTS ?? 200);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 25);
const buildDir = process.env.BUILD_DIR ?? "build";
/** nginx's idle connections to the server in the run that compares it with the shipped configuration's. */
const keepaliveVariant = 256;
/** Clients per lane: how many ask for a time's last places at once. */
const perLane = 5;
/** The schedule's largest capacity (migrations: `capacity BETWEEN 1 AND 50`). */
const capacity = 50;
const docPath = "docs/benchmarks.md";
const start = "<!-- bench:instances:start -->";
const end = "<!-- bench:instances:end -->";

/** One booking attempt as the clients saw it. */
type Attempt = {
  client: number;
  n: number;
  /** The time asked for (its `start`). */
  slot: string;
  package: string;
  /** The HTTP status, or 0 when no answer came (a network error). */
  status: number;
  /** The booking's id, for a 201. */
  id: string | null;
  /** When it was sent, ms from the load's start, and how long its answer took. */
  at: number;
  ms: number;
};

/**
 * The clients, in a thread of their own: each books one guest at a time for its lane's time, and
 * moves its lane to the next time when that one answers 409 (full).
 */
const clientsSource = `
const { parentPort, workerData } = require("node:worker_threads");
const https = require("node:https");
const { host, port, ca, clients, perLane, lanes } = workerData;
const agent = new https.Agent({ keepAlive: true, maxSockets: clients, ca });
let stopping = false;
parentPort.on("message", () => (stopping = true));
const position = lanes.map(() => 0);
const attempts = [];
const began = performance.now();
function post(body) {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = https.request(
      { host: "127.0.0.1", servername: "localhost", port, path: "/api/tour-bookings", method: "POST", agent,
        headers: { host, "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", () => resolve({ status: 0, body: "" }));
      },
    );
    req.on("error", () => resolve({ status: 0, body: "" }));
    req.end(payload);
  });
}
async function client(c) {
  const lane = c % lanes.length;
  for (let n = 0; !stopping; n++) {
    const index = position[lane];
    const time = lanes[lane][index];
    if (!time) return;
    const at = performance.now() - began;
    const answer = await post({ language: "en", page: "/wine-tours", name: "Bench " + c + "-" + n, email: "bench-" + c + "-" + n + "@example.com",
      guests: 1, package: time.package, slot: time.start });
    let id = null;
    if (answer.status === 201) id = JSON.parse(answer.body).id;
    if (answer.status === 409 && position[lane] === index) position[lane] = index + 1;
    attempts.push({ client: c, n, slot: time.start, package: time.package, status: answer.status, id, at, ms: performance.now() - began - at });
  }
}
Promise.all(Array.from({ length: clients }, (_, c) => client(c))).then(() => {
  agent.destroy();
  parentPort.postMessage({ attempts, lanesLeft: position.filter((p, l) => p < lanes[l].length).length });
});
`;

interface Time {
  package: string;
  start: string;
}

/** A configuration's servers behind nginx, and its database opened to check it. */
interface Running {
  nginx: RunningNginx;
  servers: RunningServer[];
  nginxPid: number;
  /** PostgreSQL's postmaster, whose children are the backends. */
  postgresPid?: number;
  openDb: () => Db;
  stop: () => Promise<void>;
}

interface Result {
  name: string;
  acknowledgedPerSecond: number;
  answeredPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  counts: Record<string, number>;
  acknowledged: number;
  timesFilled: number;
  lanesLeft: number;
  /** Requests (over the whole run) with no answer or nginx's 502/504, and how many of them were booked all the same. */
  unknownOutcome: number;
  unknownStored: number;
  /** CPU time of each part during the measured window, ms. */
  cpu: Record<Part, number>;
  loadBefore: string;
  loadAfter: string;
  check: string[];
}

/** Clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
/** The 1-, 5- and 15-minute load averages, as `uptime` prints them. */
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** A process and its descendants (nginx's workers, PostgreSQL's backends), from /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone since the listing.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** CPU time (user and system, every thread) of the processes, in ms; one gone meanwhile counts nothing. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}

/** CPU time per part of the run, in ms: the load generator (this process and its worker), nginx, the servers, PostgreSQL. */
function cpuByPart(running: Running): Record<Part, number> {
  return {
    clients: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    nginx: cpuMs(processTree(running.nginxPid)),
    servers: cpuMs(running.servers.map((server) => server.process.pid!)),
    postgres: running.postgresPid ? cpuMs(processTree(running.postgresPid)) : 0,
  };
}

type Part = "clients" | "nginx" | "servers" | "postgres";
const parts: Part[] = ["clients", "nginx", "servers", "postgres"];

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
const loads = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

/** The idle connections to the server each nginx worker keeps per upstream, as deploy/nginx.conf ships it. */
const shippedKeepalive = Number(/^\s*keepalive (\d+);/m.exec(readFileSync("deploy/nginx.conf", "utf8"))?.[1]);

/**
 * deploy/nginx.conf or deploy/nginx-two.conf as the bench runs it: the connections allowed per
 * address raised from 64 to 1024, as the 200 clients all come from 127.0.0.1 (visitors come from
 * as many addresses); `keepalive`, when given, instead of the upstreams' own; the rest as shipped.
 */
function benchNginxConfig(file: string, keepalive?: number): string {
  let config = readFileSync(file, "utf8");
  if (!/limit_conn lescours_per_address 64;/.test(config))
    throw new Error(`${file} no longer limits an address to 64 connections: the bench must learn its new shape`);
  config = config.replace("limit_conn lescours_per_address 64;", "limit_conn lescours_per_address 1024;");
  if (keepalive !== undefined) config = config.replace(/^(\s*keepalive )\d+;/gm, `$1${keepalive};`);
  const copy = join(mkdtempSync(join(tmpdir(), "lescours-bench-nginx-")), "site.conf");
  writeFileSync(copy, config);
  return copy;
}

/** Raises every package's capacity to the schedule's largest, before the servers start (they read the schedule at start). */
function raiseCapacity(db: Db): void {
  db.prepare("UPDATE tour_package_settings SET capacity = ?").run(capacity);
  db.close();
}

interface InstancesOptions {
  count: number;
  dataDir: string;
  databaseUrl?: string;
  postgresPid?: number;
  /** nginx's idle connections to the servers, instead of the shipped configuration's. */
  keepalive?: number;
  openDb: () => Db;
}

/** Starts `count` instances on one database (SQLite in `dataDir` when `databaseUrl` is absent), behind nginx. */
async function startInstances(options: InstancesOptions): Promise<Running> {
  const ports = await nginxPorts();
  const env: Record<string, string> = {
    RATE_LIMIT_MAX: "0",
    SMTP_URL: "",
    // The 503s of a busy database are logged as warnings, one a request: errors only.
    LOG_LEVEL: "error",
    TRUST_PROXY: "127.0.0.1",
    SITE_URL: `https://localhost:${ports.httpsPort}`,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const servers: RunningServer[] = [];
  const instancePorts: number[] = [];
  try {
    // One after the other: the first migrates a new database, the second finds it migrated.
    for (let i = 0; i < options.count; i++) {
      const port = await freePort();
      servers.push(await startServer({ buildDir, dataDir: options.dataDir, env, port }));
      instancePorts.push(port);
    }
    const nginx = await startNginx({
      upstream: options.count === 1 ? instancePorts[0]! : instancePorts,
      ports,
      config: benchNginxConfig(options.count === 1 ? "deploy/nginx.conf" : "deploy/nginx-two.conf", options.keepalive),
      workerProcesses: "auto",
    });
    const stop = async () => {
      await nginx.stop();
      await Promise.all(servers.map((server) => server.stop()));
    };
    const nginxPid = Number(readFileSync(join(nginx.dir, "nginx.pid"), "utf8").trim());
    return { nginx, servers, nginxPid, postgresPid: options.postgresPid, openDb: options.openDb, stop };
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
}

/** The times of the three packages from two days ahead, 186 days of them, each with all its places. */
async function timesOf(url: string): Promise<Time[]> {
  const first = addDays(localOf(new Date()).date, 2);
  const times: Time[] = [];
  for (const pkg of ["hermitage", "mongiron", "both"]) {
    for (const from of [first, addDays(first, 93)]) {
      const answer = (await (await fetch(`${url}/api/tours/availability?package=${pkg}&from=${from}&to=${addDays(from, 92)}`)).json()) as {
        slots: { start: string; capacity: number; placesLeft: number }[];
      };
      for (const slot of answer.slots) if (slot.capacity === capacity && slot.placesLeft === capacity) times.push({ package: pkg, start: slot.start });
    }
  }
  // In time order, the packages mixed: lane l books times l, l + lanes, l + 2 × lanes…
  return times.sort((a, b) => a.start.localeCompare(b.start) || a.package.localeCompare(b.package));
}

/** The load on one configuration, then the check of its database against what the clients were told. */
async function measure(name: string, running: Running): Promise<Result> {
  const times = await timesOf(running.servers[0]!.url);
  const laneCount = Math.ceil(clients / perLane);
  const lanes = Array.from({ length: laneCount }, (_, l) => times.filter((_, i) => i % laneCount === l));
  const { httpsPort, caFile } = running.nginx;
  const loadBefore = loads();
  console.log(`${name}: ${clients} clients over ${times.length} times, ${warmupSeconds} + ${durationSeconds} s…`);
  const worker = new Worker(clientsSource, {
    eval: true,
    workerData: { host: `localhost:${httpsPort}`, port: httpsPort, ca: readFileSync(caFile, "utf8"), clients, perLane, lanes },
  });
  const done = new Promise<{ attempts: Attempt[]; lanesLeft: number }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await new Promise((resolve) => setTimeout(resolve, warmupSeconds * 1000));
  const cpuBefore = cpuByPart(running);
  await new Promise((resolve) => setTimeout(resolve, durationSeconds * 1000));
  const cpuAfter = cpuByPart(running);
  const cpu = Object.fromEntries(parts.map((part) => [part, cpuAfter[part] - cpuBefore[part]])) as Record<Part, number>;
  const loadAfter = loads();
  worker.postMessage("stop");
  const { attempts, lanesLeft } = await done;
  await worker.terminate();

  // Rates and latency: the attempts sent after the warm-up and before the stop.
  const measured = attempts.filter((attempt) => attempt.at >= warmupSeconds * 1000 && attempt.at < (warmupSeconds + durationSeconds) * 1000);
  const latencies = measured.map((attempt) => attempt.ms).sort((a, b) => a - b);
  const counts: Record<string, number> = {};
  for (const attempt of measured) {
    const label = attempt.status === 0 ? "no answer" : String(attempt.status);
    counts[label] = (counts[label] ?? 0) + 1;
  }

  // The database against what every client was told, over the whole run (warm-up included).
  const problems: string[] = [];
  const db = running.openDb();
  const stored = db
    .prepare(
      `SELECT s.booking_id AS id, s.package AS package, s.slot_date AS date, s.slot_time AS time, s.guests AS guests, s.status AS status, b.email AS email
       FROM tour_slot_bookings s JOIN tour_bookings b ON b.id = s.booking_id`,
    )
    .all() as { id: string; package: string; date: string; time: string; guests: number; status: string; email: string }[];
  const submissions = (db.prepare("SELECT count(*) AS n FROM tour_bookings").get() as { n: number | string }).n;
  db.close();
  const byEmail = new Map(attempts.map((attempt) => [`bench-${attempt.client}-${attempt.n}@example.com`, attempt]));
  const storedIds = new Set(stored.map((row) => row.id));
  const acknowledged = attempts.filter((attempt) => attempt.status === 201);
  const missing = acknowledged.filter((attempt) => !storedIds.has(attempt.id!));
  if (missing.length > 0) problems.push(`${missing.length} acknowledged bookings missing from the database`);
  // No answer, or nginx's 502 or 504 (it gave up on the server): the visitor cannot know whether the booking was made.
  const unknown = (status: number) => status === 0 || status === 502 || status === 504;
  const unknownOutcome = attempts.filter((attempt) => unknown(attempt.status)).length;
  let unknownStored = 0;
  for (const row of stored) {
    const attempt = byEmail.get(row.email);
    if (!attempt) problems.push(`a booking no client asked for: ${row.id} (${row.email})`);
    else if (unknown(attempt.status)) unknownStored++;
    else if (attempt.status !== 201 || attempt.id !== row.id) problems.push(`${row.email} was answered ${attempt.status} yet its booking ${row.id} is stored`);
    else if (`${row.date}T${row.time}` !== attempt.slot.slice(0, 16) || row.package !== attempt.package)
      problems.push(`${row.email} booked ${attempt.package} ${attempt.slot}, stored ${row.package} ${row.date} ${row.time}`);
    else if (row.status !== "confirmed") problems.push(`${row.email}'s booking is ${row.status}, not confirmed`);
  }
  if (Number(submissions) !== stored.length) problems.push(`${submissions} submissions stored for ${stored.length} bookings`);
  // Places per time: never more than the capacity; exactly the capacity once a visitor was refused as full.
  const held = new Map<string, number>();
  for (const row of stored) held.set(`${row.package} ${row.date}T${row.time}`, (held.get(`${row.package} ${row.date}T${row.time}`) ?? 0) + row.guests);
  const key = (attempt: Attempt) => `${attempt.package} ${attempt.slot.slice(0, 16)}`;
  for (const [time, places] of held) if (places > capacity) problems.push(`${time} oversold: ${places} places for ${capacity}`);
  const refusedTimes = new Set(attempts.filter((attempt) => attempt.status === 409).map(key));
  for (const time of refusedTimes)
    if ((held.get(time) ?? 0) !== capacity) problems.push(`${time} refused a visitor as full with ${held.get(time) ?? 0} of ${capacity} places taken`);
  const otherErrors = attempts.filter((attempt) => attempt.status !== 201 && attempt.status !== 409 && attempt.status !== 503);
  if (otherErrors.length > 0) console.warn(`${name}: ${otherErrors.length} answers other than 201, 409 or 503`);

  return {
    name,
    acknowledgedPerSecond: measured.filter((attempt) => attempt.status === 201).length / durationSeconds,
    answeredPerSecond: measured.filter((attempt) => attempt.status !== 0).length / durationSeconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    counts,
    acknowledged: acknowledged.length,
    timesFilled: refusedTimes.size,
    lanesLeft,
    unknownOutcome,
    unknownStored,
    cpu,
    loadBefore,
    loadAfter,
    check: problems,
  };
}

async function main() {
  if (!existsSync(join(buildDir, "build-info.json"))) throw new Error(`No built site in ${buildDir}: run "npm run build" first.`);
  const uptimeBefore = loadAverage();
  const postgresVersion = execFileSync(join(postgresBin(), "postgres"), ["--version"], { encoding: "utf8" }).trim();
  // nginx says its version on stderr.
  const nginxVersion = spawnSync("/usr/sbin/nginx", ["-v"], { encoding: "utf8" }).stderr.trim();
  const results: Result[] = [];
  let cluster: TestCluster | null = null;
  try {
    // Each configuration as shipped, then with nginx keeping as many idle connections to the servers as there are clients (what the shipped pool costs the tail).
    const pools = [undefined, keepaliveVariant];
    const named = (name: string, keepalive: number | undefined) =>
      keepalive === undefined ? name : `${name}, nginx keeping ${keepalive} idle connections (${shippedKeepalive} shipped)`;

    // 1. One instance on SQLite.
    for (const keepalive of pools) {
      const dataDir = mkdtempSync(join(tmpdir(), "lescours-bench-instances-"));
      raiseCapacity(openDatabase(dataDir));
      results.push(
        await run(named("one instance, SQLite", keepalive), { count: 1, dataDir, keepalive, openDb: () => openDatabase(dataDir, { readonly: true }) }),
      );
    }

    // 2 and 3. One instance, then two, on a durable PostgreSQL cluster, a new database each run.
    cluster = startCluster({ port: await freePort(), durable: true, maxConnections: 100 });
    // The postmaster's pid: the first line of postmaster.pid in the cluster's data folder, beside its socket's.
    const postgresPid = Number(readFileSync(join(dirname(cluster.socketDir), "data", "postmaster.pid"), "utf8").split("\n")[0]);
    const admin = openPostgresAt(cluster.url("postgres"));
    try {
      for (const count of [1, 2]) {
        for (const keepalive of pools) {
          const database = `bench_${results.length}`;
          admin.execAlone(`CREATE DATABASE ${database}`);
          const url = cluster.url(database);
          raiseCapacity(openPostgresAt(url));
          const dataDir = mkdtempSync(join(tmpdir(), "lescours-bench-instances-"));
          const name = count === 1 ? "one instance, PostgreSQL" : "two instances, one PostgreSQL";
          results.push(await run(named(name, keepalive), { count, dataDir, databaseUrl: url, postgresPid, keepalive, openDb: () => openPostgresAt(url) }));
        }
      }
    } finally {
      admin.close();
    }
  } finally {
    cluster?.stop();
  }
  const uptimeAfter = loadAverage();

  const machine = {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    node: process.version,
    date: new Date().toISOString().slice(0, 10),
  };
  const ms = (value: number) => `${Math.round(value)} ms`;
  const failed = results.filter((result) => result.check.length > 0);
  const section = [
    start,
    "## Bookings on SQLite, on PostgreSQL, and on two instances (`npm run bench:instances`)",
    "",
    `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ${postgresVersion}, ${nginxVersion}: the compiled`,
    "server (`build-server/main.js`, `build/`) behind nginx with the project's own configuration (TLS ended there, one worker per core; `deploy/nginx.conf` for one",
    "instance, `deploy/nginx-two.conf` for two; its limit of 64 connections per address raised for the run, as the clients all come from one),",
    "rate limiting off, no mail. PostgreSQL is a cluster made for the run, durable as production is (fsync, synchronous commit and full-page",
    "writes on); SQLite keeps the server's own settings (WAL, `synchronous=FULL`). **The load generator, nginx, the servers and PostgreSQL",
    "all share the same two cores**, with whatever else the machine runs.",
    "",
    `The same load for each: ${clients} clients, each on a keep-alive HTTPS connection, sending its next booking (one guest, \`POST /api/tour-bookings\`)`,
    `as soon as the last is answered, ${warmupSeconds} s of warm-up then ${durationSeconds} s measured. The times are the next 186 days' of the three`,
    `packages, each raised to ${capacity} places (the schedule's largest) so that the clients book rather than get refused; the clients go ${perLane} to a`,
    "lane, and a lane books its time until it is full (409), then the next one: each time's last places are asked for by five clients at once.",
    "",
    "| configuration | bookings acknowledged per second | answers per second | p50 | **p99** | max | errors (5xx or none) | answers in the measured window | times filled | 1-minute load before → after |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...results.map((result) => {
      const answers = Object.entries(result.counts)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, n]) => `${n.toLocaleString("en")} × ${status}`)
        .join(", ");
      const errors = Object.entries(result.counts)
        .filter(([status]) => status !== "201" && status !== "409")
        .reduce((sum, [, n]) => sum + n, 0);
      return `| ${result.name} | **${Math.round(result.acknowledgedPerSecond)}** | ${Math.round(result.answeredPerSecond)} | ${ms(result.p50)} | **${ms(result.p99)}** | ${ms(result.max)} | ${errors.toLocaleString("en")} | ${answers} | ${result.timesFilled} | ${result.loadBefore.split(", ")[0]} → ${result.loadAfter.split(", ")[0]} |`;
    }),
    "",
    `Where the two cores went during the ${durationSeconds} s measured (CPU seconds from \`/proc\`, every thread and child process; the two cores offer ${2 * durationSeconds} s,`,
    "what is left went to the machine's other work), and the CPU each acknowledged booking cost:",
    "",
    "| configuration | load generator | nginx | server(s) | PostgreSQL | all four | CPU per booking |",
    "|---|---|---|---|---|---|---|",
    ...results.map((result) => {
      const total = parts.reduce((sum, part) => sum + result.cpu[part], 0);
      const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
      const perBooking = total / (result.acknowledgedPerSecond * durationSeconds);
      return `| ${result.name} | ${parts.map((part) => (part === "postgres" && result.cpu.postgres === 0 ? "–" : seconds(result.cpu[part]))).join(" | ")} | ${seconds(total)} | ${perBooking.toFixed(2)} ms |`;
    }),
    ...results
      .filter((result) => result.unknownOutcome > 0)
      .flatMap((result) => [
        "",
        `**${result.name}: ${result.unknownOutcome} requests got no answer from the server (none, or nginx's 502 or 504), of which ${result.unknownStored} were booked all the same**`,
        "(the visitor was shown an error for a booking that exists). Over the whole run, warm-up included.",
      ]),
    "",
    `Load average (1, 5, 15 minutes) before the runs: ${uptimeBefore}; after: ${uptimeAfter}.`,
    "",
    ...(failed.length === 0
      ? [
          `In each configuration the database holds exactly the bookings acknowledged (${results.map((result) => result.acknowledged.toLocaleString("en")).join(", ")} over the whole run,`,
          "warm-up included), each for the visitor and time asked, none that was refused; no time holds more than its places, and every time that",
          "refused a visitor as full holds exactly its places.",
        ]
      : failed.map((result) => `**${result.name}: the database does not match what the clients were told**: ${result.check.slice(0, 5).join("; ")}.`)),
    end,
  ].join("\n");
  writeBenchmarkSection(docPath, section, { start, end });
  console.log(`\n${section}\n\nwritten to ${docPath}`);
  if (failed.length > 0)
    throw new Error(`The database does not match the answers: ${failed.map((result) => `${result.name}: ${result.check.join("; ")}`).join(" | ")}`);
  if (results.some((result) => result.lanesLeft < Math.ceil(clients / perLane)))
    throw new Error("A lane ran out of times: the run measured fewer clients than it says");
}

/** One configuration: its servers and nginx started, measured, stopped. */
async function run(name: string, options: InstancesOptions): Promise<Result> {
  const running = await startInstances(options);
  try {
    return await measure(name, running);
  } finally {
    await running.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
