import { describe, expect, it } from "vitest";
import { freePort } from "../../e2e/support/server";
import { buildTestServer, closedAfterEachTest, dataDirOf, tempDataDir, validPayloads } from "./support/fixtures";
import { holdWriteLock, openTestDatabase } from "./support/test-database";
import { isPostgres } from "../db/database";

const { apps } = closedAfterEachTest();
async function server(env: Record<string, string> = {}) {
  const app = await buildTestServer({ RATE_LIMIT_MAX: "0", ...env });
  apps.add(app);
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
    const letGo = await holdWriteLock(dataDirOf(app));
    try {
      const started = Date.now();
      const health = await app.inject({ url: "/healthz" });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: "unavailable", database: expect.stringMatching(/locked|busy/i) });
      // A health check must answer quickly even then.
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await app.inject({ url: "/readyz" })).statusCode).toBe(503);
    } finally {
      await letGo();
    }
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
  });

  it("answer 503 naming the outbox when e-mails cannot be queued", async () => {
    const app = await server();
    // Something outside the server makes the outbox refuse writes (here a trigger; in real life a
    // damaged table); submissions would fail with it.
    const other = openTestDatabase(dataDirOf(app));
    if (isPostgres(other)) {
      other.exec(`CREATE FUNCTION outbox_refuses() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox refuses writes'; END $$;
        CREATE TRIGGER outbox_refuses BEFORE INSERT OR UPDATE ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_refuses()`);
    } else {
      other.exec("CREATE TRIGGER outbox_refuses BEFORE UPDATE ON outbox BEGIN SELECT RAISE(ABORT, 'outbox refuses writes'); END");
      other.exec("CREATE TRIGGER outbox_refuses_insert BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox refuses writes'); END");
    }
    other.close();
    const health = await app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: "unavailable",
      database: "writable",
      outbox: { writable: false, error: expect.stringContaining("outbox refuses writes") },
    });
  });

  it("count e-mails waiting and given up on", async () => {
    const app = await server({
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      MAIL_RETRY_BASE_MS: "600000",
      MAIL_RETRY_MAX_MS: "600000",
      SITE_URL: "https://site.example",
    });
    const post = await app.inject({
      method: "POST",
      url: "/api/contact-messages",
      headers: { "content-type": "application/json" },
      payload: validPayloads.contactMessage,
    });
    expect(post.statusCode).toBe(201);
    const health = (await app.inject({ url: "/healthz" })).json() as { outbox: { pending: number; failed: number } };
    expect(health.outbox.pending).toBe(1);
    expect(health.outbox.failed).toBe(0);
  });
});

describe("/healthz's backups", () => {
  /** A backup run as the backup command records it, ended `minutesAgo`. */
  const recordRun = (
    app: Awaited<ReturnType<typeof server>>,
    status: "done" | "failed",
    minutesAgo: number,
    extra: { snapshot?: string; error?: string } = {},
  ) => {
    const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    app.db
      .prepare(
        "INSERT INTO backup_runs (trigger, host, pid, started_at, finished_at, status, snapshot, error) VALUES ('schedule', 'elsewhere', 1, ?, ?, ?, ?, ?)",
      )
      .run(at, at, status, extra.snapshot ?? null, extra.error ?? null);
  };
  type Body = {
    status: string;
    backup: {
      ok: boolean;
      state: string;
      intervalMinutes: number;
      lastGood: { ageSeconds: number; snapshot: string } | null;
      lastFailure: { error: string } | null;
    };
  };

  it("says backups are not configured without a restic repository, and stays healthy", async () => {
    const app = await server();
    const health = await app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect((health.json() as Body).backup).toMatchObject({ ok: true, state: "not configured" });
  });

  it("gives the last good backup's age, and turns 503 naming a backup older than twice the schedule, or one that failed", async () => {
    const app = await server({ RESTIC_REPOSITORY: tempDataDir(), RESTIC_PASSWORD: "a test password", BACKUP_INTERVAL_MINUTES: "15" });
    const first = (await app.inject({ url: "/healthz" })).json() as Body;
    expect(first.backup).toMatchObject({ ok: true, state: "none yet", intervalMinutes: 15, lastGood: null });

    recordRun(app, "done", 5, { snapshot: "5f0e1d2c" });
    const fresh = await app.inject({ url: "/healthz" });
    expect(fresh.statusCode).toBe(200);
    const good = (fresh.json() as Body).backup;
    expect(good).toMatchObject({ ok: true, state: "ok", lastGood: { snapshot: "5f0e1d2c" } });
    expect(Math.abs(good.lastGood!.ageSeconds - 300)).toBeLessThan(30);

    app.db.prepare("DELETE FROM backup_runs").run();
    recordRun(app, "done", 31, { snapshot: "0a1b2c3d" });
    const stale = await app.inject({ url: "/healthz" });
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toMatchObject({ status: "unavailable", backup: { ok: false, state: "stale", lastGood: { snapshot: "0a1b2c3d" } } });

    recordRun(app, "done", 1, { snapshot: "9e8d7c6b" });
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    recordRun(app, "failed", 0, { error: "restic backup failed: Fatal: wrong password or no key found" });
    const failed = await app.inject({ url: "/healthz" });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({
      backup: { ok: false, state: "failed", lastFailure: { error: expect.stringContaining("wrong password") }, lastGood: { snapshot: "9e8d7c6b" } },
    });
  });
});

describe("the write check", () => {
  it("checks writability with a write that leaves nothing behind", async () => {
    const app = await server();
    const before = app.db.prepare("SELECT count(*) AS n FROM outbox").get();
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    expect(app.db.prepare("SELECT count(*) AS n FROM outbox").get()).toEqual(before);
  });
});
