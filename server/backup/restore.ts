/**
 * A restore: one snapshot of restic's repository put back into an empty data folder (and an empty
 * content folder; with DATABASE_URL, an empty PostgreSQL database), every file checked against the
 * backup's manifest before anything is written.
 */
import { existsSync, readdirSync } from "node:fs";
import { chmod, copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Config } from "../config";
import { auditKeyFileName } from "../db/audit-key";
import { checkDatabaseCopy } from "../db/backups";
import { databaseFileName, openDatabase, type Db } from "../db/database";
import { withoutPassword } from "../log";
import { openPostgresAt } from "../startup";
import { holdUnsentMail, OutboxTable } from "../db/outbox";
import { restoreContent, verifyBundle } from "./content-history";
import { checkDump, markDumpTaken, restoreDump, restoreTargetProblem } from "./postgres-dump";
import { Restic } from "./restic";
import { contentFolder, resticEnvironment } from "./run";
import { manifestFileName, pictureFolders, sha256Of, type Manifest } from "./stage";

export interface RestoreOptions {
  /** A snapshot's id (or its first eight characters), or `latest`. */
  snapshot: string;
  /**
   * Send the e-mails that were waiting when the backup was taken. Off by default: the server that
   * was lost may have sent them after the backup, and a second copy is worse than a held one.
   */
  sendUnsent: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** E-mails that were waiting at the backup, now held (or sent after the start, with `sendUnsent`). */
  unsentMail: number;
  content: { restored: true } | { restored: false; advice: string } | null;
}

const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** The folder of a restored snapshot that holds the manifest (restic may keep the backed-up folder's path). */
async function backupRoot(target: string): Promise<string> {
  if (existsSync(join(target, manifestFileName))) return target;
  const found = (await readdir(target, { recursive: true, withFileTypes: true })).find((entry) => entry.isFile() && entry.name === manifestFileName);
  if (!found) throw new Error("the snapshot holds no manifest.json: it is not a backup of this site");
  return found.parentPath;
}

/** Checks every file the manifest lists: present, of its size and SHA-256. */
async function checkFiles(root: string, manifest: Manifest): Promise<void> {
  for (const file of manifest.files) {
    const path = join(root, file.path);
    if (!existsSync(path)) throw new Error(`the backup lacks ${file.path}`);
    if ((await stat(path)).size !== file.bytes || (await sha256Of(path)) !== file.sha256)
      throw new Error(`${file.path} differs from the manifest: the backup is damaged`);
  }
}

/** The backup's database is of the kind the configuration runs on: a SQLite file without DATABASE_URL, PostgreSQL's archive with it. */
function checkKind(manifest: Manifest, databaseUrl: string | undefined): void {
  const dump = manifest.database.format === "pg_dump";
  if (dump && !databaseUrl)
    throw new Error("the backup holds a PostgreSQL database (pg_dump): set DATABASE_URL to an empty PostgreSQL database to restore it there");
  if (!dump && databaseUrl)
    throw new Error(
      "the backup holds a SQLite database: unset DATABASE_URL to restore it into DATA_DIR (a restore does not move data from SQLite to PostgreSQL)",
    );
}

/**
 * Restores a snapshot into DATA_DIR (which must be absent or empty), CONTENT_DIR (its own
 * repository: absent or empty) and, with DATABASE_URL, the PostgreSQL database there (which must
 * hold no table). E-mails waiting in the outbox at the backup are held unless `sendUnsent`;
 * e-mails sent before it are recorded as sent and never go again.
 */
export async function restoreBackup(config: Config, options: RestoreOptions, now = new Date()): Promise<RestoreResult> {
  const dataDir = resolve(config.DATA_DIR);
  if (!isEmpty(dataDir))
    throw new Error(`DATA_DIR=${JSON.stringify(dataDir)} is not empty: a restore goes into an empty data folder (move the old one aside first)`);
  const databaseUrl = config.DATABASE_URL;
  if (databaseUrl) {
    const problem = await restoreTargetProblem(databaseUrl);
    if (problem) throw new Error(`the database of DATABASE_URL=${JSON.stringify(withoutPassword(databaseUrl))} cannot take a restore: ${problem}`);
  }
  const contentDir = contentFolder(config);
  const target = await mkdtemp(join(tmpdir(), "lescours-restore-"));
  try {
    await new Restic(resticEnvironment(config), null).restore(options.snapshot, target);
    const root = await backupRoot(target);
    const manifest = JSON.parse(await readFile(join(root, manifestFileName), "utf8")) as Manifest;
    if (manifest.format !== 1) throw new Error(`the backup's manifest has format ${String(manifest.format)}, which this code does not read`);
    await checkFiles(root, manifest);
    checkKind(manifest, databaseUrl);
    const database = join(root, manifest.database.file);
    if (databaseUrl) await checkDump(database);
    else checkDatabaseCopy(database);
    if (manifest.content) await verifyBundle(join(root, manifest.content.bundle), root, manifest.content.head);
    // Checked before anything is written: a content folder of its own is restored into an empty one.
    if (manifest.content?.path === "." && !isEmpty(contentDir)) {
      throw new Error(
        `CONTENT_DIR=${JSON.stringify(contentDir)} is not empty: a restore puts the content's history into an empty folder (move the old one aside first)`,
      );
    }

    await mkdir(dataDir, { recursive: true });
    if (databaseUrl) {
      await restoreDump(databaseUrl, database, manifest.database);
      await markDumpTaken(databaseUrl, manifest.takenAt);
    } else await copyFile(database, join(dataDir, databaseFileName));
    if (existsSync(join(root, auditKeyFileName))) {
      await copyFile(join(root, auditKeyFileName), join(dataDir, auditKeyFileName));
      await chmod(join(dataDir, auditKeyFileName), 0o600);
    }
    for (const folder of pictureFolders) if (existsSync(join(root, folder))) await cp(join(root, folder), join(dataDir, folder), { recursive: true });

    // Opened as the server opens it: migrations newer than the backup are applied now.
    const db: Db = databaseUrl ? openPostgresAt(databaseUrl) : openDatabase(dataDir);
    let unsentMail: number;
    try {
      const reason = `held by the restore of the backup of ${manifest.takenAt}: the server that was lost may have sent it after that backup, so it is not sent again (npm run restore -- <snapshot> --send-unsent sends such e-mails)`;
      unsentMail = options.sendUnsent ? new OutboxTable(db).unsentCount() : holdUnsentMail(db, reason, now.toISOString());
    } finally {
      db.close();
    }
    const content = manifest.content ? await restoreContent(join(root, manifest.content.bundle), contentDir, manifest.content) : null;
    return { manifest, unsentMail, content };
  } finally {
    await rm(target, { recursive: true, force: true });
  }
}
