/**
 * The server's database on PostgreSQL (`DATABASE_URL=postgres://…`), behind the same synchronous
 * `Db` as SQLite (./database.ts): `prepare(sql).run/get/all`, `exec`, `transaction(fn)`. Every
 * call is made synchronous by synckit (`createSyncFn`): a worker thread (./postgres-worker.mjs)
 * holds one `pg` connection per `PostgresDb` and runs the call while this thread waits, as
 * better-sqlite3 waits for SQLite. So the use-cases keep their one synchronous function run inside
 * the group commit's transaction, with no `await` inside it, and no two transactions of a process
 * interleave (docs/architecture.md, "Storage").
 *
 * What the adapter does, and nothing more:
 * - `?` placeholders (and `@name`/`:name`/`$name` with an object) become `$1…$n`, and a
 *   camelCase alias (`AS noShows`) is quoted, as PostgreSQL would fold it to lower case;
 * - a transaction is `BEGIN`, then `pg_advisory_xact_lock` on one key: writers of every instance
 *   take turns on the database exactly as `BEGIN IMMEDIATE` makes them take turns on a SQLite file;
 *   a nested `transaction()` is a savepoint, as in better-sqlite3;
 * - a write outside a transaction is made one the same way (reads never take the lock: MVCC);
 * - steps that return nothing (`BEGIN`, the lock, `SAVEPOINT`, `RELEASE`) travel with the next
 *   statement, so a transaction of n statements costs n + 1 calls to the worker.
 * Errors come back with PostgreSQL's SQLSTATE as `code` (./availability.ts reads `55P03`, a lock
 * wait that ran out, as SQLite's SQLITE_BUSY); a PostgreSQL that cannot be reached fails at once
 * with `PG_UNREACHABLE` while the worker reconnects in the background.
 */
import { createSyncFn } from "synckit";

/** The one advisory lock every write transaction of every instance takes (a constant of this project). */
export const writeLockKey = 51_000_001;

/** One step sent to the worker: a statement with its parameters, or a simple query (no parameters, several statements). */
interface Step {
  sql: string;
  params?: unknown[];
}

interface StepResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

interface Failure {
  message: string;
  code?: string;
  cause?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

type WorkerRequest = { op: "open"; config: ConnectionConfig } | { op: "run"; handle: number; steps: Step[] } | { op: "close"; handle: number };

type WorkerAnswer = { handle?: number; results?: StepResult[]; failed?: Failure; index?: number; closed?: boolean };

interface ConnectionConfig {
  url: string;
  /** Session settings sent at every connection (`-c name=value`). */
  settings: Record<string, string>;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
  applicationName: string;
}

/** How long the thread waits for the worker at most, whatever happens below (a last resort: pg's own timeouts come first). */
const workerTimeoutMs = 60_000;

/** The worker thread of each worker file (one in practice: the server's). */
const workers = new Map<string, (request: WorkerRequest) => WorkerAnswer>();

function worker(file: string): (request: WorkerRequest) => WorkerAnswer {
  let call = workers.get(file);
  if (!call) {
    call = createSyncFn(file, { timeout: workerTimeoutMs }) as (request: WorkerRequest) => WorkerAnswer;
    workers.set(file, call);
  }
  return call;
}

/** An error of PostgreSQL (or of reaching it), with its SQLSTATE as `code`. */
class PostgresError extends Error {
  override name = "PostgresError";
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly constraint: string | undefined;

