import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { buildServer } from "../app";
import { parseConfig } from "../config";
import { runBackup } from "../backup/run";
import { StaffStore } from "../db/staff";
import { addStaff, siteUrl } from "./support/admin";
import { npmRun, restic } from "./support/commands";
import { contentRepository } from "./support/content";
import { fixtureBuild, parseMail, tempDataDir, TestSmtp, waitFor } from "./support/fixtures";
import { databaseEnv } from "./support/test-database";

/**
 * A backup whose repository vanished (an unmounted disk, a wrong path, an emptied bucket) or was
 * swapped for another used to make a new, empty repository and report success, with /healthz
 * "ok" (the sixth probe's G4). The repository's identity is recorded at the first backup; a later
 * backup to a missing or different one fails, /healthz turns 503 naming it, the admins are mailed
 * once per run of failures in their language, and `npm run backup -- --init` starts a new
 * repository on purpose. The commands run in processes of their own; restic is Debian's.
 */
const smtp = new TestSmtp();
const servers = new Set<FastifyInstance>();
afterAll(async () => {
  await Promise.all([...servers].map((app) => app.close()));
  await smtp.stop();
});

const password = "correct horse battery staple";

/** A server with mail and backups to a repository folder the first backup makes. */
async function estate() {
  if (!smtp.port) await smtp.start();
  const repository = join(mkdtempSync(join(tmpdir(), "lescours-restic-")), "repository");
  const env = {
    RESTIC_REPOSITORY: repository,
    RESTIC_PASSWORD: password,
    BUILD_DIR: fixtureBuild(),
    // DATA_DIR, and in the "postgres" project the test's own PostgreSQL database.
    ...databaseEnv(tempDataDir()),
    CONTENT_DIR: contentRepository(),
    SMTP_URL: smtp.url,
    SITE_URL: siteUrl,
    RATE_LIMIT_MAX: "0",
    LOG_LEVEL: "silent",
    // The schedule's first backup would come a day after the start: only the test's backups run.
    BACKUP_INTERVAL_MINUTES: "1440",
  };
  const config = parseConfig(env);
  const app = await buildServer(config);
  await app.ready();
  servers.add(app);
  return { app, env, config, repository, resticEnv: { RESTIC_REPOSITORY: repository, RESTIC_PASSWORD: password } };
}

const snapshotsIn = async (env: Record<string, string>) => JSON.parse((await restic(["snapshots", "--json"], env)).stdout) as { id: string }[];

