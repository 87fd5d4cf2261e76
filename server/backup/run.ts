/**
 * A whole backup, as `npm run backup` and the server's schedule make it (the schedule runs the
 * same command in a process of its own, at low priority): staged and checked in
 * `DATA_DIR/.backup`, sent to restic, the retention applied, the run recorded in the database.
 */
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { rm } from "node:fs/promises";
import { projectDir, type Config } from "../config";
import { backupHistory, beginBackupRun, finishBackupRun, markCopyTaken, type BackupTrigger } from "../db/backups";
import type { Db } from "../db/database";
import { sha256Of, manifestFileName, stageBackup, type Manifest } from "./stage";
import { Restic } from "./restic";

/** Where a backup is made before restic takes it (removed afterwards), and restic's cache. */
const stagingFolder = (dataDir: string) => join(dataDir, ".backup");
const cacheFolder = (dataDir: string) => join(dataDir, ".restic-cache");

/** The repository is pruned (its packs rewritten to free space) at most this often; forgetting is every time. */
const pruneEveryMs = 24 * 60 * 60 * 1000;

/** Another backup is running (its process alive): this one is not started. */
export class BackupBusy extends Error {
  override name = "BackupBusy";
}

export interface BackupResult {
  runId: number;
  snapshot: string;
  bytes: number;
  manifest: Manifest;
  pruned: boolean;
  ms: number;
}

/** The content folder the server edits: CONTENT_DIR, or the project's own. */
export const contentFolder = (config: Config) => resolve(config.CONTENT_DIR ?? join(projectDir, "content"));

/** The environment restic runs with: the process's, with the configuration's restic variables (a test's config may not come from it). */
export function resticEnvironment(config: Config): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["RESTIC_REPOSITORY", "RESTIC_REPOSITORY_FILE", "RESTIC_PASSWORD", "RESTIC_PASSWORD_FILE", "RESTIC_PASSWORD_COMMAND"] as const) {
    if (config[name] !== undefined) env[name] = config[name];
  }
  return env;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Makes one backup of the database `db` (a connection of this process: the copy is consistent
 * while others write), DATA_DIR's key and waiting photographs, and the content's history; sends
 * it to restic and applies the retention. The run is recorded, failed or done; a failure throws.
 */
export async function runBackup(db: Db, config: Config, trigger: BackupTrigger): Promise<BackupResult> {
  const started = Date.now();
  const begun = beginBackupRun(db, { trigger, host: hostname(), pid: process.pid, now: new Date(), alive });
  if ("busy" in begun) throw new BackupBusy(`another backup is running (process ${begun.busy.pid} on ${begun.busy.host}, since ${begun.busy.started_at})`);
  const dataDir = resolve(config.DATA_DIR);
  const staging = stagingFolder(dataDir);
  try {
    const manifest = await stageBackup(db, { dataDir, contentDir: contentFolder(config), staging }, (copy, at) => markCopyTaken(copy, begun.id, at));
    const restic = new Restic(resticEnvironment(config), cacheFolder(dataDir));
    const { snapshot, bytes } = await restic.backup(staging);
    const lastPruned = backupHistory(db).lastPrunedAt;
    const pruned = lastPruned === null || Date.now() - Date.parse(lastPruned) >= pruneEveryMs;
    await restic.forget({ last: config.BACKUP_KEEP_LAST, daily: config.BACKUP_KEEP_DAILY, monthly: config.BACKUP_KEEP_MONTHLY }, pruned);
    const manifestSha256 = await sha256Of(join(staging, manifestFileName));
    finishBackupRun(db, begun.id, { ok: true, snapshot, bytes, manifestSha256, pruned }, new Date());
    return { runId: begun.id, snapshot, bytes, manifest, pruned, ms: Date.now() - started };
  } catch (error) {
    finishBackupRun(db, begun.id, { ok: false, error: error instanceof Error ? error.message : String(error) }, new Date());
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
