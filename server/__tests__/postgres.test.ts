/**
 * PostgreSQL's schema is SQLite's twin (server/db/postgres-migrations.ts): the same tables with
 * the same columns, of the same kinds and the same NOT NULLs, and every SQLite migration after the
 * baseline with a PostgreSQL migration of the same version and name. Runs in the "postgres" project
 * (vitest.config.ts), on the run's throwaway cluster.
 */
import { hostname } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { columnsOf, openDatabase, sqliteOf, type Db } from "../db/database";
import { migrations } from "../db/migrations";
import { holdLease, releaseLease } from "../db/leases";
import { baselineVersion, postgresMigrations } from "../db/postgres-migrations";
import { endedProcessId, tempDataDir } from "./support/fixtures";
import { onPostgres, openTestDatabase } from "./support/test-database";

const opened: Db[] = [];
afterAll(() => opened.forEach((db) => db.close()));

/** The tables of a database, by name. */
function tablesOf(db: Db): string[] {
  const sqlite = sqliteOf(db);
  const names = sqlite
    ? (sqlite.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[])
        .map((row) => row.name)
        // FTS5's own tables behind the inbox's search: PostgreSQL's search is one table with an index.
        .filter((name) => !/^inbox_search_/.test(name))
    : (
        db.prepare("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'").all() as {
          name: string;
        }[]
      ).map((row) => row.name);
  return names.sort();
}

/** SQLite's primary-key columns of a table: SQLite lets a TEXT key be null unless told not to, PostgreSQL never does, so their NOT NULL is left out. */
const keysOf = (db: Db, table: string) =>
  new Set((sqliteOf(db)!.prepare(`PRAGMA table_info(${table})`).all() as { name: string; pk: number }[]).filter((c) => c.pk > 0).map((c) => c.name));

/** The columns of a table as both describe them: name, INTEGER or TEXT, NOT NULL (but for SQLite's keys). */
const columnsFor = (db: Db, table: string, keys: Set<string>) =>
  columnsOf(db, table).map((c) => ({ name: c.name, type: c.type.toUpperCase(), ...(keys.has(c.name) ? {} : { notnull: c.notnull }) }));

describe.runIf(onPostgres())("PostgreSQL's schema", () => {
  const sqlite = openDatabase(tempDataDir());
  const postgres = openTestDatabase(tempDataDir());
  opened.push(sqlite, postgres);

  it("has a twin of every SQLite migration after its baseline, with the same version and name", () => {
    const after = migrations.filter((migration) => migration.version > baselineVersion);
    expect(postgresMigrations.filter((migration) => migration.version > baselineVersion).map(({ version, name }) => ({ version, name }))).toEqual(
      after.map(({ version, name }) => ({ version, name })),
    );
    expect(Math.max(...postgresMigrations.map((migration) => migration.version))).toBe(Math.max(...migrations.map((migration) => migration.version)));
  });

  it("has the same tables as SQLite's, with the same columns in the same order, of the same kinds and NOT NULLs", () => {
    const tables = tablesOf(sqlite);
    expect(tablesOf(postgres)).toEqual(tables);
    for (const table of tables) {
      const keys = keysOf(sqlite, table);
      // The search: an FTS5 table of one untyped column in SQLite (its row id hidden), a table with an id and a text on PostgreSQL.
      const pg = columnsFor(postgres, table, keys).filter((column) => !(table === "inbox_search" && column.name === "id"));
      const lite = columnsFor(sqlite, table, keys).map((column) => (table === "inbox_search" ? { ...column, type: "TEXT", notnull: 1 } : column));
      expect(pg, table).toEqual(lite);
    }
  });
});

