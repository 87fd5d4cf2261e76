/**
 * The database of a test server: SQLite in its own DATA_DIR (the default), or, in the "postgres"
 * project (vitest.config.ts), its own PostgreSQL database copied from the run's migrated template
 * (tests/support/postgres-setup.ts), so the same tests prove the same behaviour on both.
 */
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { openPostgres } from "../../db/database";
import type { PostgresDb } from "../../db/postgres";

let admin: PostgresDb | null = null;

/** Whether this run is the PostgreSQL one. */
export const onPostgres = (): boolean => Boolean(inject("postgresUrl"));

/** A new database of the run's cluster, migrated (a copy of the template): its URL; undefined outside the PostgreSQL run. */
export function testDatabaseUrl(): string | undefined {
  const url = inject("postgresUrl");
  if (!url) return undefined;
  admin ??= openPostgres(url.replace("{database}", "postgres"));
  const name = `test_${randomBytes(6).toString("hex")}`;
  admin.execAlone(`CREATE DATABASE ${name} TEMPLATE lescours_template`);
  return url.replace("{database}", name);
}
