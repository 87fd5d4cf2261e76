/**
 * What the backups look like from outside: /healthz's `backup` and the staff area's line for admin
 * accounts, from the runs recorded in the database (server/db/backups.ts).
 */
import type { BackupHistory } from "../db/backups";
import type { BackupProblem, RepositoryPlace } from "#core/backup";

/**
 * `not configured`: no restic repository (healthy: nothing claims to back up); `none yet`: the
 * first backup is not due; `ok`: the last good one is younger than twice the schedule; `stale`:
 * it is older (or, without one, the server started longer ago than that); `failed`: the last one
 * failed.
 */
type BackupState = "not configured" | "none yet" | "ok" | "stale" | "failed";

export interface BackupStatus {
  ok: boolean;
  state: BackupState;
  intervalMinutes: number;
  /** The last good backup: when it ended, restic's snapshot, its age in seconds. */
  lastGood: { at: string; snapshot: string | null; ageSeconds: number } | null;
  /** The last failed one, when it is the newest to have ended: restic's or the check's words, and the cause when the site knows it. */
  lastFailure: { at: string; error: string; problem: BackupProblem | null } | null;
  /** Where the repository is (a folder on this machine, or a remote service), without credentials; null without one. */
  repository: RepositoryPlace | null;
  /** A backup being made now, since when. */
  runningSince: string | null;
  /** When the server started (the clock of a first backup). */
  serverStartedAt: string;
}

/** The backups' state now: unhealthy when the last good one is older than twice the schedule, or the last one failed. */
export function backupStatus(
  history: BackupHistory | null,
  options: { configured: boolean; intervalMinutes: number; startedAt: Date; now: Date; repository?: RepositoryPlace | null },
): BackupStatus {
  const { configured, intervalMinutes, startedAt, now } = options;
  const base = {
    intervalMinutes,
    serverStartedAt: startedAt.toISOString(),
    runningSince: history?.running?.started_at ?? null,
    repository: options.repository ?? null,
  };
  const good = history?.lastGood;
  const lastGood = good?.finished_at
    ? { at: good.finished_at, snapshot: good.snapshot, ageSeconds: Math.max(0, Math.round((now.getTime() - Date.parse(good.finished_at)) / 1000)) }
    : null;
  const finished = history?.lastFinished;
  const lastFailure =
    finished?.status === "failed" && finished.finished_at
      ? { at: finished.finished_at, error: finished.error ?? "unknown error", problem: finished.problem ?? null }
      : null;
  if (!configured) return { ok: true, state: "not configured", ...base, lastGood, lastFailure };
  const limitSeconds = 2 * intervalMinutes * 60;
  if (lastFailure) return { ok: false, state: "failed", ...base, lastGood, lastFailure };
  if (lastGood) return { ok: lastGood.ageSeconds <= limitSeconds, state: lastGood.ageSeconds <= limitSeconds ? "ok" : "stale", ...base, lastGood, lastFailure };
  const upSeconds = (now.getTime() - startedAt.getTime()) / 1000;
  return { ok: upSeconds <= limitSeconds, state: upSeconds <= limitSeconds ? "none yet" : "stale", ...base, lastGood, lastFailure };
}
