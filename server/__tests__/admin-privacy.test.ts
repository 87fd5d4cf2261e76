import { createHash, createHmac } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { openDatabase } from "../db/database";
import { addStaff, adminTestServer, StaffClient } from "./support/admin";
import { closedAfterEachTest, tempDataDir, TestSmtp, validPayloads, waitFor } from "./support/fixtures";

const en = adminTranslator("en").t;
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
const staff = { email: "anne@hermitage-lescours.example", password: "a long and unusual passphrase" };
const person = "Camille.Person@Example.org";

const { apps, smtps } = closedAfterEachTest();

const dataDirOf = (app: FastifyInstance) => app.forms.db.name.replace(/[/\\][^/\\]+$/, "");
/** The SHA-256 of an address (lower-cased), as the audit log kept it before issue 20: anyone could compute it. */
const bareDigest = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
/** What the audit log keeps now: that SHA-256 under an HMAC keyed by the secret in DATA_DIR. */
function keyedDigest(app: FastifyInstance, email: string): string {
  const key = Buffer.from(readFileSync(join(dataDirOf(app), "audit-key"), "utf8").trim(), "hex");
  return `hmac:${createHmac("sha256", key).update(bareDigest(email)).digest("hex")}`;
}

/** A server with mail, where one person sent a booking, a message, an application and signed up, and someone else sent a message. */
async function stored() {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  const app = await adminTestServer({ SMTP_URL: smtp.url });
  apps.add(app);
  await addStaff(app, staff.email, staff.password);
  const post = (slug: string, payload: object) =>
    app.inject({ method: "POST", url: `/api/${slug}`, headers: { "content-type": "application/json" }, payload: JSON.stringify(payload) });
  await post("tour-bookings", { ...validPayloads.tourBooking, email: person });
  await post("contact-messages", { ...validPayloads.contactMessage, email: person.toLowerCase(), message: "Personal details: Camille, 12 rue des Vignes" });
  await post("importer-applications", { ...validPayloads.importerApplication, email: person.toUpperCase() });
  await post("newsletter-signups", { ...validPayloads.newsletterSignup, email: person });
  await post("contact-messages", { ...validPayloads.contactMessage, email: "someone.else@example.com" });
  // Four notifications (the newsletter's waits for its confirmation) and the newsletter confirmation.
  await waitFor(() => smtp.received.length === 5, 10_000, "five e-mails");
  await app.forms.sender!.idle();
  const client = new StaffClient(app);
  expect((await client.signIn(staff.email, staff.password)).statusCode).toBe(303);
  await client.get("/admin/privacy");
  return { app, client };
}

