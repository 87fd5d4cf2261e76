import { createHash, createHmac } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { translator } from "#locales";
import { adminTranslator } from "#locales/admin";
import { openDatabase } from "../../../db/database";
import { addStaff, adminTestServer, attribute, elements, parseHtml, StaffClient, textOf } from "../../../__tests__/support/admin";
import { closedAfterEachTest, tempDataDir, TestSmtp, validPayloads, waitFor } from "../../../__tests__/support/fixtures";

const en = adminTranslator("en").t;
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
const staff = { email: "anne@hermitage-lescours.example", password: "a long and unusual passphrase" };
const person = "Camille.Person@Example.org";

const { apps, smtps } = closedAfterEachTest();

const dataDirOf = (app: FastifyInstance) => app.db.name.replace(/[/\\][^/\\]+$/, "");
/** The SHA-256 of an address (lower-cased), as the audit log kept it once: anyone could compute it. */
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
  // Every e-mail those queued has gone (the outbox went idle): four notifications (the newsletter's waits for its
  // confirmation), the tour's acknowledgement and the newsletter's confirmation. Waiting for a count of five let
  // the sixth arrive between two looks on a busy machine, and the wait never ended.
  const unsent = () => (app.db.prepare("SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL").get() as { n: number }).n;
  await waitFor(() => unsent() === 0, "every e-mail sent");
  await app.mailSender!.idle();
  const { email: estate, tradeEmail: trade } = app.content.current.site.contact;
  // Addresses as SMTP carries them: the domain's case is not the mailbox's.
  expect(smtp.received.map((mail) => mail.to[0]!.toLowerCase()).sort()).toEqual(
    [estate, estate, estate, trade, person, person].map((to) => to.toLowerCase()).sort(),
  );
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
    // The notifications of the three submissions (not the unconfirmed newsletter sign-up's), the newsletter
    // confirmation and the tour request's acknowledgement.
    expect(found.body).toContain(html(en("privacy.mails", { count: 5 })));
    // What an erasure cannot reach, so that the office can act on it.
    expect(found.body).toContain(html(en("privacy.beyond.title")));
    expect(found.body).toContain(html(en("privacy.beyond.mailboxes", { mailboxes: "contact@hermitage-lescours.example, trade@hermitage-lescours.example" })));
    expect(found.body).toContain(html(en("privacy.beyond.backups")));
    const refused = await client.post("/admin/privacy/find", { email: "not an address" });
    expect(refused.statusCode).toBe(400);
    // Named at the field, with what was typed.
    const field = [...elements(parseHtml(refused.body))].find((element) => element.tagName === "input" && attribute(element, "name") === "email")!;
    expect(attribute(field, "value")).toBe("not an address");
    expect(attribute(field, "aria-invalid")).toBe("true");
    const problem = [...elements(parseHtml(refused.body))].find((element) => attribute(element, "id") === attribute(field, "aria-describedby"));
    expect(problem && textOf(problem)).toBe(en("error.email"));
  });

  it("export it as JSON a program can read: what the person gave, by the forms' field names, and the mails to them, nobody else's", async () => {
    const { client } = await stored();
    const answer = await client.post("/admin/privacy/export", { email: person, format: "data" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = answer.json() as {
      format: string;
      email: string;
      submissions: { form: string; fields: Record<string, unknown> }[];
      mailsToYou: { subject: string }[];
      copiesToEstate: number;
    };
    expect(data.format).toBe("hermitage-lescours/personal-data/1");
    expect(data.submissions.map((entry) => entry.form).sort()).toEqual(["contactMessage", "importerApplication", "newsletterSignup", "tourBooking"]);
    expect(data.submissions.find((entry) => entry.form === "contactMessage")!.fields.message).toBe("Personal details: Camille, 12 rue des Vignes");
    // The newsletter's confirmation and the tour request's acknowledgement went to the person; the three notifications went to the estate.
    expect(data.mailsToYou).toHaveLength(2);
    expect(data.copiesToEstate).toBe(3);
    expect(JSON.stringify(data)).not.toContain("someone.else@example.com");
  });

  it("erase it: submissions, subscription, e-mails and search text, down to the database files; someone else's stays", async () => {
    const { app, client } = await stored();
    expect((await client.post("/admin/privacy/erase", { email: person })).statusCode).toBe(400);
    const erased = await client.post("/admin/privacy/erase", { email: person, confirm: "yes" });
    expect(erased.statusCode).toBe(200);
    expect(erased.body).toContain(
      html(en("privacy.erased", { submissions: en("privacy.submissions", { count: 4 }), mails: en("privacy.mails", { count: 5 }) })),
    );
    const db = app.db;
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
    const dir = app.db.name.replace(/[/\\][^/\\]+$/, "");
    for (const file of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, file)).toString("latin1").toLowerCase();
      expect(bytes.includes("camille.person"), file).toBe(false);
      expect(bytes.includes("rue des vignes"), file).toBe(false);
      // Someone else's stays in the database (the key file beside it holds only the key).
      expect(bytes.includes("someone.else@example.com") || file.endsWith("-wal") || file.endsWith("-shm") || file === "audit-key", file).toBe(true);
    }
    // Logged with the staff member, the time and the address's digest, never the address.
    const log = db.prepare("SELECT actor, action, detail FROM audit_log WHERE action LIKE 'privacy.%' ORDER BY id").all() as {
      actor: string;
      action: string;
      detail: string;
    }[];
    expect(log.map((entry) => [entry.actor, entry.action])).toEqual([[staff.email, "privacy.erase"]]);
    expect(JSON.parse(log[0]!.detail)).toEqual({ address: keyedDigest(app, person), submissions: 4, mails: 5 });
    expect(JSON.stringify(log).toLowerCase()).not.toContain("camille.person");
    // Not the bare SHA-256, which anyone holding the address could compute to learn it was erased.
    expect(JSON.stringify(log)).not.toContain(bareDigest(person));
    // The key is the server's own, readable by its user only.
    expect(statSync(join(dataDirOf(app), "audit-key")).mode & 0o777).toBe(0o600);
  });

  it("turns the bare SHA-256 digests of older audit entries into keyed ones at start-up", async () => {
    const dir = tempDataDir();
    const old = openDatabase(dir);
    old
      .prepare("INSERT INTO audit_log (at, actor, action, detail) VALUES (?, ?, ?, ?)")
      .run("2026-11-01T10:00:00.000Z", staff.email, "privacy.erase", JSON.stringify({ address: bareDigest(person), submissions: 2, mails: 1 }));
    old.close();
    const app = await adminTestServer({ DATA_DIR: dir });
    apps.add(app);
    const entry = app.db.prepare("SELECT detail FROM audit_log WHERE action = 'privacy.erase'").get() as { detail: string };
    expect(JSON.parse(entry.detail)).toEqual({ address: keyedDigest(app, person), submissions: 2, mails: 1 });
    expect(entry.detail).not.toContain(bareDigest(person));
  });

  it("log every look-up and export with the staff member and the time", async () => {
    const { app, client } = await stored();
    const before = Date.now();
    await client.post("/admin/privacy/find", { email: person });
    await client.post("/admin/privacy/export", { email: person });
    const log = app.db.prepare("SELECT at, actor, action, detail FROM audit_log WHERE action LIKE 'privacy.%' ORDER BY id").all() as {
      at: string;
      actor: string;
      action: string;
      detail: string;
    }[];
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

describe("a person's copy of their data", () => {
  const wang = "wang.xiaoming@example.cn";
  const zh = translator("zh").t;
  const replyText = "周六和周日上午十点都可以参观，欢迎光临。";
  const json = { "content-type": "application/json" };

  /**
   * A Chinese visitor who booked a tour time (a private link), wrote a message the office answered
   * from the template, and signed up for the newsletter (links to confirm and leave). The tour
   * time is the first the schedule offers a week from now.
   */
  async function chineseVisitor() {
    const smtp = new TestSmtp();
    smtps.add(smtp);
    await smtp.start();
    const app = await adminTestServer({ SMTP_URL: smtp.url });
    apps.add(app);
    const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const offered = await app.inject({ method: "GET", url: `/api/tours/availability?package=mongiron&from=${week}&to=${week}` });
    const slot = offered.json<{ slots: { start: string }[] }>().slots[0]!.start;
    await addStaff(app, staff.email, staff.password);
    const post = async (slug: string, payload: object) => {
      const answer = await app.inject({ method: "POST", url: `/api/${slug}`, headers: json, payload: JSON.stringify(payload) });
      expect(answer.statusCode, slug).toBe(201);
      return answer.json<{ id: string }>().id;
    };
    const zhPage = { language: "zh", name: "王小明", email: wang, phone: "+86 138 0013 8000" };
    await post("tour-bookings", { ...zhPage, page: "/zh/wine-tours", guests: 2, package: "mongiron", slot, message: "我们想参观酒窖。" });
    const message = await post("contact-messages", { ...zhPage, page: "/zh/contact", subject: "参观", message: "请问周末可以参观吗？" });
    await post("newsletter-signups", { language: "zh", page: "/zh/news", email: wang });
    const client = new StaffClient(app);
    expect((await client.signIn(staff.email, staff.password)).statusCode).toBe(303);
    const url = `/admin/submissions/contact-messages/${message}`;
    const shown = elements(parseHtml((await client.get(url)).body));
    const value = (name: string) => {
      const found = shown.find((element) => attribute(element, "name") === name)!;
      return found.tagName === "textarea" ? textOf(found) : attribute(found, "value")!;
    };
    const sent = await client.post(`${url}/reply`, {
      key: value("key"),
      template: "answer",
      subject: value("subject"),
      body: value("body").replace("[…]", replyText),
    });
    expect(sent.statusCode).toBe(303);
    const unsent = () => (app.db.prepare("SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL").get() as { n: number }).n;
    await waitFor(() => unsent() === 0, "every e-mail sent");
    await client.get("/admin/privacy");
    return { app, client, slot };
  }

  /** What must never reach the person's copy, read from the database the test filled: keys, ids, digests, the queue's own values. */
  function secrets(app: FastifyInstance): string[] {
    const db = app.db;
    const column = (sql: string) => (db.prepare(sql).all() as { v: string | null }[]).map((row) => row.v).filter((v): v is string => Boolean(v));
    const values = [
      ...column("SELECT manage_token AS v FROM tour_slot_bookings"),
      ...column("SELECT confirm_token AS v FROM newsletter_subscribers"),
      ...column("SELECT unsubscribe_token AS v FROM newsletter_subscribers"),
      ...column("SELECT key AS v FROM sent_replies"),
      ...column("SELECT message_id AS v FROM outbox"),
      ...column("SELECT id AS v FROM tour_bookings"),
      ...column("SELECT id AS v FROM contact_messages"),
      ...column("SELECT id AS v FROM newsletter_subscribers"),
      ...column("SELECT password_hash AS v FROM staff"),
    ];
    expect(values.length).toBeGreaterThanOrEqual(9);
    return values;
  }
  /** The database's own names, which mean nothing to the person. */
  const internalNames = [
    "received_at",
    "submission_id",
    "manage_token",
    "confirm_token",
    "unsubscribe_token",
    "message_id",
    "next_attempt_at",
    "attempts",
    "reply_to",
    "outbox",
    "127.0.0.1",
  ];

  it("is a document in the visitor's language, with the forms, their labels, the visit, the reply, and no key, id or internal name", async () => {
    const { app, client, slot } = await chineseVisitor();
    const answer = await client.post("/admin/privacy/export", { email: wang, format: "document" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.html"$/);
    const document = answer.body;
    expect(document).toMatch(/^<!DOCTYPE html><html lang="zh-Hans">/);
    expect(document).not.toContain("<script");
    const text = elements(parseHtml(document))
      .filter((element) => element.tagName === "body")
      .map(textOf)
      .join("");
    // The title, the day it was made and the estate, in Chinese.
    expect(text).toContain("您在莱斯库尔隐庐酒庄的个人数据");
    expect(text).toMatch(/生成于\d{4}年\d{1,2}月\d{1,2}日/);
    expect(text).toContain(content.site.contact.email);
    expect(text).toContain(content.site.contact.phone);
    // Each form by its name, the visitor's own labels, and what they typed.
    for (const name of ["参观预约", "通过联系页面发送的留言", "新闻简报订阅"]) expect(text).toContain(name);
    for (const label of [
      "forms.fields.name",
      "forms.fields.phone",
      "wineTours.form.guests",
      "forms.fields.message",
      "contact.form.subject",
      "news.newsletter.email",
    ] as const)
      expect(text).toContain(zh(label));
    expect(text).toContain("请问周末可以参观吗？");
    expect(text).toContain("我们想参观酒窖。");
    // The tour by its name (not its code), the time in Paris time, the booking's state in the visitor's page's words.
    expect(text).toContain("蒙吉隆酒庄参观");
    expect(text).not.toContain("mongiron");
    const [year, month, day] = slot.slice(0, 10).split("-").map(Number);
    expect(text).toContain(`${year}年${month}月${day}日`);
    expect(text).toContain(slot.slice(11, 16));
    expect(text).toContain(zh("manage.status.confirmed"));
    expect(text).toContain("已回复");
    // The office's reply, as sent.
    expect(text).toContain(replyText);
    for (const secret of secrets(app)) expect(document, secret).not.toContain(secret);
    for (const name of internalNames) expect(document, name).not.toContain(name);
  });

  it("is also JSON with documented names, holding the same data and no key, id or internal name", async () => {
    const { app, client, slot } = await chineseVisitor();
    const before = Date.now();
    const answer = await client.post("/admin/privacy/export", { email: wang, format: "data" });
    expect(answer.statusCode).toBe(200);
    const data = answer.json();
    expect(data).toMatchObject({ format: "hermitage-lescours/personal-data/1", email: wang, language: "zh" });
    expect(Date.parse(data.madeAt)).toBeGreaterThanOrEqual(before - 1);
    const booking = data.submissions.find((entry: { form: string }) => entry.form === "tourBooking");
    expect(booking).toMatchObject({
      language: "zh",
      page: "/zh/wine-tours",
      status: "confirmed",
      fields: { name: "王小明", email: wang, phone: "+86 138 0013 8000", guests: 2, package: "mongiron", message: "我们想参观酒窖。" },
      visit: { tour: "mongiron", date: slot.slice(0, 10), time: slot.slice(11, 16), timeZone: "Europe/Paris", guests: 2, status: "confirmed" },
      waitlist: null,
    });
    expect(data.mailsToYou.some((mail: { text: string }) => mail.text.includes(replyText))).toBe(true);
    const serialized = JSON.stringify(data);
    for (const secret of secrets(app)) expect(serialized, secret).not.toContain(secret);
    for (const name of internalNames) expect(serialized, name).not.toContain(name);
  });

  it("is audited with the format, and an unknown format is refused by name", async () => {
    const { app, client } = await chineseVisitor();
    await client.post("/admin/privacy/export", { email: wang, format: "document" });
    await client.post("/admin/privacy/export", { email: wang, format: "data" });
    const refused = await client.post("/admin/privacy/export", { email: wang, format: "xml" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(html(en("error.exportFormat")));
    const log = app.db.prepare("SELECT actor, detail FROM audit_log WHERE action = 'privacy.export' ORDER BY id").all() as { actor: string; detail: string }[];
    expect(log.map((entry) => [entry.actor, JSON.parse(entry.detail).format])).toEqual([
      [staff.email, "document"],
      [staff.email, "data"],
    ]);
    expect(JSON.stringify(log)).not.toContain(wang);
  });

  it("goes with an erasure, down to the record that a reply form was used", async () => {
    const { app, client } = await chineseVisitor();
    const count = (sql: string) => (app.db.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM sent_replies")).toBe(1);
    expect((await client.post("/admin/privacy/erase", { email: wang, confirm: "yes" })).statusCode).toBe(200);
    expect(count("SELECT count(*) AS n FROM sent_replies")).toBe(0);
    expect(count("SELECT count(*) AS n FROM tour_slot_bookings")).toBe(0);
  });
});
