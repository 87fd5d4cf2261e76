/**
 * The backups' own records (table `backup_runs`, migrations 50 and 91: each run, the repository it
 * went to, why it failed, whether the admins were told) and what the backup does to a copy
 * of the database: SQLite's online backup API, `PRAGMA integrity_check`, the counts the manifest
 * keeps. The files, git and restic are server/backup/'s.
 */
import Database from "better-sqlite3";
import type { BackupProblem } from "#core/backup";
import type { OutgoingMail } from "#core/mail";
import type { Db, SqliteDb } from "./database";
import { enqueueMail } from "./outbox";

export type BackupTrigger = "schedule" | "command";

export interface BackupRun {
  id: number;
  trigger: BackupTrigger;
  host: string;
  pid: number;
  started_at: string;
  finished_at: string | null;
  status: "running" | "done" | "failed";
  snapshot: string | null;
  bytes: number | null;
  manifest_sha256: string | null;
  error: string | null;
  pruned_at: string | null;
  /** restic's id of the repository the run went to, once checked. */
  repository_id: string | null;
  /** 1 when this run made or chose its repository (the first backup, or `npm run backup -- --init`). */
  repository_chosen: 0 | 1;
  problem: BackupProblem | null;
  /** When the admins were mailed about this failure. */
  alerted_at: string | null;
}

/** How long a running backup of another machine (which cannot be asked whether it lives) holds the lock. */
const foreignRunLimitMs = 6 * 60 * 60 * 1000;

/**
 * Records a new run unless another one is running: its id, or the run in the way. A running row
 * whose process has gone (this machine's, by its pid; another machine's after six hours) is marked
 * failed first, so a backup killed halfway never blocks the next one.
 */
export function beginBackupRun(
  db: Db,
  run: { trigger: BackupTrigger; host: string; pid: number; now: Date; alive: (pid: number) => boolean },
): { id: number } | { busy: BackupRun } {
  return db
    .transaction(() => {
      const at = run.now.toISOString();
      for (const row of db.prepare("SELECT * FROM backup_runs WHERE status = 'running'").all() as BackupRun[]) {
        const gone = row.host === run.host ? !run.alive(row.pid) : run.now.getTime() - Date.parse(row.started_at) > foreignRunLimitMs;
        if (!gone) return { busy: row };
        db.prepare("UPDATE backup_runs SET status = 'failed', finished_at = ?, error = ? WHERE id = ?").run(
          at,
          "the backup's process stopped before it finished",
          row.id,
        );
      }
      const row = db
        .prepare("INSERT INTO backup_runs (trigger, host, pid, started_at, status) VALUES (?, ?, ?, ?, 'running') RETURNING id")
        .get(run.trigger, run.host, run.pid, at) as { id: number };
      return { id: row.id };
    })
    .immediate();
}

/**
 * The repository the backups belong in: the id the newest run that succeeded or chose its
 * repository went to, and the last snapshot made there; null before any was recorded.
 */
export function knownRepository(db: Db): { id: string; snapshot: string | null } | null {
  // Ordered by the run's own id (newest first): not by an alias of the repository's.
  const row = db
    .prepare(
      "SELECT repository_id FROM backup_runs WHERE repository_id IS NOT NULL AND (status = 'done' OR repository_chosen = 1) ORDER BY backup_runs.id DESC LIMIT 1",
    )
    .get() as { repository_id: string } | undefined;
  if (!row) return null;
  const last = db
    .prepare("SELECT snapshot FROM backup_runs WHERE status = 'done' AND repository_id = ? AND snapshot IS NOT NULL ORDER BY id DESC LIMIT 1")
    .get(row.repository_id) as { snapshot: string } | undefined;
  return { id: row.repository_id, snapshot: last?.snapshot ?? null };
}

/** Records the repository a running backup checked and goes to; `chosen` when the run made or chose it. */
export function recordRepository(db: Db, runId: number, repositoryId: string, chosen: boolean): void {
  db.prepare("UPDATE backup_runs SET repository_id = ?, repository_chosen = ? WHERE id = ?").run(repositoryId, chosen ? 1 : 0, runId);
}

/**
 * Whether a failure is the first since the last good backup that the admins were not told of:
 * they are mailed once per run of failures, not at every try of the schedule.
 */
export function firstFailureToTell(db: Db, runId: number): boolean {
  const told = db
    .prepare(
      "SELECT 1 FROM backup_runs WHERE alerted_at IS NOT NULL AND id < ? AND id > coalesce((SELECT max(id) FROM backup_runs WHERE status = 'done'), 0) LIMIT 1",
    )
    .get(runId);
  return told === undefined;
}

/** An e-mail to an admin about a failed backup, made by the backup (server/backup/run.ts) before its failure is recorded. */
export interface BackupAlert {
  to: string;
  mail: OutgoingMail;
}

/**
 * Records a failed run, and with it, in the same transaction, queues the `alerts` to the admins
 * when this is the first failure since the last good backup (else they were told already, and the
 * alerts are dropped).
 */
