import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { addStaff, adminTestServer, parseHtml, StaffClient, textOf } from "./support/admin";
import { buildTestServer, closedAfterEachTest, dataDirOf, validPayloads } from "./support/fixtures";
import { holdWriteLock } from "./support/test-database";
import { isPostgres, sqliteOf } from "../db/database";

/**
 * What every kind of request gets when the database cannot take a write: 503 with Retry-After,
 * never 500. A full disk is simulated here, without mount rights: on SQLite with `max_page_count`
 * on the server's own connection (the same SQLITE_FULL), on PostgreSQL with triggers that refuse
 * every new row with PostgreSQL's own error for it (SQLSTATE 53100, disk_full); the real one, a
 * full tmpfs, is in database-stalls.integration.test.ts. Another process's lock is a second
 * connection (./support/test-database.ts).
 */
const en = adminTranslator("en").t;
const { apps } = closedAfterEachTest();

async function server(env: Record<string, string> = {}) {
  const app = await buildTestServer({ RATE_LIMIT_MAX: "0", ...env });
  apps.add(app);
  return app;
}

/** Lets the database grow no further: the next write that needs a page gets SQLITE_FULL (on PostgreSQL, every new row: disk_full). */
function fillDatabase(app: FastifyInstance): () => void {
  const { db } = app;
  if (isPostgres(db)) {
    const tables = (db.prepare("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'").all() as { name: string }[]).map((row) => row.name);
    db.exec(`CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$;
      ${tables.map((table) => `CREATE TRIGGER disk_full BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION disk_full();`).join("\n")}`);
    return () => void db.exec("DROP FUNCTION disk_full() CASCADE");
  }
  const { page_count } = db.prepare("PRAGMA page_count").get() as { page_count: number };
  sqliteOf(app.db)!.pragma(`max_page_count = ${page_count}`);
  return () => void sqliteOf(app.db)!.pragma("max_page_count = 1073741823");
}

const json = (app: FastifyInstance, url: string, payload: object) =>
  app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload: JSON.stringify(payload) });

describe("a full disk", () => {
  it("answers submissions, JSON and HTML forms alike, 503 with Retry-After; /healthz says so; pages load; it recovers", async () => {
    const app = await server();
    expect((await json(app, "/api/contact-messages", validPayloads.contactMessage)).statusCode).toBe(201);
    const room = fillDatabase(app);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await json(app, "/api/contact-messages", { ...validPayloads.contactMessage, message: `${"long enough to need pages ".repeat(70)} ${i}` });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 503) {
        expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
        expect(answer.json()).toEqual({ error: "Service Unavailable: the server's disk is full" });
      }
    }
    // Never a 500; the first submission that needs a new page is refused, and so is every later one.
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    expect(statuses.at(-1)).toBe(503);
    const form = await app.inject({
      method: "POST",
      url: "/api/contact-messages",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ ...validPayloads.contactMessage, message: "x".repeat(1900) }).toString(),
    });
    expect(form.statusCode).toBe(503);
    expect(form.headers["retry-after"]).toBeDefined();
    expect(form.headers["content-type"]).toMatch(/^text\/html/);
    const health = await app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "unavailable", database: expect.stringContaining("the disk is full") });
    expect((await app.inject({ url: "/" })).statusCode).toBe(200);

    room();
    expect((await json(app, "/api/contact-messages", validPayloads.contactMessage)).statusCode).toBe(201);
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
  });
});

describe("/healthz", () => {
  it("reports the free space on DATA_DIR's file system and answers 503 below the threshold", async () => {
    const ample = (await (await server()).inject({ url: "/healthz" })).json() as { disk: { ok: boolean; freeBytes: number; minFreeBytes: number } };
    expect(ample.disk).toMatchObject({ ok: true, minFreeBytes: 100 * 1024 * 1024 });
    expect(ample.disk.freeBytes).toBeGreaterThan(ample.disk.minFreeBytes);
    const short = await (await server({ DISK_MIN_FREE_MB: "1000000" })).inject({ url: "/healthz" });
    expect(short.statusCode).toBe(503);
    expect(short.json()).toMatchObject({ status: "unavailable", database: "writable", disk: { ok: false, minFreeBytes: 1_000_000 * 1024 * 1024 } });
  });
});

describe("the staff inbox", () => {
  it("answers a write it cannot make now with 503 and a page saying so, while another process holds the lock", async () => {
    const app = await adminTestServer();
    apps.add(app);
    await addStaff(app, "anne@hermitage-lescours.example", "a long and unusual passphrase");
    const staff = new StaffClient(app);
    expect((await staff.signIn("anne@hermitage-lescours.example", "a long and unusual passphrase")).statusCode).toBe(303);
    const letGo = await holdWriteLock(dataDirOf(app));
    try {
      const answer = await staff.post("/admin/privacy/find", { email: "someone@example.com" });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers["retry-after"]).toBe("5");
      expect(textOf(parseHtml(answer.body))).toContain(en("error.unavailable.busy"));
      // Reading still works: the write lock does not stop readers.
      expect((await staff.get("/admin")).statusCode).toBe(200);
      // A sign-in is counted with a write, so it waits its turn and is told to come back.
      const signIn = new StaffClient(app, "10.9.0.1");
      expect((await signIn.signIn("anne@hermitage-lescours.example", "a long and unusual passphrase")).statusCode).toBe(503);
    } finally {
      await letGo();
    }
    expect((await staff.post("/admin/privacy/find", { email: "someone@example.com" })).statusCode).toBe(200);
  });
});
