/**
 * A throwaway PostgreSQL cluster for a test run, from Debian's packages (scripts/ensure-postgres.sh
 * installs them when missing): `initdb` with trust authentication in a temporary folder, started
 * with `pg_ctl` on a free port with its socket in a folder it owns, stopped and removed at the end.
 * Run as root (as the tests are here and in CI), PostgreSQL's own programs run as the `postgres`
 * user (`su postgres`), which refuses to run as root; as anyone else, as that user.
 */
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPostgresAt } from "../../server/startup";

/** Where PostgreSQL's programs are: POSTGRES_BIN, or the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function postgresBin(): string {
  const given = process.env.POSTGRES_BIN;
  if (given) {
    if (existsSync(join(given, "initdb"))) return given;
    throw new Error(`POSTGRES_BIN=${given} holds no initdb`);
  }
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error("PostgreSQL is not installed: run scripts/ensure-postgres.sh (or set POSTGRES_BIN)");
  return join(root, versions[0]!, "bin");
}

const asRoot = process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs as the user that owns the cluster; throws with its output when it fails. */
function runAsOwner(program: string, args: string[]): string {
  const bin = join(postgresBin(), program);
  const quoted = [bin, ...args].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(" ");
  const result = asRoot ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { encoding: "utf8" }) : spawnSync(bin, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

export interface TestCluster {
  port: number;
  /** The folder of its socket. */
  socketDir: string;
  /** A connection URL to `database` on it (TCP on 127.0.0.1, user postgres, no password). */
  url: (database: string) => string;
  stop: () => void;
}

export interface ClusterOptions {
  port: number;
  /** Durable like production (fsync on), for measurements; off by default: a test cluster is thrown away. */
  durable?: boolean;
  maxConnections?: number;
}

/** Starts a new cluster on `port` and waits until it takes connections. */
export function startCluster({ port, durable = false, maxConnections = 200 }: ClusterOptions): TestCluster {
  // A cluster that is thrown away needs no disk: in memory (/dev/shm) where there is one, each test
  // server's copy of the template takes 21–30 ms; on this machine's shared disk 35 ms, then 280–400
  // ms once the run has written a few hundred megabytes (docs/benchmarks.md).
  const parent = !durable && existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  const dir = mkdtempSync(join(parent, "lescours-pg-"));
  const data = join(dir, "data");
  const socketDir = join(dir, "socket");
  for (const folder of [data, socketDir]) spawnSync("mkdir", ["-p", folder]);
  if (asRoot) {
    const owner = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const group = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (owner.status !== 0) throw new Error("The postgres user is missing: run scripts/ensure-postgres.sh");
    for (const folder of [dir, data, socketDir]) chownSync(folder, Number(owner.stdout), Number(group.stdout));
  }
  // C collation and UTF-8: text sorts and lower() as in SQLite (docs/deployment.md asks the same of production).
  runAsOwner("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--encoding=UTF8", "--locale=C", ...(durable ? [] : ["--no-sync"])]);
  const settings = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${socketDir}'`,
    `max_connections = ${maxConnections}`,
    "shared_buffers = 64MB",
    ...(durable ? [] : ["fsync = off", "synchronous_commit = off", "full_page_writes = off"]),
  ];
  writeFileSync(join(data, "postgresql.auto.conf"), `${settings.join("\n")}\n`);
  if (asRoot) spawnSync("chown", ["postgres:postgres", join(data, "postgresql.auto.conf")]);
  runAsOwner("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-t", "120", "start"]);
  let stopped = false;
  return {
    port,
    socketDir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        runAsOwner("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A new cluster (as `startCluster`) with the database `template` made and migrated once, which each
 * test server's own database is then copied from: a copy of a migrated database takes
 * milliseconds, migrating one takes a second. The cluster is stopped again if that fails.
 */
export function startClusterWithTemplate(options: ClusterOptions & { template: string }): TestCluster {
  const cluster = startCluster(options);
  try {
    const admin = openPostgresAt(cluster.url("postgres"));
    try {
      admin.execAlone(`CREATE DATABASE ${options.template}`);
    } finally {
      admin.close();
    }
    openPostgresAt(cluster.url(options.template)).close();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  return cluster;
}
