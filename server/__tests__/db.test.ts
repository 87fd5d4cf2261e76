import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { formDefinitions } from "#forms/definitions";
import { migrate, openDatabase } from "../db/database";
import { tableProblems } from "../db/form-tables";
import { GroupCommit } from "../db/group-commit";
import { migrations } from "../db/migrations";
import { insertSubmission, SubmissionStore } from "../db/submissions";
import { findSubmission } from "../db/inbox";
import { tempDataDir, validPayloads } from "./support/fixtures";

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
    expect(() =>
      migrate(db, [
        { version: 2, name: "b", sql: "" },
        { version: 1, name: "a", sql: "" },
      ]),
    ).toThrow(/out of order/);
    migrate(db, [
      { version: 1, name: "a", sql: "" },
      { version: 2, name: "b", sql: "" },
    ]);
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

describe("the form tables and the form definitions (forms/)", () => {
  it("agree after the migrations: every field has its column, of its type, NOT NULL when required", () => {
    const db = new Database(":memory:");
    migrate(db, migrations);
    const tokens = ["confirm_token", "unsubscribe_token", "confirmation_sent_at", "digested_at"];
    for (const form of Object.values(formDefinitions)) {
      expect(tableProblems(db, form, form.kind === "newsletterSignup" ? tokens : []), form.table).toEqual([]);
    }
    expect(() => new SubmissionStore(db)).not.toThrow();
    db.close();
  });

  it("stop the server at start-up, naming every column, when a table and its definition disagree", () => {
    const db = new Database(":memory:");
    migrate(db, [
      ...migrations,
      {
        version: 1000,
        name: "a table that drifted from its definition",
        // The inbox's trigger reads the column: a migration that drops one recreates its trigger.
        sql: `DROP TRIGGER contact_messages_inbox;
              ALTER TABLE contact_messages DROP COLUMN subject;
              ALTER TABLE tour_bookings ADD COLUMN shoe_size TEXT;
              DROP TABLE importer_applications;
              CREATE TABLE importer_applications (id TEXT PRIMARY KEY, received_at TEXT NOT NULL, language TEXT NOT NULL, page TEXT NOT NULL,
                company_name TEXT NOT NULL, contact_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT, country TEXT NOT NULL,
                website TEXT, experience INTEGER NOT NULL, market_size TEXT, message TEXT);`,
      },
    ]);
    let error: Error | undefined;
    try {
      new SubmissionStore(db);
    } catch (thrown) {
      error = thrown as Error;
    }
    expect(
      error?.message
        .split("\n")
        .slice(1)
        .map((line) => line.trim()),
    ).toEqual([
      "tour_bookings.shoe_size: a column no definition names",
      "contact_messages.subject: no such column (field contactMessage.subject)",
      "importer_applications.phone: nullable, but the field is required",
      "importer_applications.experience: type INTEGER, the field needs TEXT",
    ]);
    db.close();
  });

  it("stop the server at start-up, naming the table, when an inbox trigger is missing, names the wrong sender, leaves fields out of the search or keeps a deleted row", () => {
    const db = new Database(":memory:");
    migrate(db, [
      ...migrations,
      {
        version: 1000,
        name: "inbox triggers that drifted from the definitions",
        sql: `DROP TRIGGER contact_messages_inbox;
              DROP TRIGGER importer_applications_inbox;
              CREATE TRIGGER importer_applications_inbox AFTER INSERT ON importer_applications BEGIN
                INSERT INTO inbox (type, submission_id, received_at, language, page, name, email, status)
                  VALUES ('importer-applications', NEW.id, NEW.received_at, NEW.language, NEW.page, NEW.company_name, NEW.email, 'new');
                INSERT INTO inbox_search (rowid, text) VALUES (last_insert_rowid(), concat_ws(' ', NEW.id, NEW.company_name, NEW.email, NEW.phone));
              END;
              DROP TRIGGER tour_bookings_inbox_delete;`,
      },
    ]);
    expect(() => new SubmissionStore(db)).toThrow(
      [
        "The database tables do not match the form definitions (forms/); add a migration:",
        "  tour_bookings: a deleted row stays in the inbox (its delete trigger, tour_bookings_inbox_delete)",
        "  contact_messages: a new row does not enter the inbox as contact-messages (its insert trigger, contact_messages_inbox)",
        "  importer_applications: the inbox names the sender by another column, not contactName",
        "  importer_applications: the inbox's search does not hold contact_name, country, website, experience, market_size, message",
      ].join("\n"),
    );
    // Nothing of the trials stays behind.
    expect(db.prepare("SELECT count(*) AS n FROM inbox").get()).toEqual({ n: 0 });
    db.close();
  });
});

describe("a stored submission read back (server/forms/stored.ts)", () => {
  it("comes typed by its form: its kind, each field by name, a count as a number, an empty optional field as null", () => {
    const db = new Database(":memory:");
    migrate(db, migrations);
    const { phone: _phone, message: _message, ...booking } = validPayloads.tourBooking;
    const { id } = insertSubmission(db, "tourBooking", booking, new Date());
    const record = findSubmission(db, "tour-bookings", id);
    expect(record?.kind).toBe("tourBooking");
    expect(record?.row).toMatchObject({
      id,
      language: "fr",
      page: "/fr/wine-tours",
      name: "Camille Martin",
      guests: 4,
      package: "both",
      phone: null,
      message: null,
    });
    expect(findSubmission(db, "contact-messages", id)).toBeNull();
    db.close();
  });

  it("stops, naming the field, when a stored row does not fit its form's definition instead of reaching a page as it is", () => {
    const db = new Database(":memory:");
    migrate(db, migrations);
    const { id } = insertSubmission(db, "tourBooking", validPayloads.tourBooking, new Date());
    db.prepare("UPDATE tour_bookings SET package = 'cellar', guests = 'four' WHERE id = ?").run(id);
    expect(() => findSubmission(db, "tour-bookings", id)).toThrow(/a stored tourBooking does not fit its definition \(forms\/\): guests: .*; package: /);
    db.close();
  });
});
