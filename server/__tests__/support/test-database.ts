/**
 * The database of a test server: SQLite in its own DATA_DIR (the default), or, in the "postgres"
 * project (vitest.config.ts), its own PostgreSQL database copied from the run's migrated template
 * (tests/support/postgres-setup.ts), so the same tests prove the same behaviour on both.
 */
import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import { openDatabase, type Db } from "../../db/database";
import { openPostgresAt } from "../../startup";
import type { PostgresDb } from "../../db/postgres";

let admin: PostgresDb | null = null;
/** Each DATA_DIR's database: a server started again on the same folder (a restart) finds its data again. */
const databases = new Map<string, string>();

// The connection that creates the databases keeps a worker thread: closed with the test file. (The
// browser tests import the fixtures too, outside Vitest, where they make no database here.)
if (process.env.VITEST) {
  afterAll(() => {
    admin?.close();
    admin = null;
  });
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
  const name = `test_${randomBytes(6).toString("hex")}`;
  admin.execAlone(`CREATE DATABASE ${name} TEMPLATE lescours_template`);
  databases.set(dataDir, url.replace("{database}", name));
  return databases.get(dataDir);
}

/** Opens the database of the server on `dataDir` (before or after it runs), on SQLite or, in the PostgreSQL run, on PostgreSQL. */
export function openTestDatabase(dataDir: string): Db {
  const url = testDatabaseUrl(dataDir);
  return url ? openPostgresAt(url) : openDatabase(dataDir);
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
