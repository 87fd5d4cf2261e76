import { nextPause, StorageUnavailable, unavailability, writeBudgetMs } from "./availability";
import type { Db } from "./database";

interface Pending {
  work: (tx: Db) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** When it was queued (ms since the epoch): a write waits at most `writeBudgetMs` for a lock. */
  since: number;
}

/** What the store remembers of its last commit, for /healthz. */
export interface CommitState {
  /** The passing failure of the last commit that failed, with its time, unless a commit succeeded since. */
  failing: { reason: "busy" | "full"; at: string } | null;
}

/**
 * Group commit: writes that arrive in the same turn of the event loop share one transaction,
 * so one disk flush (`synchronous=FULL`) makes all of them durable. Each write runs in its own
 * savepoint, so one that throws is rolled back alone; its promise rejects, the others commit.
 * A promise resolves only after the commit, so whoever awaits it may acknowledge the write.
 *
 * When another process holds the write lock, the batch is tried again from a timer (5 ms,
 * doubling, at most 200 ms apart) without holding the thread, and each write that has waited
 * `writeBudgetMs` is rejected with `StorageUnavailable` (the API answers 503); a full disk
 * rejects the batch at once the same way. Nothing is acknowledged that was not committed.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;
  private pause = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly savepoint: (work: (tx: Db) => unknown) => unknown;
  private readonly listeners: (() => void)[] = [];
  readonly state: CommitState = { failing: null };

  constructor(
    private readonly db: Db,
    onCommit?: () => void,
    private readonly budgetMs = writeBudgetMs,
  ) {
    this.savepoint = db.transaction((work: (tx: Db) => unknown) => work(db));
    if (onCommit) this.listeners.push(onCommit);
  }

  /**
   * Runs `work` as one write transaction of its own (a savepoint of the batch), handed the
   * connection to write with; resolves with what it returns once committed, rejects with what it
   * throws (its writes rolled back alone). `work` only writes: it decides nothing for the caller
   * it was not given, and nothing runs after it here but the commit.
   */
  run<T>(work: (tx: Db) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject, since: Date.now() });
      // While a lock is being waited out, the timer's attempt takes the new write along.
      if (!this.scheduled && !this.retryTimer) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /**
   * Commits what is queued now. `final` (before the database closes) makes one attempt and
   * rejects what it cannot commit, instead of trying again later.
   */
  flush(options: { final?: boolean } = {}): void {
    this.scheduled = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      this.db
        .transaction(() => {
          outcomes.length = 0;
          for (const item of batch) {
            try {
              outcomes.push({ ok: true, value: this.savepoint(item.work) });
            } catch (error) {
              // A savepoint that met the lock or a full disk fails the whole batch, as the commit would.
              if (unavailability(error) !== null) throw error;
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      this.failed(batch, error, options.final ?? false);
      return;
    }
    this.pause = 0;
    this.state.failing = null;
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
    if (outcomes.some((outcome) => outcome.ok)) this.committed();
  }

  /** Called after each commit that wrote something (the mail sender looks at the outbox then). */
  afterCommit(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Tells the listeners a write committed, this batch's or one made beside it on the same connection. */
  committed(): void {
    for (const listener of this.listeners) listener();
  }

  /** A batch that could not be committed: waited out later (a lock), or refused now (a full disk, any other error). */
  private failed(batch: Pending[], error: unknown, final: boolean): void {
    const reason = unavailability(error);
    if (reason !== null) this.state.failing = { reason, at: new Date().toISOString() };
    if (reason !== "busy" || final) {
      const refusal = reason === null ? error : new StorageUnavailable(reason, { cause: error });
      for (const item of batch) item.reject(refusal);
      return;
    }
    this.pause = nextPause(this.pause);
    const now = Date.now();
    const waiting: Pending[] = [];
    for (const item of batch) {
      if (now + this.pause - item.since > this.budgetMs) item.reject(new StorageUnavailable("busy", { cause: error }));
      else waiting.push(item);
    }
    // Older writes first, then whatever arrived meanwhile.
    this.queue = [...waiting, ...this.queue];
    if (this.queue.length === 0) return;
    this.retryTimer = setTimeout(() => this.flush(), this.pause);
  }
}
