import type { Db } from "./database";

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: writes that arrive in the same turn of the event loop share one transaction,
 * so one disk flush (`synchronous=FULL`) makes all of them durable. Each write runs in its own
 * savepoint, so one that throws is rolled back alone; its promise rejects, the others commit.
 * A promise resolves only after the commit, so whoever awaits it may acknowledge the write.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;
  private readonly savepoint: (work: () => unknown) => unknown;

  constructor(
    private readonly db: Db,
    private readonly onCommit?: () => void,
  ) {
    this.savepoint = db.transaction((work: () => unknown) => work());
  }

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits what is queued now (also called before the database closes). */
  flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      this.db
        .transaction(() => {
          for (const item of batch) {
            try {
              outcomes.push({ ok: true, value: this.savepoint(item.work) });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
    if (outcomes.some((outcome) => outcome.ok)) this.onCommit?.();
  }
}
