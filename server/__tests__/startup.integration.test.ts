import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnWithoutOverride } from "../../e2e/support/raw-http";
import { compiledServer, freePort } from "../../e2e/support/server";
import { databaseFileName, openDatabase } from "../db/database";
import { fixtureBuild, tempDataDir } from "./support/fixtures";
import { databaseEnv, onPostgres, openTestDatabase } from "./support/test-database";

/**
 * The compiled server (`build-server/main.js`) started as `npm start` starts it: every start-up failure ends the process with
 * status 1 and one line on stderr naming what to fix.
 */

/**
 * The last resort only: each start-up here ends by itself, by exiting (a refusal) or by saying
 * that it listens (and is then stopped), within seconds; this limit stops a hung process.
 */
const lastResortMs = 240_000;

/** The line Fastify logs (at info level) once the server accepts connections. */
const listening = (stdout: string) => stdout.includes("Server listening");

/**
 * Runs the compiled server at LOG_LEVEL=info until it exits or `until` holds for its output (by
 * default: it says it listens), then stops it; returns its status and output. Its database: SQLite
 * in its DATA_DIR (`env`'s, or a new one), or in the "postgres" project the test's own PostgreSQL
 * database. A start-up that should have been refused but serves is stopped at once, and its null
 * status fails the test.
 */
