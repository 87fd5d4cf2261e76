import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate, openDatabase } from "../db/database";
import { GroupCommit } from "../db/group-commit";
import { migrations } from "../db/migrations";
import { tempDataDir } from "./support/fixtures";

describe("migrations", () => {
  it("apply in order once, are recorded, and are skipped on the next start", () => {
    const db = new Database(":memory:");
    const list = [
      { version: 1, name: "one", sql: "CREATE TABLE a (x TEXT)" },
      { version: 2, name: "two", sql: "ALTER TABLE a ADD COLUMN y TEXT" },
    ];
    expect(migrate(db, list.slice(0, 1))).toEqual([1]);
    expect(migrate(db, list)).toEqual([2]);
    expect(migrate(db, list)).toEqual([]);
    expect(db.prepare("SELECT version, name FROM schema_migrations ORDER BY version").all()).toEqual([
      { version: 1, name: "one" },
      { version: 2, name: "two" },
    ]);
    db.prepare("INSERT INTO a (x, y) VALUES ('1', '2')").run();
    db.close();
  });

  it("roll back a migration that fails, leaving the database as it was", () => {
    const db = new Database(":memory:");
    const list = [{ version: 1, name: "broken", sql: "CREATE TABLE b (x TEXT); CREATE TABLE b (x TEXT);" }];
    expect(() => migrate(db, list)).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").all()).toEqual([]);
    expect(db.prepare("SELECT count(*) AS n FROM schema_migrations").get()).toEqual({ n: 0 });
    db.close();
  });

  it("refuse an out-of-order list and a database newer than the code", () => {
    const db = new Database(":memory:");
    expect(() => migrate(db, [{ version: 2, name: "b", sql: "" }, { version: 1, name: "a", sql: "" }])).toThrow(/out of order/);
    migrate(db, [{ version: 1, name: "a", sql: "" }, { version: 2, name: "b", sql: "" }]);
    expect(() => migrate(db, [{ version: 1, name: "a", sql: "" }])).toThrow(/older than the data/);
    db.close();
  });

  it("bring a new data folder to the latest version, and reopen it unchanged", () => {
    const dir = tempDataDir();
    openDatabase(dir).close();
    const db = openDatabase(dir);
    const versions = db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[];
    expect(versions.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
    db.close();
  });
});

describe("GroupCommit", () => {
  it("commits writes of one turn together, and rolls back only the one that fails", async () => {
    const db = openDatabase(tempDataDir());
    db.exec("CREATE TABLE t (x TEXT NOT NULL)");
    let commits = 0;
    const group = new GroupCommit(db, () => commits++);
    const insert = db.prepare("INSERT INTO t (x) VALUES (?)");
    const results = await Promise.allSettled([
      group.run(() => insert.run("a").changes),
      group.run(() => {
        insert.run("half");
        throw new Error("bad write");
      }),
      group.run(() => insert.run("c").changes),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(commits).toBe(1);
    expect(db.prepare("SELECT x FROM t ORDER BY rowid").all()).toEqual([{ x: "a" }, { x: "c" }]);
    db.close();
  });

  it("rejects every write of a batch whose commit fails", async () => {
    const db = openDatabase(tempDataDir());
    const group = new GroupCommit(db);
    const pending = [group.run(() => 1), group.run(() => 2)];
    db.close();
    for (const result of await Promise.allSettled(pending)) expect(result.status).toBe("rejected");
  });
});
