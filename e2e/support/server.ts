import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startBalancer } from "./balancer";
import { databaseEnv, serversMode } from "./databases";

/** Asks the OS for a free port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningServer {
  url: string;
  /** Each process's own address: `url` alone, or the two instances behind nginx (for what is per process, such as a test's clock). */
  instances: readonly string[];
  /** The process (the first instance of two). */
  process: ChildProcess;
  /** Every process: one, or the two instances. */
  processes: readonly ChildProcess[];
  dataDir: string;
  stop: () => Promise<void>;
}

/** The project folder, where the compiled server is. */
const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The server as `npm start` and the systemd unit run it, compiled by scripts/build-server.mjs:
 * `build-server/main.js` of `project` (this project, or an installed copy of it).
 */
export const compiledServer = (project = projectRoot) => join(project, "build-server", "main.js");

/** An operator's command as `npm run <name>` runs it: `build-server/commands/<name>.js`. */
export const compiledCommand = (name: "backup" | "restore" | "staff" | "submissions", project = projectRoot) =>
  join(project, "build-server", "commands", `${name}.js`);

/** A test entry compiled with the server (`build-server-test/`, `node scripts/build-server.mjs --tests`). */
const testEntry = (name: "clock-server" | "shift-clock" | "announce-listening") => join(projectRoot, "build-server-test", `${name}.js`);

/**
 * Compiles the server, its commands and the test entries when their sources changed since the
 * last compile (a second or two; nothing when up to date). The test runs' global setups call it
 * once (vitest.config.ts, e2e/support/global-setup.ts), and mark it done for their workers; a
 * benchmark that starts servers gets it at its first start.
 */
export function compileServer(): void {
  if (process.env.E2E_SERVER_COMPILED === "1") return;
  execFileSync(process.execPath, ["scripts/build-server.mjs", "--if-stale", "--tests"], { cwd: projectRoot, stdio: ["ignore", "inherit", "inherit"] });
  process.env.E2E_SERVER_COMPILED = "1";
}

/** The preload that reports when the server listens (./announce-listening.ts, compiled). */
const announceListening = testEntry("announce-listening");

/** The preload that moves the server's clock by the milliseconds in `CLOCK_SHIFT_FILE` (./shift-clock.ts, compiled). */
export const shiftClock = testEntry("shift-clock");

/** The server on a clock the test moves (./clock-server.ts, compiled), to start with `entry`. */
export const clockServer = testEntry("clock-server");

/**
 * The last resort only: a start-up takes a few seconds, more on a busy machine; the wait ends
 * on the server's own report that it listens, or on its exit, whichever comes first.
 */
const startLimitMs = 180_000;

/** What a test may set of a server it starts. */
export interface ServerOptions {
  buildDir?: string;
  env?: Record<string, string>;
  dataDir?: string;
  entry?: string;
  port?: number;
  preload?: readonly string[];
  project?: string;
  /**
   * "sqlite": one process on SQLite whatever the run's mode, for a test of the default install (its
   * `npm start`, its data folder). By default, the run's mode (./databases.ts): one process on
   * SQLite (in vitest's "postgres" project, on the test's own PostgreSQL database: `vitestDatabaseEnv`),
   * or two instances on one PostgreSQL database behind nginx. A `DATABASE_URL` in `env` is used as given.
   */
  database?: "sqlite";
  /**
   * false: started once it listens, without the check that `/healthz` answers 200, for a test whose
   * database another process keeps locked on purpose (`/healthz` then says, rightly, that a
   * submission could not be stored at that moment).
   */
  checkHealth?: boolean;
}