async function runServer(
  env: Record<string, string>,
  until: (stdout: string) => boolean = listening,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [compiledServer()], {
    env: {
      ...process.env,
      BUILD_DIR: fixtureBuild(),
      ...databaseEnv(env.DATA_DIR ?? tempDataDir()),
      PORT: String(await freePort()),
      LOG_LEVEL: "info",
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    if (until(stdout)) child.kill("SIGKILL");
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const limit = setTimeout(() => child.kill("SIGKILL"), lastResortMs);
  const code = await exited;
  clearTimeout(limit);
  return { code, stdout, stderr };
}

/** A refused start-up: status 1 and one line on stderr that contains `names` (and matches `cause`). */
function expectRefusal({ code, stderr }: { code: number | null; stderr: string }, names: string, cause?: RegExp) {
  const lines = stderr.trim().split("\n");
  expect(code, stderr).toBe(1);
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toContain(names);
  if (cause) expect(lines[0]).toMatch(cause);
}

/** A start-up that must fail: status 1 and one line on stderr naming `variable`. */
async function expectStartupFailure(env: Record<string, string>, variable: string, cause?: RegExp) {
  expectRefusal(await runServer(env), `${variable}=`, cause);
}

describe("npm start with a bad value", () => {
  it(
    "prints one clear line and exits non-zero",
    async () => {
      await Promise.all([
        expectStartupFailure({ PORT: "99999" }, "PORT", /^Invalid configuration: PORT="99999"/),
        expectStartupFailure({ PORT: "0" }, "PORT", /^Invalid configuration: PORT="0"/),
        expectStartupFailure({ TRUST_PROXY: "true" }, "TRUST_PROXY", /every client/),
      ]);
    },
    lastResortMs + 60_000,
  );

  // SMTP_URL=garbage printed "Start-up failed: Invalid URL" and hid the rest; TRUST_PROXY=0.0.0.0/00 was not named.
  it("names every bad variable at once, one line each", async () => {
    const { code, stderr } = await runServer({
      SMTP_URL: "garbage",
      TRUST_PROXY: "0.0.0.0/00",
      PORT: "0",
      MAIL_RETRY_BASE_MS: "9000",
      MAIL_RETRY_MAX_MS: "10",
    });
    expect(code, stderr).toBe(1);
    const named = stderr
      .trim()
      .split("\n")
      .map((line) => /^Invalid configuration: ([A-Z_]+)=/.exec(line)?.[1]);
    expect(named.sort()).toEqual(["MAIL_RETRY_MAX_MS", "PORT", "SMTP_URL", "TRUST_PROXY"]);
  }, 60_000);

  it(
    "names the cause of every other start-up failure",
    async () => {
      // DATA_DIR is a file; DATA_DIR holds a folder where the database file should be; no build in
      // BUILD_DIR (and nothing published); a HOST that does not resolve; a PORT another process holds.
      const dataFile = join(tempDataDir(), "not-a-folder");
      writeFileSync(dataFile, "");
      const blocked = tempDataDir();
      mkdirSync(join(blocked, "submissions.sqlite"));
      const busy = createServer();
      const busyPort = await new Promise<number>((resolve) => busy.listen(0, "127.0.0.1", () => resolve((busy.address() as { port: number }).port)));
      try {
        await Promise.all([
          expectStartupFailure({ DATA_DIR: dataFile }, "DATA_DIR"),
          // On SQLite only: the database file is in DATA_DIR.
          onPostgres() ? null : expectStartupFailure({ DATA_DIR: blocked }, "DATA_DIR", /unable to open database file/),
          // Nothing published either: a publish from the content editor would be served instead.
          expectStartupFailure({ BUILD_DIR: tempDataDir(), PUBLISH_DIR: "build-published-never-made" }, "BUILD_DIR", /npm run build/),
          expectStartupFailure({ HOST: "no-such-host.invalid" }, "HOST"),
          expectStartupFailure({ PORT: String(busyPort) }, "PORT", /in use/),
        ]);
      } finally {
        busy.close();
      }
    },
    lastResortMs + 60_000,
  );

  it(
    "says in one line each which variables look like its settings but are none, naming the close match; and that nothing is backed up",
    async () => {
      // RATE_LIMT_MAX=1 started the server silently with the default limit of 10.
      const { code, stdout, stderr } = await runServer({
        RATE_LIMT_MAX: "1",
        MAIL_RETRY_MAX: "10",
        BACKUP_KEEP_DAYS: "7",
        HOME_DIR: "/srv",
        RESTIC_REPOSITORY: "",
      });
      expect(code, stderr).toBeNull();
      const warnings = stdout
        .split("\n")
        .filter((line) => line.includes("Unknown variable"))
        .map((line) => (JSON.parse(line) as { level: number; msg: string }).msg);
      expect(warnings).toEqual([
        "Unknown variable BACKUP_KEEP_DAYS is ignored: it is no setting of this site; did you mean BACKUP_KEEP_DAILY or BACKUP_KEEP_LAST?",
        "Unknown variable MAIL_RETRY_MAX is ignored: it is no setting of this site; did you mean MAIL_RETRY_MAX_MS?",
        "Unknown variable RATE_LIMT_MAX is ignored: it is no setting of this site; did you mean RATE_LIMIT_MAX?",
      ]);
      expect(stdout).toContain("backup: RESTIC_REPOSITORY is not set, so nothing is backed up");
    },
    lastResortMs + 60_000,
  );

  it(
    "starts while the SMTP server is unreachable, and says so naming SMTP_URL",
    async () => {
      const closed = await freePort();
      const warned = (output: string) => output.includes("Server listening") && output.includes("SMTP_URL (");
      const { code, stdout, stderr } = await runServer({ SMTP_URL: `smtp://user:secret@127.0.0.1:${closed}` }, warned);
      // Killed by the test once it had warned: it was still serving.
      expect(code, stderr).toBeNull();
      const warning = stdout.split("\n").find((line) => line.includes("SMTP_URL"));
      expect(warning, stdout).toBeDefined();
      expect(warning).toContain(`127.0.0.1:${closed}`);
      expect(warning).toContain("ECONNREFUSED");
      // The password never reaches the log.
      expect(stdout).not.toContain("secret");
    },
    lastResortMs + 60_000,
  );
});

/**
 * Starts the compiled server without the power to write read-only files and waits for it to exit;
 * resolves with its status and stderr, and whether `/healthz` answered. If it says that it
 * listens (which it must not), `/healthz` is asked once and the process is stopped.
 */
async function startWithoutOverride(dataDir: string): Promise<{ code: number | null; stderr: string; healthy: boolean }> {
  const port = await freePort();
  const child = spawnWithoutOverride(process.execPath, [compiledServer()], {
    env: { ...process.env, PORT: String(port), BUILD_DIR: fixtureBuild(), ...databaseEnv(dataDir), LOG_LEVEL: "info", SMTP_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let healthy = false;
  let asked = false;
  child.stdout!.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    if (asked || !listening(stdout)) return;
    asked = true;
    void fetch(`http://127.0.0.1:${port}/healthz`)
      .then((response) => (healthy = response.ok))
      .catch(() => (healthy = false))
      .finally(() => child.kill("SIGKILL"));
  });
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const limit = setTimeout(() => child.kill("SIGKILL"), lastResortMs);
  const code = await exited;
  clearTimeout(limit);
  return { code, stderr, healthy };
}

describe("start-up with a database that cannot be written", () => {
  it(
    "refuses to start, in one line naming DATA_DIR, when the database file is read-only",
    async (context) => {
      if (onPostgres()) context.skip("the database file is SQLite's: PostgreSQL's database is not in DATA_DIR");
      const dataDir = tempDataDir();
      openDatabase(dataDir).close();
      chmodSync(join(dataDir, databaseFileName), 0o444);
      const result = await startWithoutOverride(dataDir);
      expect(result.healthy).toBe(false);
      expectRefusal(result, `DATA_DIR="${dataDir}"`, /readonly|read-only/);
    },
    lastResortMs + 60_000,
  );

  it(
    "refuses to start, in one line naming DATA_DIR, when the data folder is read-only",
    async () => {
      const dataDir = tempDataDir();
      openTestDatabase(dataDir).close();
      chmodSync(dataDir, 0o555);
      try {
        const result = await startWithoutOverride(dataDir);
        expect(result.healthy).toBe(false);
        expectRefusal(result, `DATA_DIR="${dataDir}"`);
      } finally {
        chmodSync(dataDir, 0o755);
      }
    },
    lastResortMs + 60_000,
  );
});
