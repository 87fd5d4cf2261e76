import { accessSync, constants, mkdirSync } from "node:fs";
import { join } from "node:path";
import { databaseFileName, openDatabase, openPostgres, type Db, type StoreLocation } from "./db/database";
import type { PostgresDb } from "./db/postgres";
import { withoutPassword } from "./log";
import { serverFile } from "./project";

/** Opens the PostgreSQL database at `url` for the server or a command (its worker thread found in the project folder). */
export const openPostgresAt = (url: string): PostgresDb => openPostgres(url, { workerFile: serverFile("db/postgres-worker.mjs") });

/**
 * A start-up failure whose message is one line naming the variable to fix, printed as it is by
 * `npm start` before it exits with status 1.
 */
export class StartupError extends Error {
  override name = "StartupError";
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();

/** Opens the submissions database in DATA_DIR, or says in one line why DATA_DIR cannot hold it. */
function openDataDir(dataDir: string): Db {
  try {
    return openDatabase(dataDir);
  } catch (error) {
    throw new StartupError(`DATA_DIR=${JSON.stringify(dataDir)} cannot hold the database ${join(dataDir, databaseFileName)}: ${reason(error)}`);
  }
}

/**
 * Makes DATA_DIR if it is missing and checks that it can be written, or says in one line why not:
 * on PostgreSQL it holds no database, but the audit log's key, the photographs waiting for their
 * save and the backups' staging folder, which a server on a folder it cannot write would fail only
 * at their first use.
 */
function checkDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    throw new StartupError(`DATA_DIR=${JSON.stringify(dataDir)} cannot be written: ${reason(error)}`);
  }
}

/**
 * Opens the server's database: PostgreSQL at DATABASE_URL when it is set, else SQLite in DATA_DIR;
 * or says in one line what to fix (the URL shown without its password, or DATA_DIR).
 */
export function openConfiguredDatabase(location: StoreLocation): Db {
  if (!location.DATABASE_URL) return openDataDir(location.DATA_DIR);
  checkDataDir(location.DATA_DIR);
  try {
    return openPostgresAt(location.DATABASE_URL);
  } catch (error) {
    const url = location.DATABASE_URL;
    throw new StartupError(`DATABASE_URL=${JSON.stringify(withoutPassword(url))} cannot be used: ${reason(error).split(url).join(withoutPassword(url))}`);
  }
}

/** The one line for a failed `listen`, naming PORT or HOST. */
export function listenError(error: unknown, port: number, host: string): StartupError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE") return new StartupError(`PORT=${port} is already in use on HOST=${JSON.stringify(host)}: another process listens there`);
  if (code === "EACCES") return new StartupError(`PORT=${port} needs privileges this process lacks (ports below 1024 do): ${reason(error)}`);
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EADDRNOTAVAIL") {
    return new StartupError(`HOST=${JSON.stringify(host)} is not an address of this machine: ${reason(error)}`);
  }
  return new StartupError(`Cannot listen on HOST=${JSON.stringify(host)} PORT=${port}: ${reason(error)}`);
}

/** Any start-up failure as one line: a StartupError as it is, anything else with its cause. */
export function startupMessage(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  return `Start-up failed: ${reason(error)}`;
}