describe("a backup repository that vanished", () => {
  it("makes the next backup exit non-zero without a new repository in its place, and /healthz answer 503 naming the snapshot it held", async () => {
    const { app, env, repository } = await estate();
    const first = await npmRun("backup", [], env);
    expect(first.code, first.stderr).toBe(0);
    const snapshot = /^backup: snapshot ([0-9a-f]{8}) /.exec(first.stdout)![1]!;
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);

    // The disk is not mounted: the folder is gone.
    rmSync(repository, { recursive: true });
    const second = await npmRun("backup", [], env);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`the repository that held snapshot ${snapshot} is gone`);
    expect(existsSync(repository)).toBe(false);
    const health = await app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: "unavailable",
      backup: { ok: false, state: "failed", lastFailure: { error: expect.stringContaining(`the repository that held snapshot ${snapshot} is gone`) } },
    });

    // Started again on purpose: a new repository, and the backups are healthy again.
    const init = await npmRun("backup", ["--init"], env);
    expect(init.code, init.stderr).toBe(0);
    expect(await snapshotsIn({ RESTIC_REPOSITORY: repository, RESTIC_PASSWORD: password })).toHaveLength(1);
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
  }, 180_000);

  it("refuses a repository swapped for another, writing nothing to it, until `--init` chooses it", async () => {
    const { app, config, repository, resticEnv } = await estate();
    const first = await runBackup(app.db, config, "command");
    // Another repository where the first one was (another disk mounted at the same place).
    rmSync(repository, { recursive: true });
    expect((await restic(["init"], resticEnv)).code).toBe(0);
    await expect(runBackup(app.db, config, "command")).rejects.toThrow(
      `the repository at ${repository} is not the one that held snapshot ${first.snapshot.slice(0, 8)}`,
    );
    expect(await snapshotsIn(resticEnv)).toHaveLength(0);
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(503);

    // Nor does another password open the way: refused, in words the staff area can say.
    await expect(runBackup(app.db, { ...config, RESTIC_PASSWORD: "another password" }, "command")).rejects.toMatchObject({ problem: "password" });

    const chosen = await runBackup(app.db, config, "command", { init: true });
    expect((await snapshotsIn(resticEnv)).map((snapshot) => snapshot.id.slice(0, 8))).toEqual([chosen.snapshot.slice(0, 8)]);
    // From then on the new one is the repository: the next backup goes there without a word.
    await runBackup(app.db, config, "command");
    expect(await snapshotsIn(resticEnv)).toHaveLength(2);
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
  }, 180_000);

  it("mails each admin once per run of failures, in their language and in words, not restic's", async () => {
    const { app, config, repository, resticEnv } = await estate();
    const store = new StaffStore(app.db);
    await addStaff(app, "marie@hermitage-lescours.example", "a long and unusual passphrase", "admin");
    await addStaff(app, "tom@hermitage-lescours.example", "another long passphrase here", "admin");
    store.setLanguage(store.find("tom@hermitage-lescours.example")!.id, "en");
    await addStaff(app, "sophie@hermitage-lescours.example", "a third long passphrase", "inbox");
    await runBackup(app.db, config, "command");
    rmSync(repository, { recursive: true });
    // The schedule tries every interval: three failures in a row are one failure to tell.
    for (let i = 0; i < 3; i++) await expect(runBackup(app.db, config, "command")).rejects.toThrow(/is gone/);
    // What another process queued goes out at the server's minute sweep (run now).
    await app.sweepBookings();
    await waitFor(() => smtp.received.length >= 2, "the admins' e-mails");
    await app.mailSender!.idle();
    const mails = () => smtp.received.map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
    expect(
      mails()
        .map((mail) => mail.to[0])
        .sort(),
    ).toEqual(["marie@hermitage-lescours.example", "tom@hermitage-lescours.example"]);
    const estateName = app.content.current.site.estateName;
    const french = mails().find((mail) => mail.to[0] === "marie@hermitage-lescours.example")!;
    const english = mails().find((mail) => mail.to[0] === "tom@hermitage-lescours.example")!;
    const fr = adminTranslator("fr").t;
    const en = adminTranslator("en").t;
    expect(french.header("subject")).toBe(fr("backupMail.subject", { estate: estateName }));
    expect(english.header("subject")).toBe(en("backupMail.subject", { estate: estateName }));
    // Where the repository was, in the admin's words; restic's own text only as the detail for whoever runs the server.
    const where = (t: typeof fr) => t("backup.where.folder", { path: repository });
    expect(french.text.replace(/\s+/g, " ")).toContain(where(fr));
    expect(english.text.replace(/\s+/g, " ")).toContain(where(en));
    const [words, detail] = french.text.split(fr("backupMail.detail", { error: "" }));
    expect(words).not.toMatch(/Fatal|Is there a repository|snapshot/);
    expect(detail).toContain("is gone");

    // Working again, then failing anew: a new mail to each.
    expect((await restic(["init"], resticEnv)).code).toBe(0);
    await runBackup(app.db, config, "command", { init: true });
    rmSync(repository, { recursive: true });
    await expect(runBackup(app.db, config, "command")).rejects.toThrow(/is gone/);
    await app.sweepBookings();
    await waitFor(() => smtp.received.length >= 4, "the second failure's e-mails");
    await app.mailSender!.idle();
    expect(smtp.received).toHaveLength(4);
  }, 180_000);
});
