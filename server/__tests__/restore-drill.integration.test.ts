import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { PictureStore } from "../admin/content/pictures";
import { auditKey as keyOf } from "../db/audit-key";
import { parseConfig } from "../config";
import { runBackup } from "../backup/run";
import { addStaff, siteUrl, StaffClient } from "./support/admin";
import { book, start, stop } from "./support/drill";
import { npmRun, restic } from "./support/commands";
import { contentRepository, formValues, git } from "./support/content";
import { fixtureBuild, parseMail, tempDataDir, TestSmtp, waitFor } from "./support/fixtures";
import { databaseEnv, onPostgres, openTestDatabase } from "./support/test-database";

/**
 * The restore drill: a server takes bookings, replies and content edits; `npm run backup` copies
 * it to a restic repository while it serves; the data and content folders are deleted; `npm run
 * restore -- latest` puts them back into empty folders; the server started on them has every
 * booking acknowledged before the backup, the staff sign in, the content's history is whole, and
 * no e-mail the old server had sent goes out again. The backup and the restore are the real
 * commands in processes of their own; restic is Debian's.
 */

// The relay goes down during the drill: its pooled connections are dropped at once.
const smtp = new TestSmtp({ closeAfterMs: 100 });
afterAll(async () => {
  await smtp.stop();
});

const office = { email: "office@hermitage-lescours.example", password: "a long and unusual passphrase" };
const editor = { email: "claire@hermitage-lescours.example", password: "the south slope in june" };

const outbox = (app: FastifyInstance) =>
  app.db.prepare("SELECT id, message_id, sent_at, failed_at, last_error FROM outbox ORDER BY id").all() as {
    id: number;
    message_id: string;
    sent_at: string | null;
    failed_at: string | null;
    last_error: string | null;
  }[];
const receivedIds = () => smtp.received.map((mail) => parseMail(mail.raw).header("message-id"));

