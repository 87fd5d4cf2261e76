import { spawnSync } from "node:child_process";
import { parse } from "csv-parse/sync";
import { afterEach, describe, expect, it } from "vitest";
import { formDefinitions } from "#forms/definitions";
import type { Db } from "../db/database";
import { exportColumns, readSubmissions, toCsv } from "../db/export";
import { insertSubmission } from "../db/submissions";
import { compiledCommand } from "../../e2e/support/server";
import { tempDataDir, validPayloads } from "./support/fixtures";
import { openTestDatabase, testDatabaseUrl } from "./support/test-database";

/** Reads CSV back as a spreadsheet would, with csv-parse. */
const parseCsv = (text: string) => parse(text) as string[][];

let db: Db | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

/** A database with submissions stored at the given times. */
function seeded(dataDir: string, entries: [string, Record<string, unknown>][]) {
  db = openTestDatabase(dataDir);
  for (const [time, fields] of entries) insertSubmission(db, "contactMessage", { ...validPayloads.contactMessage, ...fields } as never, new Date(time));
  return db;
}

describe("CSV cells", () => {
  const cells = (values: Record<string, string | number | null>) => parseCsv(toCsv(Object.keys(values), [values]))[1];

  it("defuses cells a spreadsheet would run as a formula, and only those", () => {
    const dangerous = ["=1+1", "+33 5 00", "-2+3", "@SUM(A1)", "\t=cmd", "\r=cmd", "\uFF1D1+1", "\uFF20SUM(A1)"];
    expect(cells(Object.fromEntries(dangerous.map((value, i) => [`c${i}`, value])))).toEqual(dangerous.map((value) => `'${value}`));
    const harmless = ["Alex", "2027-01-01", " =not first", "a=b", ""];
    expect(cells(Object.fromEntries(harmless.map((value, i) => [`c${i}`, value])))).toEqual(harmless);
    // A number is data, not a formula, even when negative.
    expect(cells({ n: -4 })).toEqual(["-4"]);
  });

  it("quotes commas, quotes, line breaks and edge spaces, and writes CRLF between records", () => {
    const csv = toCsv(
      ["a", "b", "c", "d", "e", "f"],
      [{ a: 'He said "hi", then left', b: "line 1\nline 2", c: " padded", d: "plain", e: null, f: '=HYPERLINK("http://evil.example","x")' }],
    );
    expect(csv).toBe(`a,b,c,d,e,f\r\n"He said ""hi"", then left","line 1\nline 2"," padded",plain,,"'=HYPERLINK(""http://evil.example"",""x"")"\r\n`);
  });

  it("writes the header alone when there is nothing to export", () => {
    expect(toCsv(["id", "name"], [])).toBe("id,name\r\n");
  });
});

describe("export", () => {
  it("writes one column per field, oldest first, filtered by --since", async () => {
    const database = seeded(tempDataDir(), [
      ["2027-01-01T10:00:00.000Z", { name: "First" }],
      ["2027-02-01T10:00:00.000Z", { name: "=Second", message: 'Line one\nLine "two", end' }],
    ]);
    const form = formDefinitions.contactMessage;
    const csv = toCsv(exportColumns(form), readSubmissions(database, form));
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(["id", "receivedAt", "language", "page", "name", "email", "phone", "subject", "message"]);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(1, 5)).toEqual(["2027-01-01T10:00:00.000Z", "en", "/contact", "First"]);
    expect(rows[2]![4]).toBe("'=Second");
    expect(rows[2]![8]).toBe('Line one\nLine "two", end');
    const since = readSubmissions(database, form, { since: new Date("2027-01-15") });
    expect(since.map((row) => row.name)).toEqual(["=Second"]);
  });

  it("works from the command line (npm run submissions -- export …)", async () => {
    const dataDir = tempDataDir();
    const database = seeded(dataDir, [
      ["2027-01-01T10:00:00.000Z", { name: "Old" }],
      ["2027-03-01T10:00:00.000Z", { name: "@New", phone: "+33 6 00 00 00 00" }],
    ]);
    database.close();
    db = null;
    // In the "postgres" project, the data folder's own PostgreSQL database.
    const url = testDatabaseUrl(dataDir);
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [compiledCommand("submissions"), ...args], {
        env: { ...process.env, DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) },
        encoding: "utf8",
        // spawnSync holds the thread, where vitest cannot end the test: a hung command is ended at the test's own limit.
        timeout: 120_000,
      });
    const csv = run("export", "contact-messages", "--since", "2027-02-01");
    expect(csv.status, csv.stderr).toBe(0);
    const rows = parseCsv(csv.stdout);
    expect(rows).toHaveLength(2);
    expect(rows[1]![4]).toBe("'@New");
    expect(rows[1]![6]).toBe("'+33 6 00 00 00 00");

    const json = run("export", "contactMessage", "--format", "json");
    expect(json.status, json.stderr).toBe(0);
    const parsed = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(parsed.map((row) => row.name)).toEqual(["Old", "@New"]);
    expect(parsed[1]).toMatchObject({ phone: "+33 6 00 00 00 00", language: "en", receivedAt: "2027-03-01T10:00:00.000Z" });

    const newsletter = run("export", "newsletter-signups");
    expect(newsletter.status).toBe(0);
    expect(newsletter.stdout.split("\r\n")[0]).toBe("id,receivedAt,language,page,email,consentedAt,confirmedAt,unsubscribedAt");

    for (const args of [
      ["export", "orders"],
      ["export"],
      ["list"],
      ["export", "contact-messages", "--format", "xml"],
      ["export", "contact-messages", "--since", "yesterday"],
    ]) {
      const bad = run(...args);
      expect(bad.status, args.join(" ")).toBe(2);
      expect(bad.stderr).toContain("Usage: npm run submissions -- export <type>");
    }
  }, 60_000);
});
