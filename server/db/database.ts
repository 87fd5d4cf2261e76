import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { servingBusyTimeoutMs, servingLockTimeoutMs } from "./availability";
import { migrations as allMigrations, type Migration } from "./migrations";
import { commandOptions, PostgresDb, type PostgresOptions, type Transaction } from "./postgres";
import { postgresMigrations } from "./postgres-migrations";

/** A prepared statement, as both databases give it (better-sqlite3's, or ./postgres.ts's). */
export interface Statement {
  /** Runs it; `changes` is the number of rows it inserted, changed or deleted. */
  run(...params: unknown[]): { changes: number };
  /** The first row, or undefined. */
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/**
 * The server's connection: SQLite through better-sqlite3 (the default, a file in DATA_DIR), or
 * PostgreSQL through ./postgres.ts (`DATABASE_URL`), both synchronous and with the same calls. The
 * SQL is written once for both where both accept it (docs/how-to.md, "SQL for both databases"),
 * and per database through `dialectOf` where they differ.
 */
export interface Db {
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- better-sqlite3's own constraint
  transaction<F extends (...params: any[]) => unknown>(fn: F): Transaction<F>;
  readonly inTransaction: boolean;
  /** False once closed. */
  readonly open: boolean;
  close(): unknown;
}

/** The SQLite connection itself, for what only SQLite has (pragmas, the online backup). */
export type SqliteDb = Database.Database;

export type Dialect = "sqlite" | "postgres";

export const isPostgres = (db: Db): db is PostgresDb => db instanceof PostgresDb;

const dialectOf = (db: Db): Dialect => (isPostgres(db) ? "postgres" : "sqlite");

/** A statement written per database, where the two truly differ (JSON, patterns, search, aggregates of text). */
export const sqlFor = (db: Db, sql: Record<Dialect, string>): string => sql[dialectOf(db)];

/** A table of the texts of a JSON array (a parameter `?`, or a column), with its column `value`: `IN (SELECT value FROM ${jsonValues(db)})`. */
export const jsonValues = (db: Db, array = "?"): string =>
  sqlFor(db, { sqlite: `json_each(${array})`, postgres: `json_array_elements_text(CAST(${array} AS json))` });

/** The texts of a group joined by `separator` (a SQL literal): SQLite's group_concat, PostgreSQL's string_agg. */
export const joinedTexts = (db: Db, column: string, separator: string): string =>
  sqlFor(db, { sqlite: `group_concat(${column}, ${separator})`, postgres: `string_agg(${column}, ${separator})` });

/** The connection as SQLite, for a step only SQLite has; null on PostgreSQL. */
export const sqliteOf = (db: Db): SqliteDb | null => (isPostgres(db) ? null : (db as SqliteDb));

/** Where the database is: PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR. */
export interface StoreLocation {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
}

/** The database file inside DATA_DIR. */
export const databaseFileName = "submissions.sqlite";

/**
 * Opens (creating when needed) the submissions database in `dataDir`: WAL journal with
 * `synchronous=FULL`, so a committed transaction is on disk before the call returns, and every
 * pending migration applied. Opened for writing, it is also checked to be writable: SQLite opens a
 * read-only file without complaint and fails only at the first write.
 */
export function openDatabase(dataDir: string, options: { readonly?: boolean } = {}): SqliteDb {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, databaseFileName), { readonly: options.readonly ?? false });
  try {
    if (!options.readonly) {
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = FULL");
    }
    db.pragma("busy_timeout = 5000");
    db.pragma("foreign_keys = ON");
    if (!options.readonly) {
      migrate(db, allMigrations);
      const problem = writeProblem(db, touchMigrations(db));
      if (problem) throw new Error(`it cannot be written: ${problem}`);
    }
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Whether a PostgreSQL database's collation sorts text byte by byte, as SQLite does (`C`). */
export const postgresSortsAsSqlite = (collation: string): boolean => /^(C|POSIX|C\.UTF-?8)$/i.test(collation);

/**
 * Opens the PostgreSQL database at `url` (an empty database is given the whole schema), checks
 * that text sorts as in SQLite (a `C` collation) and that it can be written. Commands wait for
 * locks as SQLite's `busy_timeout` does (5 s); the server shortens that (`forServing`).
 */
export function openPostgres(url: string, options: Partial<PostgresOptions> & Pick<PostgresOptions, "workerFile">): PostgresDb {
  const db = new PostgresDb(url, { ...commandOptions, ...options });
  try {
    const { collation } = db.prepare("SELECT datcollate AS collation FROM pg_database WHERE datname = current_database()").get() as { collation: string };
    if (!postgresSortsAsSqlite(collation)) {
      throw new Error(
        `its collation is ${collation}: create it with --locale=C.UTF-8 --template=template0 (text must sort as SQLite sorts it, docs/deployment.md)`,
      );
    }
    migrate(db, postgresMigrations);
    const problem = writeProblem(db, touchMigrations(db));
    if (problem) throw new Error(`it cannot be written: ${problem}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Makes a connection the server's: SQLite waits only a few milliseconds for another process's
 * lock, PostgreSQL as little for a lock of another instance, so no write holds Node's thread (and
 * every page behind it) for long; the server's writes wait for locks from timers instead
 * (./availability.ts).
 */
export function forServing(db: Db): Db {
  if (isPostgres(db)) db.setLockTimeout(servingLockTimeoutMs);
  else sqliteOf(db)!.pragma(`busy_timeout = ${servingBusyTimeoutMs}`);
  return db;
}

/** Thrown inside a probe's transaction to roll it back. */
const rollback = Symbol("rollback");

/**
 * Why `write` cannot be done right now, or null when it can: it runs in a transaction that is
 * then rolled back, so nothing changes. Waits at most `busyTimeoutMs` for another process's
 * write lock, holding the thread (for start-up, before anything is served); the connection's own
 * timeout is restored.
 */
function writeProblem(db: Db, write: () => void, busyTimeoutMs = 5000): string | null {
  const waits = lockWait(db);
  const previous = waits.get();
  waits.set(busyTimeoutMs);
  try {
    db.transaction(() => {
      write();
      throw rollback;
    }).immediate();
    return "the probe did not run";
  } catch (error) {
    if (error === rollback) return null;
    return error instanceof Error ? error.message : String(error);
  } finally {
    waits.set(previous);
  }
}

/** How long the connection waits for another writer's lock: SQLite's busy_timeout, PostgreSQL's lock_timeout. */
function lockWait(db: Db): { get: () => number; set: (ms: number) => void } {
  if (isPostgres(db)) return { get: () => db.lockTimeoutMs, set: (ms) => db.setLockTimeout(ms) };
  const sqlite = sqliteOf(db)!;
  return { get: () => sqlite.pragma("busy_timeout", { simple: true }) as number, set: (ms) => void sqlite.pragma(`busy_timeout = ${Math.round(ms)}`) };
}

/** A real write, committed now (the health checks' probe): the newest migration record rewritten as it is. Throws what the write meets (a lock, a full disk). */
export function commitProbeWrite(db: Db): void {
  db.transaction(touchMigrations(db)).immediate();
}

/** A write that rewrites the newest migration record as it is (every database has one). */
function touchMigrations(db: Db): () => void {
  return () => {
    const statement = db.prepare("UPDATE schema_migrations SET name = name WHERE version = (SELECT max(version) FROM schema_migrations)");
    if (statement.run().changes !== 1) throw new Error("schema_migrations is empty");
  };
}

/** Applies the migrations not yet recorded in `schema_migrations`, in order, each in its own transaction. */
export function migrate(db: Db, migrations: readonly Migration[]): number[] {
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version <= migrations[i - 1]!.version) {
      throw new Error(`Migrations out of order: ${migrations[i]!.version} after ${migrations[i - 1]!.version}`);
    }
  }
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version ${isPostgres(db) ? "bigint" : "INTEGER"} PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set((db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[]).map((row) => row.version));
  const newest = migrations.at(-1)?.version ?? 0;
  const unknown = [...applied].filter((version) => version > newest);
  if (unknown.length > 0) {
    throw new Error(`The database has migrations this code does not know (${unknown.join(", ")}): is the code older than the data?`);
  }
  const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
  const recorded = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
  const done: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    // Checked again inside the write lock: another process may have applied it meanwhile.
    const ran = db
      .transaction(() => {
        if (recorded.get(migration.version)) return false;
        db.exec(migration.sql);
        record.run(migration.version, migration.name, new Date().toISOString());
        return true;
      })
      .immediate();
    if (ran) done.push(migration.version);
  }
  return done;
}

/** One column of a table, described as SQLite would (`INTEGER` or `TEXT`; PostgreSQL's bigint and citext read as those). */
export interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
}

/** The columns of `table`, in order; none when the table is missing. */
export function columnsOf(db: Db, table: string): ColumnInfo[] {
  if (!isPostgres(db)) return sqliteOf(db)!.prepare(`PRAGMA table_info(${table})`).all() as ColumnInfo[];
  const rows = db
    .prepare(
      `SELECT column_name AS name, CASE WHEN data_type IN ('bigint', 'integer', 'smallint') THEN 'INTEGER' WHEN data_type = 'text' OR udt_name = 'citext' THEN 'TEXT' ELSE upper(data_type) END AS type,
              CASE WHEN is_nullable = 'NO' THEN 1 ELSE 0 END AS notnull
       FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`,
    )
    .all(table) as ColumnInfo[];
  return rows;
}
