/**
 * The database's part of a backup when it is PostgreSQL (`DATABASE_URL`): PostgreSQL's own
 * `pg_dump --format=custom` (Debian's `postgresql-client`), taken on a snapshot exported by a
 * read-only transaction that counts each table's rows on the same snapshot, so the manifest's
 * counts are the dump's; the archive read whole by `pg_restore` before it is kept as good. A restore
 * puts it into an empty database with `pg_restore --single-transaction` and checks the counts
 * again. The SQLite file's copy and check are ../db/backups.ts's.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import type { DatabaseCheck } from "../db/backups";
import { postgresSortsAsSqlite } from "../db/database";

const run = promisify(execFile);

/** The archive's file name in a backup. */
export const dumpFileName = "database.pgdump";

/**
 * The URL without its password, and the password apart: pg_dump and pg_restore get it through
 * PGPASSWORD, so it never shows in the process list.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { dbname: url, env };
  }
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = "";
  }
  return { dbname: parsed.toString(), env };
}

/** Runs one of PostgreSQL's client programs; its own last words when it fails. */
async function client(program: "pg_dump" | "pg_restore", args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(program, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: number | string };
    if (code === "ENOENT") throw new Error(`${program} is not installed (Debian: apt-get install postgresql-client)`);
    const said = (stderr ?? "").trim().split("\n").slice(-3).join(" ").replace(/\s+/g, " ");
    throw new Error(`${program} failed${said ? `: ${said}` : ` (exit ${String(code)})`}`);
  }
}

/** The tables of the database's schema, by name. */
async function tablesOf(session: pg.Client): Promise<string[]> {
  const { rows } = await session.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename");
  return rows.map((row) => row.name);
}

/** Each table's rows, and the schema's version, as the session sees them. */
async function countRows(session: pg.Client): Promise<Pick<DatabaseCheck, "rows" | "schemaVersion">> {
  const rows: Record<string, number> = {};
  for (const name of await tablesOf(session)) {
    const { rows: counted } = await session.query<{ n: string }>(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`);
    rows[name] = Number(counted[0]!.n);
  }
  const { rows: version } = await session.query<{ v: string }>("SELECT coalesce(max(version), 0) AS v FROM schema_migrations");
  return { rows, schemaVersion: Number(version[0]!.v) };
}

async function session<T>(url: string, work: (session: pg.Client) => Promise<T>): Promise<T> {
  const opened = new pg.Client({ connectionString: url, application_name: "lescours-backup" });
  await opened.connect();
  try {
    return await work(opened);
  } finally {
    await opened.end();
  }
}

/**
 * Dumps the database at `url` into `file` while the servers keep writing: the dump and the row
 * counts are one moment (the snapshot the counting transaction exports). The archive is then read
 * whole by pg_restore (every table's data decompressed) before it counts as checked.
 */
export async function dumpDatabase(url: string, file: string): Promise<DatabaseCheck> {
  const { dbname, env } = connection(url);
  const counted = await session(url, async (counting) => {
    await counting.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { rows } = await counting.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot");
    const counts = await countRows(counting);
    await client("pg_dump", ["--format=custom", `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`, `--dbname=${dbname}`], env);
    await counting.query("COMMIT");
    return counts;
  });
  await checkDump(file);
  return { integrity: "ok", ...counted };
}

/** Reads the archive whole, as a restore would, writing nothing: a damaged or cut archive fails. */
export async function checkDump(file: string): Promise<void> {
  await client("pg_restore", ["--file=/dev/null", file], { ...process.env });
}

/**
 * Why the database at `url` cannot take a restore, or null: it must hold no table (a restore never
 * writes over data) and sort text as SQLite does (its collation), as the server asks.
 */
export async function restoreTargetProblem(url: string): Promise<string | null> {
  return session(url, async (target) => {
    const tables = await tablesOf(target);
    if (tables.length > 0)
      return `it is not empty (${tables.length} tables, among them ${tables.slice(0, 3).join(", ")}): a restore goes into an empty database (create a new one, or rename the old one aside first: docs/deployment.md, "Backups")`;
    const { rows } = await target.query<{ collation: string }>("SELECT datcollate AS collation FROM pg_database WHERE datname = current_database()");
    const collation = rows[0]!.collation;
    if (!postgresSortsAsSqlite(collation)) return `its collation is ${collation}: create it with --locale=C.UTF-8 --template=template0 (docs/deployment.md)`;
    return null;
  });
}

/**
 * Restores the archive into the empty database at `url`, all of it or nothing (one transaction),
 * then checks that every table holds the rows the backup counted. The objects belong to the
 * restoring role (the backup's owner and grants are not replayed).
 */
export async function restoreDump(url: string, file: string, expected: DatabaseCheck): Promise<void> {
  const { dbname, env } = connection(url);
  await client("pg_restore", ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", `--dbname=${dbname}`, file], env);
  const found = await session(url, countRows);
  const differing = Object.entries(expected.rows).filter(([table, rows]) => found.rows[table] !== rows);
  if (differing.length > 0 || found.schemaVersion !== expected.schemaVersion) {
    const tables = differing.map(([table, rows]) => `${table}: ${found.rows[table] ?? "missing"} rows, ${rows} backed up`).join("; ");
    throw new Error(`the restored database differs from the backup (${tables || `schema ${found.schemaVersion}, ${expected.schemaVersion} backed up`})`);
  }
}

/**
 * Records, in the restored database, that the backup it came from succeeded as of the moment it
 * was dumped (the SQLite copy is marked so before it is checked: ../db/backups.ts, markCopyTaken).
 * At that moment its run was the only one running (a backup runs alone: beginBackupRun).
 */
export async function markDumpTaken(url: string, takenAt: string): Promise<void> {
  await session(url, (restored) => restored.query("UPDATE backup_runs SET status = 'done', finished_at = $1 WHERE status = 'running'", [takenAt]));
}