describe("privacy tools", () => {
  it("find everything stored for an address, whatever its case", async () => {
    const { client } = await stored();
    const found = await client.post("/admin/privacy/find", { email: person.toLowerCase() });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(html(en("privacy.submissions", { count: 4 })));
    // The notifications of the three submissions (not the unconfirmed newsletter sign-up's) and the newsletter confirmation.
    expect(found.body).toContain(html(en("privacy.mails", { count: 4 })));
    // What an erasure cannot reach, so that the office can act on it.
    expect(found.body).toContain(html(en("privacy.beyond.title")));
    expect(found.body).toContain(html(en("privacy.beyond.mailboxes", { mailboxes: "contact@hermitage-lescours.example, trade@hermitage-lescours.example" })));
    expect(found.body).toContain(html(en("privacy.beyond.backups")));
    expect((await client.post("/admin/privacy/find", { email: "not an address" })).statusCode).toBe(400);
  });

  it("export it as JSON: every column of every submission and every e-mail, bodies included", async () => {
    const { client } = await stored();
    const answer = await client.post("/admin/privacy/export", { email: person });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="personal-data.json"');
    const data = answer.json() as { email: string; submissions: { type: string; row: Record<string, unknown> }[]; mails: { body: string }[] };
    expect(data.submissions.map((entry) => entry.type).sort()).toEqual(["contact-messages", "importer-applications", "newsletter-signups", "tour-bookings"]);
    expect(data.submissions.find((entry) => entry.type === "contact-messages")!.row.message).toBe("Personal details: Camille, 12 rue des Vignes");
    expect(data.mails).toHaveLength(4);
    expect(data.mails.some((mail) => mail.body.includes("12 rue des Vignes"))).toBe(true);
    expect(JSON.stringify(data)).not.toContain("someone.else@example.com");
  });

  it("erase it: submissions, subscription, e-mails and search text, down to the database files; someone else's stays", async () => {
    const { app, client } = await stored();
    expect((await client.post("/admin/privacy/erase", { email: person })).statusCode).toBe(400);
    const erased = await client.post("/admin/privacy/erase", { email: person, confirm: "yes" });
    expect(erased.statusCode).toBe(200);
    expect(erased.body).toContain(html(en("privacy.erased", { submissions: en("privacy.submissions", { count: 4 }), mails: en("privacy.mails", { count: 4 }) })));
    const db = app.forms.db;
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM tour_bookings")).toBe(0);
    expect(count("SELECT count(*) AS n FROM contact_messages")).toBe(1);
    expect(count("SELECT count(*) AS n FROM importer_applications")).toBe(0);
    expect(count("SELECT count(*) AS n FROM newsletter_subscribers")).toBe(0);
    expect(count("SELECT count(*) AS n FROM inbox")).toBe(1);
    expect(count("SELECT count(*) AS n FROM outbox")).toBe(1);
    expect(count("SELECT count(*) AS n FROM inbox_search WHERE inbox_search MATCH '\"Vignes\"'")).toBe(0);
    expect(count("SELECT count(*) AS n FROM inbox_search WHERE inbox_search MATCH '\"someone.else\"'")).toBe(1);
    // Nothing of the address or the message is left in the files on disk.
    const dir = app.forms.db.name.replace(/[/\\][^/\\]+$/, "");
    for (const file of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, file)).toString("latin1").toLowerCase();
      expect(bytes.includes("camille.person"), file).toBe(false);
      expect(bytes.includes("rue des vignes"), file).toBe(false);
      // Someone else's stays in the database (the key file beside it holds only the key).
      expect(bytes.includes("someone.else@example.com") || file.endsWith("-wal") || file.endsWith("-shm") || file === "audit-key", file).toBe(true);
    }
    // Logged with the staff member, the time and the address's digest, never the address.
    const log = db.prepare("SELECT actor, action, detail FROM audit_log WHERE action LIKE 'privacy.%' ORDER BY id").all() as { actor: string; action: string; detail: string }[];
    expect(log.map((entry) => [entry.actor, entry.action])).toEqual([[staff.email, "privacy.erase"]]);
    expect(JSON.parse(log[0]!.detail)).toEqual({ address: keyedDigest(app, person), submissions: 4, mails: 4 });
    expect(JSON.stringify(log).toLowerCase()).not.toContain("camille.person");
    // Not the bare SHA-256, which anyone holding the address could compute to learn it was erased.
    expect(JSON.stringify(log)).not.toContain(bareDigest(person));
    // The key is the server's own, readable by its user only.
    expect(statSync(join(dataDirOf(app), "audit-key")).mode & 0o777).toBe(0o600);
  });

  it("turns the bare SHA-256 digests of older audit entries into keyed ones at start-up", async () => {
    const dir = tempDataDir();
    const old = openDatabase(dir);
    old.prepare("INSERT INTO audit_log (at, actor, action, detail) VALUES (?, ?, ?, ?)").run("2026-11-01T10:00:00.000Z", staff.email, "privacy.erase", JSON.stringify({ address: bareDigest(person), submissions: 2, mails: 1 }));
    old.close();
    const app = await adminTestServer({ DATA_DIR: dir });
    apps.add(app);
    const entry = app.forms.db.prepare("SELECT detail FROM audit_log WHERE action = 'privacy.erase'").get() as { detail: string };
    expect(JSON.parse(entry.detail)).toEqual({ address: keyedDigest(app, person), submissions: 2, mails: 1 });
    expect(entry.detail).not.toContain(bareDigest(person));
  });

  it("log every look-up and export with the staff member and the time", async () => {
    const { app, client } = await stored();
    const before = Date.now();
    await client.post("/admin/privacy/find", { email: person });
    await client.post("/admin/privacy/export", { email: person });
    const log = app.forms.db.prepare("SELECT at, actor, action, detail FROM audit_log WHERE action LIKE 'privacy.%' ORDER BY id").all() as { at: string; actor: string; action: string; detail: string }[];
    expect(log.map((entry) => [entry.actor, entry.action])).toEqual([
      [staff.email, "privacy.find"],
      [staff.email, "privacy.export"],
    ]);
    for (const entry of log) {
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1);
      expect(JSON.parse(entry.detail).address).toBe(keyedDigest(app, person));
    }
    const page = await client.get("/admin/audit");
    expect(page.body).toContain(html(en("action.privacyFind")));
    expect(page.body).toContain(html(en("action.privacyExport")));
  });
});