  constructor(failure: Failure, sql?: string) {
    super(failure.message + (sql && failure.code && !failure.code.startsWith("PG_") ? ` (in: ${sql.replace(/\s+/g, " ").trim().slice(0, 200)})` : ""));
    this.code = failure.code;
    this.detail = failure.detail;
    this.constraint = failure.constraint;
  }
}

/** What a statement's `run` returns: the rows it changed (better-sqlite3's `changes`). */
interface RunResult {
  changes: number;
}

/** A SQL text with its placeholders rewritten for PostgreSQL, and where each parameter comes from. */
interface Converted {
  text: string;
  /** Per `$n`: the index of a positional parameter, or the name of a named one. */
  sources: (number | string)[];
  write: boolean;
}

const converted = new Map<string, Converted>();

/**
 * Rewrites `?`, `?NNN`, `@name`, `:name` and `$name` (not inside quotes or comments, not `::`) as
 * `$1…$n`; a name used twice is one parameter.
 */
export function convertPlaceholders(sql: string): Converted {
  const cached = converted.get(sql);
  if (cached) return cached;
  let text = "";
  const sources: (number | string)[] = [];
  const named = new Map<string, number>();
  let positional = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      text += sql.slice(i, stop);
      i = stop;
      // A doubled quote inside continues the same literal: the loop meets its second half next.
      continue;
    }
    if (c === "-" && next === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end === -1 ? sql.length : end;
      text += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === "/" && next === "*") {
      const end = sql.indexOf("*/", i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      text += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === ":" && next === ":") {
      text += "::";
      i += 2;
      continue;
    }
    // `AS camelCase`: PostgreSQL folds an unquoted name to lower case, SQLite keeps it as written.
    if ((c === "A" || c === "a") && !/[A-Za-z0-9_]/.test(sql[i - 1] ?? " ")) {
      const alias = /^AS(\s+)([A-Za-z_][A-Za-z0-9_]*)/i.exec(sql.slice(i));
      if (alias && /[A-Z]/.test(alias[2]!) && !/^[A-Z_]+$/.test(alias[2]!)) {
        text += `${sql.slice(i, i + 2)}${alias[1]}"${alias[2]}"`;
        i += alias[0].length;
        continue;
      }
    }
    if (c === "?") {
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0];
      const index = digits ? Number(digits) - 1 : positional++;
      sources.push(index);
      text += `$${sources.length}`;
      i += 1 + (digits?.length ?? 0);
      continue;
    }
    if ((c === "@" || c === ":" || c === "$") && next !== undefined && /[A-Za-z_]/.test(next)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))![0];
      let n = named.get(name);
      if (n === undefined) {
        sources.push(name);
        n = sources.length;
        named.set(name, n);
      }
      text += `$${n}`;
      i += 1 + name.length;
      continue;
    }
    text += c;
    i++;
  }
  const result = { text, sources, write: isWrite(sql) };
  converted.set(sql, result);
  return result;
}

/** Whether a statement may write: anything but a plain query (a SELECT, VALUES or WITH without INSERT, UPDATE or DELETE). */
function isWrite(sql: string): boolean {
  const bare = sql
    .replace(/--[^\n]*/g, " ")
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/'(?:[^']|'')*'/g, "''")
    .trim();
  const first = /^[A-Za-z]+/.exec(bare)?.[0]?.toUpperCase();
  if (first === "SELECT" || first === "VALUES" || first === "SHOW") return /\bFOR\s+(UPDATE|SHARE|NO\s+KEY|KEY)\b/i.test(bare);
  if (first === "WITH") return /\b(INSERT|UPDATE|DELETE)\b/i.test(bare);
  return true;
}

/** A JS value as PostgreSQL takes it: as better-sqlite3 binds, a boolean is refused (write 1 or 0). */
function bindable(value: unknown): unknown {
  if (typeof value === "boolean") throw new TypeError("PostgreSQL, like SQLite, binds numbers, strings, bigints, buffers and null: not a boolean");
  if (value === undefined) throw new RangeError("Too few parameter values were provided");
  return value;
}

function paramsFor(sources: (number | string)[], given: unknown[]): unknown[] {
  if (sources.length === 0) return [];
  // An array stands for its values, as better-sqlite3 binds it.
  const args = given.flatMap((arg) => (Array.isArray(arg) ? (arg as unknown[]) : [arg]));
  const named = args.length === 1 && args[0] !== null && typeof args[0] === "object" && !Buffer.isBuffer(args[0]) ? (args[0] as Record<string, unknown>) : null;
  return sources.map((source) => {
    if (typeof source === "number") return bindable(args[source]);
    if (!named || !(source in named)) throw new RangeError(`Missing named parameter "${source}"`);
    return bindable(named[source]);
  });
}

