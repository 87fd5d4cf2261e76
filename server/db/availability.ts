/**
 * When the database cannot take a write right now. The database is synchronous (better-sqlite3, or
 * PostgreSQL through ./postgres.ts): while SQLite
 * waits for another process's write lock (`busy_timeout`), Node's only thread waits with it, and
 * every page waits too (a probe measured 9.7 s for `GET /fr` behind a backup's lock). So the
 * server's connection waits at most `servingBusyTimeoutMs` inside SQLite, and a write that finds
 * the lock taken is tried again later from a timer, with growing pauses, until its budget is
 * spent: then the caller answers 503 with `Retry-After`, never 500. A full disk is the same kind of
 * answer, at once. Command-line tools keep SQLite's longer wait (`openDatabase`).
 */

/** How long one write attempt of the server may block the thread waiting for a lock. */
export const servingBusyTimeoutMs = 10;
/**
 * The same on PostgreSQL, where the lock is another instance's write transaction
 * (`pg_advisory_xact_lock`, ./postgres.ts): a little longer than one of its group commits takes, so
 * that two busy instances take turns inside PostgreSQL's own queue rather than on timers.
 */
export const servingLockTimeoutMs = 50;
/** How long a write keeps trying before the request is answered 503 (well within a second). */
export const writeBudgetMs = 750;

/** A lock held elsewhere, a full disk, or a database server that cannot be reached now. */
export type Unavailability = "busy" | "full" | "unreachable";

/**
 * PostgreSQL's SQLSTATEs that mean "try again in a moment": a lock wait that ran out
 * (lock_not_available), a deadlock or a serialization failure (the transaction was rolled back),
 * too many connections, the server starting or stopping.
 */
const postgresBusy = new Set(["55P03", "40P01", "40001", "53300", "57P03"]);
/** Out of disk or memory on the database server. */
const postgresFull = new Set(["53100", "53200"]);

/** Why the database refused a write, when the reason is passing (a lock, a full disk, an unreachable server); null for any other error. */
export function unavailability(error: unknown): Unavailability | null {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== "string") return null;
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED") || postgresBusy.has(code)) return "busy";
  if (code === "SQLITE_FULL" || postgresFull.has(code)) return "full";
  if (code === "PG_UNREACHABLE" || code.startsWith("08")) return "unreachable";
  return null;
}

/** A write that could not be made now: the request gets 503, and `Retry-After` says when to come back. */
export class StorageUnavailable extends Error {
  override name = "StorageUnavailable";
  readonly statusCode = 503;

  constructor(
    readonly reason: Unavailability,
    options?: { cause?: unknown },
  ) {
    super(
      reason === "busy"
        ? "Service Unavailable: the database is busy, try again in a moment"
        : reason === "unreachable"
          ? "Service Unavailable: the database cannot be reached, try again in a moment"
          : "Service Unavailable: the server's disk is full",
      options,
    );
  }

  /** A lock is usually gone within seconds, a database server back within a restart; a full disk needs a person. */
  get retryAfterSeconds(): number {
    return this.reason === "full" ? 120 : 5;
  }
}

/** The error as a `StorageUnavailable` when it is one or stands for one, else null. */
export function asStorageUnavailable(error: unknown): StorageUnavailable | null {
  if (error instanceof StorageUnavailable) return error;
  const reason = unavailability(error);
  return reason ? new StorageUnavailable(reason, { cause: error }) : null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The pause before the next attempt: 5 ms, doubling, at most 200 ms. */
export const nextPause = (pause: number) => Math.min(200, Math.max(5, pause * 2));

/**
 * Runs a synchronous write (a statement or a whole transaction), trying again while another
 * process holds the lock, pausing between attempts without holding the thread, for at most
 * `budgetMs`; then, or at once for a full disk, throws `StorageUnavailable`.
 */
export async function whenWritable<T>(write: () => T, budgetMs = writeBudgetMs): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let pause = 5; ; pause = nextPause(pause)) {
    try {
      return write();
    } catch (error) {
      const reason = unavailability(error);
      if (reason === null) throw error;
      if (reason === "full" || Date.now() + pause > deadline) throw new StorageUnavailable(reason, { cause: error });
      // An unreachable server fails at once (./postgres-worker.mjs reconnects meanwhile): it is tried again like a lock.
      await sleep(pause);
    }
  }
}