describe("a lease on periodic work (the minute sweep), between two connections to one database", () => {
  it("is held by one holder at a time, renewed by it, taken over once it ran out or was given back", () => {
    const dir = tempDataDir();
    const one = openTestDatabase(dir);
    const two = openTestDatabase(dir);
    opened.push(one, two);
    const at = (minutes: number) => new Date(Date.UTC(2027, 0, 1, 10, minutes));
    const ttl = 150_000;
    expect(holdLease(one, "bookings-sweep", "a", at(0), ttl)).toBe(true);
    expect(holdLease(two, "bookings-sweep", "b", at(1), ttl)).toBe(false);
    // Renewed by its holder a minute later: still its own two minutes after that.
    expect(holdLease(one, "bookings-sweep", "a", at(1), ttl)).toBe(true);
    expect(holdLease(two, "bookings-sweep", "b", at(3), ttl)).toBe(false);
    // The holder stopped renewing (killed): the other takes over once the lease ran out.
    expect(holdLease(two, "bookings-sweep", "b", at(4), ttl)).toBe(true);
    expect(holdLease(one, "bookings-sweep", "a", at(4), ttl)).toBe(false);
    // Given back at a shutdown: taken at once.
    releaseLease(two, "bookings-sweep", "b");
    expect(holdLease(one, "bookings-sweep", "a", at(5), ttl)).toBe(true);
    // Another job's lease is its own.
    expect(holdLease(two, "backups", "b", at(5), ttl)).toBe(true);
  });

  it("is taken at once from a process of this machine that has ended (a restart after kill -9), not from one that runs", () => {
    const dir = tempDataDir();
    const db = openTestDatabase(dir);
    opened.push(db);
    const now = new Date();
    const ended = `${hostname()}:${endedProcessId()}:dead`;
    const running = `${hostname()}:${process.pid}:alive`;
    expect(holdLease(db, "content-publish", ended, now, 60_000)).toBe(true);
    expect(holdLease(db, "content-publish", "restarted", now, 60_000)).toBe(true);
    expect(holdLease(db, "content-schedule", running, now, 60_000)).toBe(true);
    expect(holdLease(db, "content-schedule", "restarted", now, 60_000)).toBe(false);
    // Of another machine: alive as far as this one can tell, until it runs out.
    expect(holdLease(db, "backups", `elsewhere.example:${endedProcessId()}:x`, now, 60_000)).toBe(true);
    expect(holdLease(db, "backups", "restarted", now, 60_000)).toBe(false);
  });
});

describe.runIf(onPostgres())("statements prepared once per connection, and a schema changed under them", () => {
  it("reads and writes again after another connection changed a table's columns (a rolling deploy's migration), outside a transaction and at its start", () => {
    const dataDir = tempDataDir();
    const server = openTestDatabase(dataDir);
    const migrating = openTestDatabase(dataDir);
    opened.push(server, migrating);
    server.exec("CREATE TABLE rolled (id integer PRIMARY KEY, name text NOT NULL)");
    server.prepare("INSERT INTO rolled (id, name) VALUES (?, ?)").run(1, "first");
    const read = () => server.prepare("SELECT * FROM rolled WHERE id = ?").get(1);
    const write = (id: number) =>
      server.transaction(() => {
        const row = server.prepare("SELECT * FROM rolled WHERE id = ?").get(1) as { name: string };
        server.prepare("INSERT INTO rolled (id, name) VALUES (?, ?)").run(id, `${row.name} again`);
      })();
    expect(read()).toEqual({ id: 1, name: "first" });
    write(2);
    // Another instance migrates the table while this one runs: the result's columns change.
    migrating.exec("ALTER TABLE rolled ADD COLUMN note text NOT NULL DEFAULT 'new'");
    expect(read()).toEqual({ id: 1, name: "first", note: "new" });
    migrating.exec("ALTER TABLE rolled DROP COLUMN note");
    write(3);
    expect(server.prepare("SELECT id, name FROM rolled ORDER BY id").all()).toEqual([
      { id: 1, name: "first" },
      { id: 2, name: "first again" },
      { id: 3, name: "first again" },
    ]);
  });
});