/** A transaction function as better-sqlite3 gives it: callable, with the same on `.default`, `.deferred`, `.immediate` and `.exclusive`. */
export interface Transaction<F extends VariableArgFunction> {
  (...params: ArgumentTypes<F>): ReturnType<F>;
  default(...params: ArgumentTypes<F>): ReturnType<F>;
  deferred(...params: ArgumentTypes<F>): ReturnType<F>;
  immediate(...params: ArgumentTypes<F>): ReturnType<F>;
  exclusive(...params: ArgumentTypes<F>): ReturnType<F>;
}
type ArgumentTypes<F extends VariableArgFunction> = F extends (...args: infer A) => unknown ? A : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- better-sqlite3's own constraint
type VariableArgFunction = (...params: any[]) => unknown;

export interface PostgresOptions {
  /** ./postgres-worker.mjs, found from the project folder by the caller (server/startup.ts), as the server may run bundled. */
  workerFile: string;
  /** How long a lock is waited for inside PostgreSQL before the call fails with 55P03 (ms). */
  lockTimeoutMs: number;
  /** How long one statement may run (ms). */
  statementTimeoutMs: number;
  /** How long connecting may take (ms). */
  connectTimeoutMs: number;
  applicationName?: string;
}

export const commandOptions: Omit<PostgresOptions, "workerFile"> = { lockTimeoutMs: 5000, statementTimeoutMs: 300_000, connectTimeoutMs: 5000 };

class PostgresStatement {
  constructor(
    private readonly db: PostgresDb,
    readonly source: string,
  ) {}

  run(...args: unknown[]): RunResult {
    return { changes: this.db.query(this.source, args).rowCount };
  }

  get(...args: unknown[]): unknown {
    return this.db.query(this.source, args).rows[0];
  }

  all(...args: unknown[]): unknown[] {
    return this.db.query(this.source, args).rows;
  }
}

/** The server's connection to PostgreSQL, synchronous (see above). */
export class PostgresDb {
  readonly dialect = "postgres";
  private readonly handle: number;
  private depth = 0;
  /** Steps that return nothing, sent ahead of the next statement (or the commit). */
  private pending: Step[] = [];
  /** Whether this transaction's `BEGIN` reached PostgreSQL. */
  private begun = false;
  private isOpen = true;

  constructor(
    readonly url: string,
    private options: PostgresOptions,
  ) {
    const answer = worker(this.options.workerFile)({ op: "open", config: this.config() });
    if (answer.failed || answer.handle === undefined) throw new PostgresError(answer.failed ?? { message: "the worker gave no connection" });
    this.handle = answer.handle;
  }

  private config(): ConnectionConfig {
    return {
      url: this.url,
      settings: {
        lock_timeout: `${this.options.lockTimeoutMs}ms`,
        statement_timeout: `${this.options.statementTimeoutMs}ms`,
        // A transaction left open (a thread stopped mid-way) frees the write lock.
        idle_in_transaction_session_timeout: "60s",
        client_min_messages: "warning",
      },
      connectTimeoutMs: this.options.connectTimeoutMs,
      queryTimeoutMs: this.options.statementTimeoutMs + 2000,
      applicationName: this.options.applicationName ?? "lescours",
    };
  }

  /** Changes how long this connection waits for locks (the server's: a few milliseconds, ./availability.ts). */
  setLockTimeout(ms: number): void {
    this.options = { ...this.options, lockTimeoutMs: ms };
    this.exec(`SET lock_timeout = '${Math.round(ms)}ms'`);
  }

