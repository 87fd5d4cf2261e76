import { statfsSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "./config";
import { whenWritable } from "./db/availability";
import type { Db } from "./db/database";
import { commitProbeWrite } from "./db/database";
import type { CommitState } from "./db/group-commit";
import { outboxCounts, probeOutboxWrite } from "./db/outbox";
import { healthCheckMail } from "./mail/health-check";
import type { BackupStatus } from "./backup/status";

/** How long a health probe waits for another process's write lock (from timers: no page waits with it). */
const probeBudgetMs = 500;
/** A submission that failed for a full disk this recently makes /healthz say so. */
const recentFailureMs = 60_000;

interface OutboxState {
  writable: boolean;
  error?: string;
  pending: number;
  failed: number;
  oldestPendingSince: string | null;
}

interface DiskState {
  ok: boolean;
  /** Bytes free for the server's user on DATA_DIR's file system. */
  freeBytes: number | null;
  minFreeBytes: number;
  error?: string;
}

interface Health {
  ok: boolean;
  database: string;
  disk: DiskState;
  outbox: OutboxState;
  backup: BackupStatus;
}

/** What the health checks look at. */
interface HealthSources {
  db: Db;
  dataDir: string;
  /** Below this many free bytes on DATA_DIR's file system, /healthz answers 503. */
  minFreeBytes: number;
  /** The submissions' last commit (server/db/group-commit.ts). */
  commits: CommitState;
  /** The backups' state (server/backup/status.ts). */
  backup: () => BackupStatus;
}

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Free space on DATA_DIR's file system, against the threshold. */
function diskState(dataDir: string, minFreeBytes: number): DiskState {
  try {
    const stats = statfsSync(dataDir);
    const freeBytes = stats.bavail * stats.bsize;
    return { ok: freeBytes >= minFreeBytes, freeBytes, minFreeBytes };
  } catch (error) {
    return { ok: false, freeBytes: null, minFreeBytes, error: problemOf(error) };
  }
}

/** Why a write cannot be made now (waiting for a lock without holding the thread), or null. */
async function writeProblem(write: () => void): Promise<string | null> {
  try {
    await whenWritable(write, probeBudgetMs);
    return null;
  } catch (error) {
    return problemOf(error);
  }
}

/**
 * Whether submissions can be stored right now: free space above the threshold, a real write
 * committed to the database (a rolled-back one may never reach the disk, and did say "writable"
 * on a full one), no submission refused for a full disk in the last minute, and an e-mail queued
 * in the outbox (rolled back), plus what the outbox holds; and whether what is stored is backed
 * up: the last good backup younger than twice the schedule, the last one not failed.
 */
async function checkHealth({ db, dataDir, minFreeBytes, commits, backup: backupNow }: HealthSources): Promise<Health> {
  const disk = diskState(dataDir, minFreeBytes);
  const failing = commits.failing;
  const recentlyFull = failing?.reason === "full" && Date.now() - Date.parse(failing.at) < recentFailureMs;
  const databaseProblem =
    (await writeProblem(() => commitProbeWrite(db))) ?? (recentlyFull ? `a submission could not be written at ${failing.at}: the disk is full` : null);
  const outboxProblem = databaseProblem
    ? "not checked: the database cannot be written"
    : await writeProblem(() => probeOutboxWrite(db, healthCheckMail, { type: "health", id: "probe" }, new Date().toISOString()));
  const counts = outboxCounts(db);
  const backup = backupNow();
  return {
    ok: disk.ok && !databaseProblem && !outboxProblem && backup.ok,
    database: databaseProblem ?? "writable",
    disk,
    outbox: {
      writable: !outboxProblem,
      ...(outboxProblem ? { error: outboxProblem } : {}),
      pending: counts.pending,
      failed: counts.failed,
      oldestPendingSince: counts.oldest,
    },
    backup,
  };
}

/**
 * `/healthz`: 200 while submissions can be stored, their e-mails queued and the backups are on
 * time (or not configured), else 503 with what fails (for monitoring and a container's HEALTHCHECK). `/readyz`: 200 when this instance should
 * get traffic, i.e. it has started and its database takes a write (for a load balancer or an
 * orchestrator's readiness probe); once shutdown begins the server accepts no new connection and
 * answers 503 on those already open. Neither is cached or rate limited, and neither holds the
 * thread while another process holds the database's lock.
 */
async function registerHealth(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const sources = (): HealthSources => ({
    db: app.db,
    dataDir: config.DATA_DIR,
    minFreeBytes: config.DISK_MIN_FREE_MB * 1024 * 1024,
    commits: app.commits.state,
    backup: () => app.backups.status(),
  });
  app.get("/healthz", async (_request, reply) => {
    const health = await checkHealth(sources());
    void reply.status(health.ok ? 200 : 503).header("Cache-Control", "no-store");
    return { status: health.ok ? "ok" : "unavailable", database: health.database, disk: health.disk, outbox: health.outbox, backup: health.backup };
  });

  app.get("/readyz", async (_request, reply) => {
    void reply.header("Cache-Control", "no-store");
    const { db } = sources();
    const problem = await writeProblem(() => commitProbeWrite(db));
    if (problem) return reply.status(503).send({ status: "unavailable", database: problem });
    return { status: "ready" };
  });
}

/** `/healthz` and `/readyz` as a plugin of the server (`health`): they look at the database and its outbox, and at the backups. */
export const health = fp(registerHealth, { name: "health", fastify: "5.x", dependencies: ["database", "backups"] });
