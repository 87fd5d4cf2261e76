/**
 * The database of a test server: SQLite in its own DATA_DIR (the default), or, in the "postgres"
 * project (vitest.config.ts), its own PostgreSQL database copied from the run's migrated template
 * (tests/support/postgres-setup.ts), so the same tests prove the same behaviour on both.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { inject } from "vitest";
import { databaseFileName, isPostgres, openDatabase, type Db } from "../../db/database";
import { writeLockKey, type PostgresDb } from "../../db/postgres";
import { openPostgresAt } from "../../startup";

let admin: PostgresDb | null = null;
/** Each DATA_DIR's database: a server started again on the same folder (a restart) finds its data again. */
const databases = new Map<string, string>();
/** How a database is copied from the template: file by file where PostgreSQL can (15 and later), not through its WAL. */
let copyStrategy: string | null = null;

/**
 * Drops the databases made since the last call and closes the connection that made them: called
 * after each test file (tests/support/postgres-skip.ts), so a run keeps a few databases on disk,
 * not hundreds, and the cluster's folder is quick to remove at its end.
 */
export function dropTestDatabases(): void {
  if (!admin) return;
  for (const url of databases.values()) admin.execAlone(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  databases.clear();
  admin.close();
  admin = null;
}

/** Whether this run is the PostgreSQL one. */
export const onPostgres = (): boolean => Boolean(inject("postgresUrl"));

/**
 * The database of the server on `dataDir` in the PostgreSQL run: the first time, a new database of the
 * run's cluster, migrated (a copy of the template); its URL. Undefined outside the PostgreSQL run.
 */
export function testDatabaseUrl(dataDir: string): string | undefined {
  const url = inject("postgresUrl");
  if (!url) return undefined;
  const known = databases.get(dataDir);
  if (known) return known;
  admin ??= openPostgresAt(url.replace("{database}", "postgres"));
  // FILE_COPY copies the template's files (83 ms here) where the default WAL_LOG writes every block
  // through the WAL too (331 ms): docs/benchmarks.md.
  copyStrategy ??= (admin.prepare("SELECT current_setting('server_version_num')::int >= 150000 AS newer").get() as { newer: number }).newer
    ? " STRATEGY = FILE_COPY"
    : "";
  const name = `test_${randomBytes(6).toString("hex")}`;
  admin.execAlone(`CREATE DATABASE ${name} TEMPLATE lescours_template${copyStrategy}`);
  databases.set(dataDir, url.replace("{database}", name));
  return databases.get(dataDir);
}

/**
 * Opens the database of the server on `dataDir` (before or after it runs), on SQLite or, in the
 * PostgreSQL run, on PostgreSQL. `readonly`: on SQLite, only to read, beside a running server.
 */
export function openTestDatabase(dataDir: string, options: { readonly?: boolean } = {}): Db {
  const url = testDatabaseUrl(dataDir);
  return url ? openPostgresAt(url) : openDatabase(dataDir, options);
}

/**
 * The database of the server on `dataDir` lost and replaced by a new, empty one of the same name
 * (as an operator makes it before a restore: docs/deployment.md, "Backups"). Only in the PostgreSQL run.
 */
export function replaceWithEmptyDatabase(dataDir: string): void {
  const url = databases.get(dataDir);
  if (!url || !admin) throw new Error(`no PostgreSQL database was made for ${dataDir}`);
  const name = new URL(url).pathname.slice(1);
  admin.execAlone(`DROP DATABASE ${name} WITH (FORCE)`);
  admin.execAlone(`CREATE DATABASE ${name} TEMPLATE template0`);
}

/** The environment a command (`npm run submissions`, `npm run staff`…) needs to reach the database of the server on `dataDir`. */
export function databaseEnv(dataDir: string): Record<string, string> {
  const url = testDatabaseUrl(dataDir);
  return { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
}

/**
 * Another process takes the write lock of the server's database on `dataDir` and holds it until
 * the returned function lets go: on SQLite a second connection's `BEGIN IMMEDIATE`, on PostgreSQL
 * a second connection's open transaction holding the advisory lock every write transaction takes
 * (`writeLockKey`, server/db/postgres.ts), as another instance's does. Readers are not stopped.
 */
export async function holdWriteLock(dataDir: string): Promise<() => Promise<void>> {
  const url = testDatabaseUrl(dataDir);
  if (!url) {
    const other = new Database(join(dataDir, databaseFileName));
    other.exec("BEGIN IMMEDIATE");
    return async () => {
      other.exec("ROLLBACK");
      other.close();
    };
  }
  // An asynchronous client of its own: the lock stays held while the test awaits the server.
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  await other.query("BEGIN");
  await other.query("SELECT pg_advisory_xact_lock($1)", [writeLockKey]);
  return async () => {
    await other.query("ROLLBACK");
    await other.end();
  };
}

/**
 * What is wrong with the stored rows and their indexes, as the database checks them itself: SQLite's
 * `PRAGMA integrity_check`; on PostgreSQL, its `amcheck` (shipped with Debian's server package):
 * `verify_heapam` on every table and `bt_index_check` (with every row looked up) on every index.
 * Empty when all is well.
 */
export function integrityProblems(db: Db): string[] {
  if (!isPostgres(db)) {
    return (db.prepare("PRAGMA integrity_check").all() as Record<string, string>[]).flatMap((row) => Object.values(row)).filter((line) => line !== "ok");
  }
  db.exec("CREATE EXTENSION IF NOT EXISTS amcheck");
  const problems: string[] = [];
  const tables = db.prepare("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename").all() as { name: string }[];
  for (const { name } of tables) {
    const rows = db.prepare("SELECT blkno, offnum, msg FROM verify_heapam(CAST(? AS regclass))").all(name) as { blkno: number; offnum: number; msg: string }[];
    problems.push(...rows.map((row) => `${name} (block ${row.blkno}, item ${row.offnum}): ${row.msg}`));
  }
  const indexes = db
    .prepare(
      `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND a.amname = 'btree' ORDER BY c.relname`,
    )
    .all() as { name: string }[];
  for (const { name } of indexes) {
    try {
      db.prepare("SELECT bt_index_check(CAST(? AS regclass), true)").get(name);
    } catch (error) {
      problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}
