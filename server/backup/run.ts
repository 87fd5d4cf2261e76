/**
 * A whole backup, as `npm run backup` and the server's schedule make it (the schedule runs the
 * same command in a process of its own, at low priority): the repository checked to be the one
 * the backups belong in, staged and checked in `DATA_DIR/.backup`, sent to restic, the retention
 * applied, the run recorded in the database; a failure is recorded too, and the first of a run of
 * failures queues an e-mail to each admin.
 */
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { rm } from "node:fs/promises";
import { projectDir, type Config } from "../config";
import { ContentStore } from "../content-store";
import {
  backupHistory,
  beginBackupRun,
  failBackupRun,
  finishBackupRun,
  firstFailureToTell,
  knownRepository,
  markCopyTaken,
  recordRepository,
  type BackupAlert,
  type BackupTrigger,
} from "../db/backups";
import type { Db } from "../db/database";
import { adminsToTell } from "../db/staff";
import { backupFailureMail } from "../mail/backup-alert";
import type { BackupProblem, RepositoryPlace } from "#core/backup";
import { placeInEnglish, repositoryPlace } from "./repository";
import { sha256Of, manifestFileName, stageBackup, type Manifest } from "./stage";
import { Restic, ResticError } from "./restic";

/** Where a backup is made before restic takes it (removed afterwards), and restic's cache. */
const stagingFolder = (dataDir: string) => join(dataDir, ".backup");
const cacheFolder = (dataDir: string) => join(dataDir, ".restic-cache");

/** The repository is pruned (its packs rewritten to free space) at most this often; forgetting is every time. */
const pruneEveryMs = 24 * 60 * 60 * 1000;

/** Another backup is running (its process alive): this one is not started. */
export class BackupBusy extends Error {
  override name = "BackupBusy";
}

/** The repository is not the one the backups belong in (gone, or another in its place), or refuses the password: nothing was written. */
class RepositoryRefused extends Error {
  override name = "RepositoryRefused";
  constructor(
    message: string,
    readonly problem: BackupProblem,
  ) {
    super(message);
  }
}

const shortId = (id: string) => id.slice(0, 8);

/**
 * Checks that restic's repository is the one the backups belong in, before anything is written,
 * and records its identity on the run. A missing repository is made only when no backup was
 * ever recorded (the first one), or when `init` asks (`npm run backup -- --init`: a new
 * repository on purpose); otherwise it is gone (an unmounted disk, a wrong path, an emptied
 * bucket) and the backup fails, where restic would have made a new, empty one and reported
 * success. A repository with another identity is refused the same way, unless `init` chooses it.
 */
async function checkRepository(db: Db, restic: Restic, run: { id: number; init: boolean; place: RepositoryPlace | null }): Promise<void> {
  const known = knownRepository(db);
  const lastGood = backupHistory(db).lastGood;
  const held = known?.snapshot ?? lastGood?.snapshot ?? null;
  const what = held ? `the repository that held snapshot ${shortId(held)}` : "the repository the backups went to";
  const where = placeInEnglish(run.place);
  let found: Awaited<ReturnType<Restic["identity"]>>;
  try {
    found = await restic.identity();
  } catch (error) {
    if (error instanceof ResticError && error.wrongPassword)
      throw new RepositoryRefused(`the repository at ${where} refuses the password: ${error.message}`, "password");
    throw error;
  }
  let chosen = run.init || known === null;
  if (found.id === null) {
    if ((known || lastGood) && !run.init)
      throw new RepositoryRefused(
        `${what} is gone: restic finds no repository at ${where} (${found.error.message}). Nothing was backed up, and no new repository was made in its place: ` +
          'mount or restore it, or correct RESTIC_REPOSITORY; to start a new repository on purpose, run "npm run backup -- --init"',
        "repository-gone",
      );
    await restic.init();
    found = await restic.identity();
    if (found.id === null) throw found.error;
    chosen = true;
  } else if (known && known.id !== found.id && !run.init) {
    throw new RepositoryRefused(
      `the repository at ${where} is not the one that held ${held ? `snapshot ${shortId(held)}` : "the backups"} (its id begins ${shortId(found.id)}, the backups went to ${shortId(known.id)}): ` +
        'nothing was backed up to it. Put the right one back, or to back up to this one from now on, run "npm run backup -- --init"',
      "repository-replaced",
    );
  }
  recordRepository(db, run.id, found.id, chosen);
}