/**
 * Starts the real server, compiled (`build-server/main.js`, what `npm start` runs), on a free port,
 * waits until it reports that it listens, and checks that `/healthz` answers. Fails at once, with
 * its status, if it exits first. `project`: an installed copy of the project to run it from (its
 * own `build-server/`, in its folder), instead of this one. In the run's pair mode
 * (E2E_SERVERS=postgres-pair), two such instances on the data folder's PostgreSQL database, both
 * given the same folders and settings, behind nginx on `port` (./balancer.ts); `process` is the first.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  compileServer();
  // A test that must know the address first (its SITE_URL, for links that lead back) picks the port itself.
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "lescours-data-"));
  if (options.database === "sqlite") return startInstance(options, port, dataDir, {});
  if (serversMode() === "sqlite") return startInstance(options, port, dataDir, options.env?.DATABASE_URL ? {} : await vitestDatabaseEnv(dataDir));
  const env = databaseEnv(dataDir);
  const started = await Promise.allSettled([startInstance(options, await freePort(), dataDir, env), startInstance(options, await freePort(), dataDir, env)]);
  const instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw failed.reason;
  }
  const balancer = await startBalancer({ port, upstreams: instances.map((instance) => Number(new URL(instance.url).port)) });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await balancer.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
  };
  const problem = await healthProblem(url);
  if (problem !== null) {
    await stop();
    throw new Error(`two instances listen but /healthz through nginx answered ${problem}`);
  }
  return {
    url,
    instances: instances.map((instance) => instance.url),
    process: instances[0]!.process,
    processes: instances.map((instance) => instance.process),
    dataDir,
    stop,
  };
}

/**
 * In a vitest run, the database of the test server on `dataDir` (server/__tests__/support/test-database.ts):
 * in the "postgres" project, its own PostgreSQL database, so the tests that start the compiled server
 * run on both databases as the in-process suites do; nothing otherwise. Playwright's runs and the
 * benchmarks have no vitest (`inject`), so the module is loaded only under vitest.
 */
async function vitestDatabaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (!process.env.VITEST) return {};
  const { testDatabaseUrl } = await import("../../server/__tests__/support/test-database");
  const url = testDatabaseUrl(dataDir);
  return url ? { DATABASE_URL: url } : {};
}

/**
 * What is wrong with the server at `url` by its `/healthz`: null when it answers 200, else its
 * status and what it said (which check failed: the database, the disk, the outbox or the backups),
 * so that a failure on a machine nobody can look at again names its cause.
 */
async function healthProblem(url: string): Promise<string | null> {
  try {
    const response = await fetch(`${url}/healthz`);
    return response.ok ? null : `${response.status}: ${await response.text()}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** One server process on `port`, with `env` (its database) added to the test's. */
async function startInstance(options: ServerOptions, port: number, dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const preloads = [...(options.preload ?? []), announceListening].flatMap((file) => ["--import", pathToFileURL(file).href]);
  // `entry`: another way to start the same server (`clockServer`: on a clock the test moves).
  const child = spawn(process.execPath, [...preloads, options.entry ?? compiledServer(options.project)], {
    cwd: options.project ?? projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: options.buildDir ?? "build",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  await listening(child);
  const url = `http://127.0.0.1:${port}`;
  const problem = options.checkHealth === false ? null : await healthProblem(url);
  if (problem !== null) {
    await stop();
    throw new Error(`the server listens but /healthz answered ${problem}`);
  }
  return { url, instances: [url], process: child, processes: [child], dataDir, stop };
}

/**
 * Whether every process of `server` answers `path` with a page holding `text`: after a publish, the
 * other of two instances serves it once it sees the publish folder's `current` change (within
 * seconds), so a test waits for this (`expect.poll`) before a visitor looks through nginx.
 */
export async function everyInstanceServes(server: RunningServer, path: string, text: string): Promise<boolean> {
  const pages = await Promise.all(server.instances.map(async (instance) => (await fetch(`${instance}${path}`)).text()));
  return pages.every((page) => page.includes(text));
}

/** Resolves when the child reports that it listens; rejects if it exits first, or at the last-resort limit. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not listen within ${startLimitMs / 1000} s`));
    }, startLimitMs);
    const settle = () => {
      clearTimeout(limit);
      child.off("exit", exited);
    };
    const exited = (code: number | null, signal: NodeJS.Signals | null) => {
      settle();
      reject(new Error(`server exited with ${code ?? signal} before it listened`));
    };
    child.once("exit", exited);
    child.once("message", () => {
      settle();
      resolve();
    });
  });
}
