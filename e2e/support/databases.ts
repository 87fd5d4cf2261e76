/**
 * Which servers the browser tests run against (e2e/README.md, "Two instances on PostgreSQL"):
 *
 * - `E2E_SERVERS=sqlite` (the default of `npx playwright test`): each server one process on SQLite
 *   in its DATA_DIR, as the README's serve command runs it;
 * - `E2E_SERVERS=postgres-pair` (what `npm test` runs): each server two compiled instances on one
 *   PostgreSQL database of a throwaway cluster, sharing DATA_DIR and the content and publish
 *   folders, behind nginx spreading the requests over both (./balancer.ts), as docs/deployment.md
 *   "Two machines on one PostgreSQL" deploys them.
 *
 * A server's database follows its data folder: the tests prepare a story in it before the server
 * starts (`dataDirWithStaff`) and read it afterwards through `openServerDatabase(dataDir)`, on
 * SQLite or PostgreSQL alike.
 */
import { createHash } from "node:crypto";
import type { Db } from "../../server/db/database";
import { openDatabase } from "../../server/db/database";
import type { PostgresDb } from "../../server/db/postgres";
import { openPostgresAt } from "../../server/startup";

export type ServersMode = "sqlite" | "postgres-pair";

/** The mode of this run (E2E_SERVERS); anything else is refused rather than read as the default. */
export function serversMode(): ServersMode {
  const mode = process.env.E2E_SERVERS ?? "sqlite";
  if (mode !== "sqlite" && mode !== "postgres-pair") throw new Error(`E2E_SERVERS=${mode}: use "sqlite" or "postgres-pair"`);
  return mode;
}

/** The migrated database every server's own database is copied from (made once by the global setup). */
export const templateDatabase = "lescours_e2e_template";

/** The run's cluster, as a URL with `{database}` for the database's name (set by the global setup in the pair mode). */
const clusterUrl = (): string => {
  const url = process.env.E2E_POSTGRES_URL;
  if (!url) throw new Error("E2E_POSTGRES_URL is not set: the global setup starts the cluster when E2E_SERVERS=postgres-pair");
  return url;
};

let admin: PostgresDb | null = null;
const made = new Set<string>();

/**
 * The PostgreSQL database of the server on `dataDir` in the pair mode: named after the folder, so
 * every process of the run (a worker, `npm run staff`) finds the same one; made from the template
 * the first time. Undefined in the SQLite mode.
 */
export function databaseUrlOf(dataDir: string): string | undefined {
  if (serversMode() !== "postgres-pair") return undefined;
  const name = `e2e_${createHash("sha256").update(dataDir).digest("hex").slice(0, 20)}`;
  const url = clusterUrl().replace("{database}", name);
  if (made.has(name)) return url;
  admin ??= openPostgresAt(clusterUrl().replace("{database}", "postgres"));
  const exists = admin.prepare("SELECT 1 AS found FROM pg_database WHERE datname = ?").get(name);
  if (!exists) admin.execAlone(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
  made.add(name);
  return url;
}

/** The environment a server or a command on `dataDir` needs to find its database (DATABASE_URL in the pair mode). */
export function databaseEnv(dataDir: string): Record<string, string> {
  const url = databaseUrlOf(dataDir);
  return url ? { DATABASE_URL: url } : {};
}

/**
 * Opens the database of the server on `dataDir`, before or after it runs: its SQLite file (only to
 * read, with `readonly`, beside a running server), or its PostgreSQL database.
 */
export function openServerDatabase(dataDir: string, options: { readonly?: boolean } = {}): Db {
  const url = databaseUrlOf(dataDir);
  return url ? openPostgresAt(url) : openDatabase(dataDir, options);
}
