import type { FastifyInstance } from "fastify";
import type { Db } from "./db/database";
import { touchMigrations, writeProblem } from "./db/database";
import { enqueueMail } from "./db/outbox";

/** How long a health probe waits for another process's write lock before calling the database unwritable. */
const probeBusyMs = 500;

/** An e-mail that is queued and rolled back at once, to prove the outbox accepts e-mails. */
const probeMail = {
  kind: "notification",
  to: "health-probe@invalid",
  replyTo: null,
  subject: "health probe",
  text: "",
  headers: {},
} as const;

interface OutboxState {
  writable: boolean;
  error?: string;
  pending: number;
  failed: number;
  oldestPendingSince: string | null;
}

export interface Health {
  ok: boolean;
  database: string;
  outbox: OutboxState;
}

/**
 * Whether submissions can be stored right now: a write to the database and an e-mail queued in
 * the outbox, each in a transaction that is rolled back, plus what the outbox holds.
 */
export function checkHealth(db: Db): Health {
  const databaseProblem = writeProblem(db, touchMigrations(db), probeBusyMs);
  const outboxProblem = databaseProblem
    ? "not checked: the database cannot be written"
    : writeProblem(db, () => enqueueMail(db, { ...probeMail }, { type: "health", id: "probe" }, new Date().toISOString()), probeBusyMs);
  const counts = db
    .prepare(
      `SELECT coalesce(sum(sent_at IS NULL AND failed_at IS NULL), 0) AS pending, coalesce(sum(failed_at IS NOT NULL), 0) AS failed,
              min(CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN created_at END) AS oldest FROM outbox`,
    )
    .get() as { pending: number; failed: number; oldest: string | null };
  return {
    ok: !databaseProblem && !outboxProblem,
    database: databaseProblem ?? "writable",
    outbox: {
      writable: !outboxProblem,
      ...(outboxProblem ? { error: outboxProblem } : {}),
      pending: counts.pending,
      failed: counts.failed,
      oldestPendingSince: counts.oldest,
    },
  };
}

/**
 * `/healthz`: 200 while submissions can be stored and their e-mails queued, else 503 with what
 * fails (for monitoring and a container's HEALTHCHECK). `/readyz`: 200 when this instance should
 * get traffic, i.e. it has started and its database can be written (for a load balancer or an
 * orchestrator's readiness probe); once shutdown begins the server accepts no new connection and
 * answers 503 on those already open. Neither is cached or rate limited.
 */
export function registerHealth(app: FastifyInstance, db: () => Db): void {
  app.get("/healthz", async (_request, reply) => {
    const health = checkHealth(db());
    void reply.status(health.ok ? 200 : 503).header("Cache-Control", "no-store");
    return { status: health.ok ? "ok" : "unavailable", database: health.database, outbox: health.outbox };
  });

  app.get("/readyz", async (_request, reply) => {
    void reply.header("Cache-Control", "no-store");
    const problem = writeProblem(db(), touchMigrations(db()), probeBusyMs);
    if (problem) return reply.status(503).send({ status: "unavailable", database: problem });
    return { status: "ready" };
  });
}