describe("the restore drill", () => {
  it("backs up while serving, restores into empty folders, and the server started on them has everything acknowledged before the backup", async (context) => {
    if (onPostgres()) context.skip("the database is in DATA_DIR on SQLite only: a restore on PostgreSQL is tested by postgres-backup.integration.test.ts");
    await smtp.start();
    const repository = mkdtempSync(join(tmpdir(), "lescours-restic-"));
    const resticEnv = { RESTIC_REPOSITORY: repository, RESTIC_PASSWORD: "correct horse battery staple" };
    const env = {
      ...resticEnv,
      BUILD_DIR: fixtureBuild(),
      DATA_DIR: tempDataDir(),
      CONTENT_DIR: contentRepository(),
      SMTP_URL: smtp.url,
      SITE_URL: siteUrl,
      RATE_LIMIT_MAX: "0",
      MAIL_RETRY_BASE_MS: "100",
      MAIL_RETRY_MAX_MS: "200",
      // The relay is down for the length of a backup: the e-mails wait, never given up on.
      MAIL_MAX_ATTEMPTS: "100000",
      LOG_LEVEL: "silent",
    };
    const app = await start(env);
    await addStaff(app, office.email, office.password, "inbox");
    await addStaff(app, editor.email, editor.password, "editor");

    // Bookings, a reply from the office, a content edit and a photograph waiting for its save.
    const acknowledged: string[] = [];
    for (const name of ["Camille Martin", "Oliver Bennett", "Hanako Sato", "Wang Wei"]) acknowledged.push(await book(app, name));
    const staff = new StaffClient(app);
    expect((await staff.signIn(office.email, office.password)).statusCode).toBe(303);
    const url = `/admin/submissions/tour-bookings/${acknowledged[0]}`;
    const page = await staff.get(url);
    const key = /name="key" value="([^"]+)"/.exec(page.body)![1]!;
    expect(
      (await staff.post(`${url}/reply`, { key, template: "answer", subject: "Votre visite", body: "Nous vous attendons samedi à 10 h." })).statusCode,
    ).toBe(303);
    const content = new StaffClient(app);
    expect((await content.signIn(editor.email, editor.password)).statusCode).toBe(303);
    const wine = formValues((await content.get("/admin/content/wines/chateau-2020")).body);
    expect((await content.post("/admin/content/wines/chateau-2020", { ...wine, price: "61.5", _op: "save" })).statusCode).toBe(303);
    const photo = await new PictureStore(env.CONTENT_DIR, env.DATA_DIR).keep(
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#6b2737" } })
        .jpeg()
        .toBuffer(),
    );
    await waitFor(() => outbox(app).every((row) => row.sent_at !== null), "every e-mail to be sent");
    const sentBefore = smtp.received.length;

    // The relay goes down: the next booking's notification waits in the outbox during the backup.
    await smtp.stop();
    acknowledged.push(await book(app, "Lucía García"));
    const history = git(env.CONTENT_DIR, "log", "--format=%H %ae %s");
    // The audit log's key, made at the first privacy look-up: a restore without it could no longer match the log's digests.
    const auditKey = keyOf(env.DATA_DIR);

    // The backup, while the server serves and bookings keep coming.
    // (Those acknowledged while it runs may be in it or not: the copy is one moment during it.)
    const backup = npmRun("backup", [], env);
    await Promise.all(["Ana Pérez", "Yuki Tanaka", "Léa Dubois"].map((name) => book(app, name)));
    const backedUp = await backup;
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toMatch(
      /^backup: snapshot [0-9a-f]{8} in \d+ ms: \d+ files, \d+ bytes; database checked \(ok, schema \d+, \d+ tour bookings\); content \d+ commits at [0-9a-f]{12}/,
    );
    const snapshots = JSON.parse((await restic(["snapshots", "--json"], resticEnv)).stdout) as { short_id: string; tags: string[] }[];
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]!.tags).toEqual(["lescours-site"]);
    expect(backedUp.stdout).toContain(snapshots[0]!.short_id);
    expect((await restic(["check"], resticEnv)).code).toBe(0);
    expect((await app.inject({ url: "/healthz" })).json()).toMatchObject({
      backup: { ok: true, state: "ok", lastGood: { snapshot: expect.stringMatching(new RegExp(`^${snapshots[0]!.short_id}`)) } },
    });
    // The staging folder is gone; the backup left DATA_DIR as it found it but for restic's cache.
    expect(existsSync(join(env.DATA_DIR, ".backup"))).toBe(false);

    // The relay comes back: the old server sends the waiting notification, after the backup.
    await smtp.start();
    await waitFor(() => outbox(app).every((row) => row.sent_at !== null), "the waiting e-mails to be sent");
    const sentByOldServer = new Set(receivedIds());
    await stop(app);

    // The disk is lost.
    rmSync(env.DATA_DIR, { recursive: true, force: true });
    rmSync(env.CONTENT_DIR, { recursive: true, force: true });
    const restored = await npmRun("restore", ["latest"], env);
    expect(restored.code, restored.stderr).toBe(0);
    const heldCount = Number(/(\d+) e-mail\(s\) were waiting at the backup: held, not sent/.exec(restored.stdout)?.[1]);

    const again = await start(env);
    const bookings = new Set((again.db.prepare("SELECT id FROM tour_bookings").all() as { id: string }[]).map((row) => row.id));
    for (const id of acknowledged) expect(bookings.has(id), id).toBe(true);
    expect(keyOf(env.DATA_DIR).equals(auditKey)).toBe(true);
    expect(readdirSync(join(env.DATA_DIR, "content-uploads"))).toEqual([`${photo}.jpg`]);
    expect(git(env.CONTENT_DIR, "log", "--format=%H %ae %s")).toBe(history);
    expect(git(env.CONTENT_DIR, "status", "--porcelain")).toBe("");
    expect((JSON.parse(readFileSync(join(env.CONTENT_DIR, "wines/chateau-2020.json"), "utf8")) as { price: number }).price).toBe(61.5);

    // The staff sign in, and find the reply in the booking's history.
    const back = new StaffClient(again);
    expect((await back.signIn(office.email, office.password)).statusCode).toBe(303);
    expect((await back.get(url)).body).toContain("Nous vous attendons samedi à 10 h.");

    // No e-mail goes out twice: those waiting at the backup (the old server sent them afterwards)
    // are held, those sent before are recorded as sent; a new booking's notification and the
    // visitor's acknowledgement are the only e-mails the relay receives from the restored server.
    const rows = outbox(again);
    const held = rows.filter((row) => row.sent_at === null);
    expect(held.length).toBeGreaterThanOrEqual(1);
    expect(held.length).toBe(heldCount);
    for (const row of held) {
      expect(row.last_error).toMatch(/^held by the restore of the backup of /);
      expect([...sentByOldServer].some((id) => id?.startsWith(`<${row.message_id}@`))).toBe(true);
    }
    const received = smtp.received.length;
    expect(received).toBe(sentByOldServer.size);
    await book(again, "Nouvelle Réservation");
    await waitFor(() => smtp.received.length >= received + 2, "the new booking's notification and acknowledgement");
    await again.mailSender!.idle();
    const ids = receivedIds();
    expect(ids).toHaveLength(received + 2);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sentBefore).toBeGreaterThanOrEqual(5);
  }, 180_000);

  it("backs up on its schedule, in a process of its own, and /healthz follows: stale before, ok after", async () => {
    const repository = mkdtempSync(join(tmpdir(), "lescours-restic-"));
    // The repository that backup went to is there (a missing one would be refused: backup-repository.integration.test.ts).
    expect((await restic(["init"], { RESTIC_REPOSITORY: repository, RESTIC_PASSWORD: "correct horse battery staple" })).code).toBe(0);
    const dataDir = tempDataDir();
    // The last good backup was made 10 minutes ago, with one due every minute: the next is overdue.
    const db = openTestDatabase(dataDir);
    const before = new Date(Date.now() - 10 * 60_000).toISOString();
    db.prepare(
      "INSERT INTO backup_runs (trigger, host, pid, started_at, finished_at, status, snapshot) VALUES ('schedule', 'old', 1, ?, ?, 'done', 'cafebabe')",
    ).run(before, before);
    db.close();
    const env = {
      RESTIC_REPOSITORY: repository,
      RESTIC_PASSWORD: "correct horse battery staple",
      BACKUP_INTERVAL_MINUTES: "1",
      BUILD_DIR: fixtureBuild(),
      ...databaseEnv(dataDir),
      CONTENT_DIR: contentRepository(),
      LOG_LEVEL: "silent",
    };
    const app = await start(env);
    const stale = await app.inject({ url: "/healthz" });
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toMatchObject({ backup: { state: "stale", lastGood: { snapshot: "cafebabe" } } });
    const scheduled = () =>
      app.db.prepare("SELECT status, snapshot FROM backup_runs WHERE trigger = 'schedule' AND host != 'old'").all() as {
        status: string;
        snapshot: string | null;
      }[];
    await waitFor(() => scheduled().some((run) => run.status !== "running"), "the scheduled backup");
    // restic's id of the snapshot (0.14 gives its first eight characters, later versions the whole).
    expect(scheduled()).toEqual([{ status: "done", snapshot: expect.stringMatching(/^[0-9a-f]{8,64}$/) }]);
    const fresh = await app.inject({ url: "/healthz" });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ backup: { ok: true, state: "ok", lastGood: { snapshot: scheduled()[0]!.snapshot } } });
    const snapshots = JSON.parse((await restic(["snapshots", "--json"], env)).stdout) as { id: string }[];
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]!.id.startsWith(scheduled()[0]!.snapshot!)).toBe(true);
    await stop(app);
  }, 120_000);

  it("keeps what the retention says: the newest BACKUP_KEEP_LAST, then one a day and one a month", async () => {
    const repository = mkdtempSync(join(tmpdir(), "lescours-restic-"));
    const config = parseConfig({
      RESTIC_REPOSITORY: repository,
      RESTIC_PASSWORD: "correct horse battery staple",
      BACKUP_KEEP_LAST: "2",
      BACKUP_KEEP_DAILY: "0",
      BACKUP_KEEP_MONTHLY: "0",
      ...databaseEnv(tempDataDir()),
      CONTENT_DIR: contentRepository(),
    });
    const db = openTestDatabase(config.DATA_DIR);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await runBackup(db, config, "command")).snapshot);
    db.close();
    const kept = JSON.parse(
      (await restic(["snapshots", "--json"], { RESTIC_REPOSITORY: repository, RESTIC_PASSWORD: "correct horse battery staple" })).stdout,
    ) as { id: string }[];
    expect(kept.map((snapshot) => made.findIndex((id) => snapshot.id.startsWith(id)))).toEqual([1, 2]);
  }, 120_000);
});