export function failBackupRun(db: Db, id: number, failure: { error: string; problem: BackupProblem | null }, now: Date, alerts: readonly BackupAlert[]): void {
  db.transaction(() => {
    const at = now.toISOString();
    db.prepare("UPDATE backup_runs SET status = 'failed', finished_at = ?, error = ?, problem = ? WHERE id = ?").run(
      at,
      failure.error.slice(0, 2000),
      failure.problem,
      id,
    );
    if (!firstFailureToTell(db, id)) return;
    for (const alert of alerts) enqueueMail(db, alert.mail, { type: "staff", id: alert.to }, at);
    db.prepare("UPDATE backup_runs SET alerted_at = ? WHERE id = ?").run(at, id);
  }).immediate();
}

/** Records how a run ended. */
export function finishBackupRun(
  db: Db,
  id: number,
  outcome: { ok: true; snapshot: string; bytes: number; manifestSha256: string; pruned: boolean } | { ok: false; error: string },
  now: Date,
): void {
  const at = now.toISOString();
  if (outcome.ok) {
    db.prepare("UPDATE backup_runs SET status = 'done', finished_at = ?, snapshot = ?, bytes = ?, manifest_sha256 = ?, pruned_at = ? WHERE id = ?").run(
      at,
      outcome.snapshot,
      outcome.bytes,
      outcome.manifestSha256,
      outcome.pruned ? at : null,
      id,
    );
  } else {
    db.prepare("UPDATE backup_runs SET status = 'failed', finished_at = ?, error = ? WHERE id = ?").run(at, outcome.error.slice(0, 2000), id);
  }
}

/** What the health check and the staff area read: the newest good run, the newest finished one, the one running. */
export interface BackupHistory {
  lastGood: BackupRun | null;
  lastFinished: BackupRun | null;
  running: BackupRun | null;
  /** When the repository was last pruned. */
  lastPrunedAt: string | null;
}

export function backupHistory(db: Db): BackupHistory {
  const one = (sql: string) => (db.prepare(sql).get() as BackupRun | undefined) ?? null;
  return {
    lastGood: one("SELECT * FROM backup_runs WHERE status = 'done' ORDER BY finished_at DESC, id DESC LIMIT 1"),
    lastFinished: one("SELECT * FROM backup_runs WHERE status IN ('done', 'failed') ORDER BY finished_at DESC, id DESC LIMIT 1"),
    running: one("SELECT * FROM backup_runs WHERE status = 'running' ORDER BY id DESC LIMIT 1"),
    lastPrunedAt: (db.prepare("SELECT max(pruned_at) AS at FROM backup_runs").get() as { at: string | null }).at,
  };
}

/**
 * Copies the database into `file` with SQLite's online backup API, while the server keeps
 * writing: the copy is one consistent moment. The pages go over in one step, so a write from the
 * server's connection meanwhile (which would restart a step-by-step copy from another process)
 * restarts it at most once; in WAL mode this reader holds no writer up.
 */
export async function copyDatabase(db: SqliteDb, file: string): Promise<void> {
  await db.backup(file, { progress: ({ totalPages }) => Math.max(100, totalPages) });
}

/**
 * Records, in the copy itself, that the run taking it succeeded as of the moment it was taken: a
 * database restored from this backup then knows the backup it came from (and is not left with a
 * run that looks stopped halfway).
 */
export function markCopyTaken(file: string, runId: number, at: Date): void {
  const copy = new Database(file);
  try {
    copy.prepare("UPDATE backup_runs SET status = 'done', finished_at = ? WHERE id = ?").run(at.toISOString(), runId);
  } finally {
    copy.close();
  }
}

/** What a copy holds, for the manifest: its integrity, its schema's version, and each table's rows. */
export interface DatabaseCheck {
  integrity: string;
  schemaVersion: number;
  rows: Record<string, number>;
}

/**
 * Checks a copy (`PRAGMA integrity_check`: every page, index and constraint) and makes it one
 * self-contained file (the rollback journal instead of WAL, so nothing rides beside it). Throws
 * when the copy is damaged: such a backup must not be kept as good.
 */
export function checkDatabaseCopy(file: string): DatabaseCheck {
  const copy = new Database(file);
  try {
    let problems: string[];
    try {
      problems = (copy.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[]).map((row) => row.integrity_check);
    } catch (error) {
      // A page so damaged that SQLite cannot even walk the file.
      problems = [error instanceof Error ? error.message : String(error)];
    }
    if (problems.length !== 1 || problems[0] !== "ok")
      throw new Error(`the copy of the database fails its integrity check: ${problems.slice(0, 5).join("; ")}`);
    copy.pragma("journal_mode = DELETE");
    const tables = (
      copy
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")
        .all() as { name: string }[]
    ).map((row) => row.name);
    const rows = Object.fromEntries(
      tables.map((name) => [name, (copy.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n]),
    );
    const schemaVersion = (copy.prepare("SELECT coalesce(max(version), 0) AS v FROM schema_migrations").get() as { v: number }).v;
    return { integrity: "ok", schemaVersion, rows };
  } finally {
    copy.close();
  }
}
