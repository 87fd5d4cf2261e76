import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { servingBusyTimeoutMs } from "./availability";
import { migrations as allMigrations, type Migration } from "./migrations";

export type Db = Database.Database;

/** The database file inside DATA_DIR. */
export const databaseFileName = "submissions.sqlite";

/**
 * Opens (creating when needed) the submissions database in `dataDir`: WAL journal with
 * `synchronous=FULL`, so a committed transaction is on disk before the call returns, and every
 * pending migration applied. Opened for writing, it is also checked to be writable: SQLite opens a
 * read-only file without complaint and fails only at the first write.
 */
export function openDatabase(dataDir: string, options: { readonly?: boolean } = {}): Db {
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

/**
 * Makes a connection the server's: SQLite waits only a few milliseconds for another process's
 * lock, so no write holds Node's thread (and every page behind it) for long; the server's
 * writes wait for locks from timers instead (./availability.ts).
 */
export function forServing(db: Db): Db {
  db.pragma(`busy_timeout = ${servingBusyTimeoutMs}`);
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
  const previous = db.pragma("busy_timeout", { simple: true }) as number;
  db.pragma(`busy_timeout = ${Math.round(busyTimeoutMs)}`);
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
    db.pragma(`busy_timeout = ${previous}`);
  }
}

/** A real write, committed now (the health checks' probe): the newest migration record rewritten as it is. Throws what the write meets (a lock, a full disk). */
export function commitProbeWrite(db: Db): void {
  db.transaction(touchMigrations(db)).immediate();
}

/** A write that rewrites the newest migration record as it is (every database has one). */
function touchMigrations(db: Db): () => void {
  return () => {
    const statement = db.prepare("UPDATE schema_migrations SET version = version WHERE rowid = (SELECT max(rowid) FROM schema_migrations)");
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
    version INTEGER PRIMARY KEY,
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
