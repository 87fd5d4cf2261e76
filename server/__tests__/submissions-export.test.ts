import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db/database";
import { csvField, exportColumns, neutraliseCell, readSubmissions, toCsv } from "../db/export";
import { formTables } from "../db/forms";
import { SubmissionStore } from "../db/submissions";
import { tempDataDir, validPayloads } from "./support/fixtures";
import { parseCsv } from "./support/csv";

let db: Db | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

/** A database with submissions stored at the given times. */
async function seeded(dataDir: string, entries: [string, Record<string, unknown>][]) {
  db = openDatabase(dataDir);
  let now = new Date();
  const store = new SubmissionStore(db, { mail: null, now: () => now });
  for (const [time, fields] of entries) {
    now = new Date(time);
    await store.submit("contactMessage", { ...validPayloads.contactMessage, ...fields } as never);
  }
  return db;
}


describe("CSV cells", () => {
  it("neutralises cells a spreadsheet would run as a formula", () => {
    for (const dangerous of ["=1+1", "+33 5 00", "-2+3", "@SUM(A1)", "\t=cmd", "\r=cmd"]) {
      expect(neutraliseCell(dangerous)).toBe(`'${dangerous}`);
    }
    for (const harmless of ["Alex", "2027-01-01", " =not first", "a=b", ""]) expect(neutraliseCell(harmless)).toBe(harmless);
  });

  it("quotes commas, quotes, line breaks and edge spaces", () => {
    expect(csvField('He said "hi", then left')).toBe('"He said ""hi"", then left"');
    expect(csvField("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvField(" padded")).toBe('" padded"');
    expect(csvField("plain")).toBe("plain");
    expect(csvField(null)).toBe("");
    expect(csvField(-4)).toBe("-4");
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });
});

describe("export", () => {
  it("writes one column per field, oldest first, filtered by --since", async () => {
    const database = await seeded(tempDataDir(), [
      ["2027-01-01T10:00:00.000Z", { name: "First" }],
      ["2027-02-01T10:00:00.000Z", { name: "=Second", message: 'Line one\nLine "two", end' }],
    ]);
    const form = formTables.contactMessage;
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
    const database = await seeded(dataDir, [
      ["2027-01-01T10:00:00.000Z", { name: "Old" }],
      ["2027-03-01T10:00:00.000Z", { name: "@New", phone: "+33 6 00 00 00 00" }],
    ]);
    database.close();
    db = null;
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/submissions.ts", ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
        timeout: 30_000,
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

    for (const args of [["export", "orders"], ["export"], ["list"], ["export", "contact-messages", "--format", "xml"], ["export", "contact-messages", "--since", "yesterday"]]) {
      const bad = run(...args);
      expect(bad.status, args.join(" ")).toBe(2);
      expect(bad.stderr).toContain("Usage: npm run submissions -- export <type>");
    }
  }, 60_000);
});