  get lockTimeoutMs(): number {
    return this.options.lockTimeoutMs;
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  prepare(sql: string): PostgresStatement {
    return new PostgresStatement(this, sql);
  }

  /** Runs one statement (with the steps waiting to go ahead of it), as a transaction of its own when it writes outside one. */
  query(sql: string, args: unknown[]): StepResult {
    const { text, sources, write } = convertPlaceholders(sql);
    const step = { sql: text, params: paramsFor(sources, args) };
    if (this.depth === 0 && write) {
      return this.send([{ sql: "BEGIN" }, this.lockStep(), step, { sql: "COMMIT" }], sql, 2, true);
    }
    return this.send([step], sql);
  }

  /** Runs SQL text of one or more statements without parameters (a migration, a test's set-up). */
  exec(sql: string): this {
    if (this.depth === 0 && isWrite(sql)) this.send([{ sql: "BEGIN" }, this.lockStep(), { sql }, { sql: "COMMIT" }], sql, 2, true);
    else this.send([{ sql }], sql);
    return this;
  }

  /** Runs a statement PostgreSQL refuses inside a transaction (`VACUUM`, `CREATE DATABASE`), outside any. */
  execAlone(sql: string): void {
    if (this.depth > 0) throw new TypeError(`${sql.split(/\s/)[0]} cannot run inside a transaction`);
    this.send([{ sql }], sql);
  }

  private lockStep(): Step {
    return { sql: `SELECT pg_advisory_xact_lock(${writeLockKey})` };
  }

  /**
   * Sends the pending steps and `steps`; returns the result of `steps[index]`. A failure inside a
   * transaction leaves it to the transaction to roll back; one of a whole transaction sent here
   * (`standalone`) is rolled back here.
   */
  private send(steps: Step[], sql: string, index = 0, standalone = false): StepResult {
    if (!this.isOpen) throw new TypeError("The database connection is not open");
    const all = [...this.pending, ...steps];
    const offset = this.pending.length;
    this.pending = [];
    if (this.depth > 0) this.begun = true;
    const answer = worker(this.options.workerFile)({ op: "run", handle: this.handle, steps: all });
    if (answer.failed) {
      if (standalone && answer.failed.code !== "PG_UNREACHABLE") this.rollbackQuietly();
      throw new PostgresError(answer.failed, sql);
    }
    return answer.results![offset + index]!;
  }

  private rollbackQuietly(): void {
    try {
      worker(this.options.workerFile)({ op: "run", handle: this.handle, steps: [{ sql: "ROLLBACK" }] });
    } catch {
      // The connection is gone: PostgreSQL rolls back what it held.
    }
  }

  transaction<F extends VariableArgFunction>(fn: F): Transaction<F> {
    const run = (...args: ArgumentTypes<F>) => this.runTransaction(() => fn(...args)) as ReturnType<F>;
    return Object.assign(run, { default: run, deferred: run, immediate: run, exclusive: run });
  }

  private runTransaction(work: () => unknown): unknown {
    if (this.depth === 0) return this.outer(work);
    const name = `s${this.depth}`;
    const mark = this.pending.length;
    this.pending.push({ sql: `SAVEPOINT ${name}` });
    this.depth++;
    try {
      const result = checkedResult(work());
      this.pending.push({ sql: `RELEASE SAVEPOINT ${name}` });
      return result;
    } catch (error) {
      // Nothing of it reached PostgreSQL yet: the savepoint is dropped unsent.
      if (this.pending.length > mark && this.pending[mark]!.sql === `SAVEPOINT ${name}`) this.pending.length = mark;
      else this.pending.push({ sql: `ROLLBACK TO SAVEPOINT ${name}` }, { sql: `RELEASE SAVEPOINT ${name}` });
      throw error;
    } finally {
      this.depth--;
    }
  }

  private outer(work: () => unknown): unknown {
    this.pending = [{ sql: "BEGIN" }, this.lockStep()];
    this.begun = false;
    this.depth = 1;
    let result: unknown;
    try {
      result = checkedResult(work());
    } catch (error) {
      this.depth = 0;
      this.pending = [];
      if (this.begun) this.rollbackQuietly();
      throw error;
    }
    this.depth = 0;
    if (!this.begun) {
      // Nothing was asked of PostgreSQL: nothing to commit.
      this.pending = [];
      return result;
    }
    try {
      this.send([{ sql: "COMMIT" }], "COMMIT");
    } catch (error) {
      this.rollbackQuietly();
      throw error;
    }
    return result;
  }

  get open(): boolean {
    return this.isOpen;
  }

  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    worker(this.options.workerFile)({ op: "close", handle: this.handle });
  }
}

function checkedResult(result: unknown): unknown {
  if (result !== null && typeof result === "object" && typeof (result as { then?: unknown }).then === "function") {
    throw new TypeError("Transaction function cannot return a promise");
  }
  return result;
}
