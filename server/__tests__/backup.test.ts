import { closeSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stageBackup, sha256Of, type Manifest } from "../backup/stage";
import { backupStatus } from "../backup/status";
import {
  backupHistory,
  beginBackupRun,
  checkDatabaseCopy,
  copyDatabase,
  failBackupRun,
  finishBackupRun,
  knownRepository,
  recordRepository,
} from "../db/backups";
import { openDatabase } from "../db/database";
import { enqueueMail } from "../db/outbox";
import { outgoingMail } from "../mail/outgoing";
import { contentRepository, git } from "./support/content";
import { tempDataDir } from "./support/fixtures";

/**
 * The parts of a backup that need no restic: the copy and its check, the manifest, the lock two
 * backups share, and what /healthz makes of the runs (the whole backup and restore:
 * restore-drill.integration.test.ts).
 */

describe("a backup's folder", () => {
  it("holds the checked database, the audit key, the whole waiting photographs and the content's bundle, each in the manifest with its size and SHA-256", async () => {
    const dataDir = tempDataDir();
    const db = openDatabase(dataDir);
    enqueueMail(
      db,
      outgoingMail({ kind: "notification", to: "estate@example.org", replyTo: null, subject: "s", text: "t", headers: {} }),
      { type: "contact-messages", id: "x" },
      new Date().toISOString(),
    );
    writeFileSync(join(dataDir, "audit-key"), `${"ab".repeat(32)}\n`, { mode: 0o600 });
    mkdirSync(join(dataDir, "content-uploads"));
    writeFileSync(join(dataDir, "content-uploads", "upload-0123456789abcdef.jpg"), "a picture");
    writeFileSync(join(dataDir, "content-uploads", "upload-0123456789abcdef.jpg.5f1c.tmp"), "half a picture");
    // A newsletter's photograph, which mail programs fetch for as long as the issue is read.
    mkdirSync(join(dataDir, "newsletter-pictures"));
    writeFileSync(join(dataDir, "newsletter-pictures", "upload-fedcba9876543210.jpg"), "a newsletter's picture");
    const contentDir = contentRepository();
    const staging = join(dataDir, ".backup");
    let marked = false;
    const manifest: Manifest = await stageBackup(db, { dataDir, contentDir, staging }, () => (marked = true));
    db.close();
    expect(marked).toBe(true);
    expect(manifest.files.map((file) => file.path)).toEqual([
      "audit-key",
      "content-uploads/upload-0123456789abcdef.jpg",
      "content.bundle",
      "newsletter-pictures/upload-fedcba9876543210.jpg",
      "submissions.sqlite",
    ]);
    for (const file of manifest.files) {
      expect(statSync(join(staging, file.path)).size, file.path).toBe(file.bytes);
      expect(await sha256Of(join(staging, file.path)), file.path).toBe(file.sha256);
    }
    expect(manifest.database).toMatchObject({ integrity: "ok", rows: { outbox: 1 } });
    expect(manifest.content).toMatchObject({
      head: git(contentDir, "rev-parse", "HEAD").trim(),
      branch: git(contentDir, "symbolic-ref", "--short", "HEAD").trim(),
      commits: 1,
      path: ".",
    });
    expect(JSON.parse(readFileSync(join(staging, "manifest.json"), "utf8"))).toEqual(manifest);
  });

  it("is refused when the copy of the database fails its integrity check", async () => {
    const dataDir = tempDataDir();
    const db = openDatabase(dataDir);
    for (let i = 0; i < 200; i++)
      enqueueMail(
        db,
        outgoingMail({ kind: "notification", to: `n${i}@example.org`, replyTo: null, subject: `subject ${i}`, text: "x".repeat(400), headers: {} }),
        { type: "contact-messages", id: String(i) },
        new Date().toISOString(),
      );
    const copy = join(dataDir, "copy.sqlite");
    await copyDatabase(db, copy);
    db.close();
    expect(checkDatabaseCopy(copy).integrity).toBe("ok");
    // A disk that returns other bytes: a page in the middle of the file overwritten.
    const fd = openSync(copy, "r+");
    const pageSize = 4096;
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, Math.floor(statSync(copy).size / pageSize / 2) * pageSize);
    closeSync(fd);
    expect(() => checkDatabaseCopy(copy)).toThrow(/integrity check/);
  });
});

