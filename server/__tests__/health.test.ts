import { chmodSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../e2e/support/server";
import { databaseFileName, openDatabase } from "../db/database";
import { buildTestServer, fixtureBuild, tempDataDir, validPayloads } from "./support/fixtures";
import { spawnWithoutOverride } from "../../e2e/support/raw-http";

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});
async function server(env: Record<string, string> = {}) {
  const app = await buildTestServer({ RATE_LIMIT_MAX: "0", ...env });
  apps.push(app);
  return app;
}

describe("/healthz and /readyz", () => {
  it("say ok, with the outbox's state, while the database can be written", async () => {
    const app = await server();
    const health = await app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.headers["cache-control"]).toBe("no-store");
    expect(health.json()).toMatchObject({ status: "ok", database: "writable", outbox: { writable: true, pending: 0, failed: 0 } });
    const ready = await app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready" });
  });

  it("answer 503 while another process holds the database's write lock, and ok again once it lets go", async () => {
    const app = await server();
    const other = new Database(app.forms.db.name);
    try {
      other.exec("BEGIN IMMEDIATE");
      const started = Date.now();
      const health = await app.inject({ url: "/healthz" });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: "unavailable", database: expect.stringMatching(/locked|busy/i) });
      // A health check must answer quickly even then.
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await app.inject({ url: "/readyz" })).statusCode).toBe(503);
      other.exec("ROLLBACK");
    } finally {
      other.close();
    }
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
  });

  it("answer 503 naming the outbox when e-mails cannot be queued", async () => {
    const app = await server();
    // Something outside the server makes the outbox refuse writes (here a trigger; in real life a
    // damaged table); submissions would fail with it.
    const other = new Database(app.forms.db.name);
    other.exec("CREATE TRIGGER outbox_refuses BEFORE UPDATE ON outbox BEGIN SELECT RAISE(ABORT, 'outbox refuses writes'); END");
    other.exec("CREATE TRIGGER outbox_refuses_insert BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox refuses writes'); END");
    other.close();
    const health = await app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "unavailable", database: "writable", outbox: { writable: false, error: expect.stringContaining("outbox refuses writes") } });
  });

  it("count e-mails waiting and given up on", async () => {
    const app = await server({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, MAIL_RETRY_BASE_MS: "600000", MAIL_RETRY_MAX_MS: "600000", SITE_URL: "https://site.example" });
    const post = await app.inject({ method: "POST", url: "/api/contact-messages", headers: { "content-type": "application/json" }, payload: validPayloads.contactMessage });
    expect(post.statusCode).toBe(201);
    const health = (await app.inject({ url: "/healthz" })).json() as { outbox: { pending: number; failed: number } };
    expect(health.outbox.pending).toBe(1);
    expect(health.outbox.failed).toBe(0);
  });
});

/** Starts `server/main.ts` without the power to write read-only files; resolves with its exit and stderr. */
async function startWithoutOverride(dataDir: string): Promise<{ code: number | null; stderr: string; healthy: boolean }> {
  const port = await freePort();
  const child = spawnWithoutOverride(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: String(port), BUILD_DIR: fixtureBuild(), DATA_DIR: dataDir, LOG_LEVEL: "warn", SMTP_URL: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let healthy = false;
  const deadline = Date.now() + 10_000;
  while (child.exitCode === null && Date.now() < deadline) {
    try {
      healthy = (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
      if (healthy) break;
    } catch {
      // not listening (yet)
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.exitCode === null) child.kill("SIGKILL");
  return { code: await exited, stderr, healthy };
}

describe("start-up", () => {
  it("refuses to start, in one line naming DATA_DIR, when the database file is read-only", async () => {
    const dataDir = tempDataDir();
    openDatabase(dataDir).close();
    chmodSync(join(dataDir, databaseFileName), 0o444);
    const { code, stderr, healthy } = await startWithoutOverride(dataDir);
    expect(healthy).toBe(false);
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toContain(`DATA_DIR="${dataDir}"`);
    expect(lines[0]).toMatch(/readonly|read-only/);
  }, 30_000);

  it("refuses to start, in one line naming DATA_DIR, when the data folder is read-only", async () => {
    const dataDir = tempDataDir();
    openDatabase(dataDir).close();
    chmodSync(dataDir, 0o555);
    try {
      const { code, stderr, healthy } = await startWithoutOverride(dataDir);
      expect(healthy).toBe(false);
      expect(code).toBe(1);
      const lines = stderr.trim().split("\n");
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toContain(`DATA_DIR="${dataDir}"`);
    } finally {
      chmodSync(dataDir, 0o755);
    }
  }, 30_000);

  it("checks writability with a write that leaves nothing behind", async () => {
    const app = await server();
    const before = app.forms.db.prepare("SELECT count(*) AS n FROM outbox").get();
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    expect(app.forms.db.prepare("SELECT count(*) AS n FROM outbox").get()).toEqual(before);
  });
});