/** The estate's name for the admins' e-mail, as the content folder says it (the site's address if it cannot be read). */
function estateName(config: Config): string {
  try {
    return new ContentStore(contentFolder(config)).current.site.estateName;
  } catch {
    return new URL(config.SITE_URL).host;
  }
}

/** The e-mail to each admin about a failed backup, in their language (French, the estate's, until they chose one). */
function alertsToAdmins(
  db: Db,
  config: Config,
  failure: { at: Date; problem: BackupProblem | null; error: string; place: RepositoryPlace | null },
): BackupAlert[] {
  const admins = adminsToTell(db);
  if (admins.length === 0) return [];
  const estate = estateName(config);
  const lastGood = backupHistory(db).lastGood?.finished_at ?? null;
  const at = failure.at.toISOString();
  const staffPage = new URL("/admin/staff", config.SITE_URL).toString();
  return admins.map((admin) => ({
    to: admin.email,
    mail: backupFailureMail(admin.language ?? "fr", { ...failure, to: admin.email, estate, at, lastGood, staffPage }),
  }));
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
export async function runBackup(db: Db, config: Config, trigger: BackupTrigger, options: { init?: boolean } = {}): Promise<BackupResult> {
  const started = Date.now();
  const begun = beginBackupRun(db, { trigger, host: hostname(), pid: process.pid, now: new Date(), alive });
  if ("busy" in begun) throw new BackupBusy(`another backup is running (process ${begun.busy.pid} on ${begun.busy.host}, since ${begun.busy.started_at})`);
  const dataDir = resolve(config.DATA_DIR);
  const staging = stagingFolder(dataDir);
  const place = repositoryPlace(config);
  try {
    const restic = new Restic(resticEnvironment(config), cacheFolder(dataDir));
    // Before the copy is taken: the copy then knows the repository it went to (a restore keeps it).
    await checkRepository(db, restic, { id: begun.id, init: options.init ?? false, place });
    const manifest = await stageBackup(db, { dataDir, contentDir: contentFolder(config), staging, databaseUrl: config.DATABASE_URL }, (copy, at) =>
      markCopyTaken(copy, begun.id, at),
    );
    const { snapshot, bytes } = await restic.backup(staging);
    const lastPruned = backupHistory(db).lastPrunedAt;
    const pruned = lastPruned === null || Date.now() - Date.parse(lastPruned) >= pruneEveryMs;
    await restic.forget({ last: config.BACKUP_KEEP_LAST, daily: config.BACKUP_KEEP_DAILY, monthly: config.BACKUP_KEEP_MONTHLY }, pruned);
    const manifestSha256 = await sha256Of(join(staging, manifestFileName));
    finishBackupRun(db, begun.id, { ok: true, snapshot, bytes, manifestSha256, pruned }, new Date());
    return { runId: begun.id, snapshot, bytes, manifest, pruned, ms: Date.now() - started };
  } catch (error) {
    const failure = {
      at: new Date(),
      error: error instanceof Error ? error.message : String(error),
      problem: error instanceof RepositoryRefused ? error.problem : null,
      place,
    };
    // The first failure since the last good backup tells the admins: their e-mails are made here and queued with it.
    const alerts = firstFailureToTell(db, begun.id) ? alertsToAdmins(db, config, failure) : [];
    failBackupRun(db, begun.id, failure, failure.at, alerts);
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