describe("the backups' lock and records", () => {
  it("lets one backup run at a time, and frees the lock of one whose process has gone", () => {
    const db = openDatabase(tempDataDir());
    const now = new Date();
    const first = beginBackupRun(db, { trigger: "command", host: "here", pid: 101, now, alive: () => true });
    expect(first).toMatchObject({ id: expect.any(Number) });
    expect(beginBackupRun(db, { trigger: "schedule", host: "here", pid: 102, now, alive: (pid) => pid === 101 })).toMatchObject({ busy: { pid: 101 } });
    // 101 died halfway (kill -9): its run is marked failed, and the next one starts.
    const next = beginBackupRun(db, { trigger: "schedule", host: "here", pid: 102, now, alive: () => false });
    expect(next).toMatchObject({ id: expect.any(Number) });
    expect(backupHistory(db).lastFinished).toMatchObject({ pid: 101, status: "failed", error: "the backup's process stopped before it finished" });
    finishBackupRun(db, (next as { id: number }).id, { ok: true, snapshot: "0123abcd", bytes: 10, manifestSha256: "f".repeat(64), pruned: true }, now);
    expect(backupHistory(db)).toMatchObject({
      lastGood: { snapshot: "0123abcd" },
      lastFinished: { snapshot: "0123abcd" },
      running: null,
      lastPrunedAt: now.toISOString(),
    });
    db.close();
  });

  it("know the repository the backups belong in: the newest one a good or choosing run went to, whatever its id's letters", () => {
    const db = openDatabase(tempDataDir());
    const now = new Date();
    const run = (repository: string, outcome: "done" | "failed", chosen: boolean, snapshot: string) => {
      const begun = beginBackupRun(db, { trigger: "command", host: "here", pid: 101, now, alive: () => false }) as { id: number };
      recordRepository(db, begun.id, repository, chosen);
      if (outcome === "done") finishBackupRun(db, begun.id, { ok: true, snapshot, bytes: 1, manifestSha256: "f".repeat(64), pruned: false }, now);
      else failBackupRun(db, begun.id, { error: "failed", problem: null }, now, []);
    };
    expect(knownRepository(db)).toBeNull();
    run("f".repeat(64), "done", true, "aaaaaaaa");
    // Moved to a new repository on purpose (--init), whose id sorts before the old one's.
    run("0".repeat(64), "done", true, "bbbbbbbb");
    expect(knownRepository(db)).toEqual({ id: "0".repeat(64), snapshot: "bbbbbbbb" });
    // A run that chose a repository and then failed still moved the backups there.
    run("1".repeat(64), "failed", true, "");
    expect(knownRepository(db)).toEqual({ id: "1".repeat(64), snapshot: null });
    db.close();
  });

  it("reports a first backup as due until twice the schedule has passed since the start, then stale", () => {
    const startedAt = new Date("2027-01-01T10:00:00Z");
    const at = (minutes: number) =>
      backupStatus(null, { configured: true, intervalMinutes: 15, startedAt, now: new Date(startedAt.getTime() + minutes * 60_000) });
    expect(at(29)).toMatchObject({ ok: true, state: "none yet" });
    expect(at(31)).toMatchObject({ ok: false, state: "stale", lastGood: null });
    expect(backupStatus(null, { configured: false, intervalMinutes: 15, startedAt, now: new Date(startedAt.getTime() + 999 * 60_000) })).toMatchObject({
      ok: true,
      state: "not configured",
    });
  });
});
