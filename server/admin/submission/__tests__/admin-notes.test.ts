/**
 * Internal notes and assignment on a submission: a note stays in the history
 * and is never mailed; a submission given to a colleague tells them by e-mail through the outbox,
 * with a link to it; each is in the audit log.
 */
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { StaffStore } from "../../../db/staff";
import { addStaff, adminTestServer, attribute, elements, parseHtml, StaffClient, textOf } from "../../../__tests__/support/admin";
import { problems, refusedFields } from "../../../__tests__/support/refused-form";
import { closedAfterEachTest, TestSmtp, validPayloads, waitFor } from "../../../__tests__/support/fixtures";

const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;
const anne = "anne@hermitage-lescours.example";
const paul = "paul@hermitage-lescours.example";
const editor = "eve@hermitage-lescours.example";
const password = "a long and unusual passphrase";
const { apps, smtps } = closedAfterEachTest();

const chineseMessage = { ...validPayloads.contactMessage, language: "zh", page: "/zh/contact", name: "王小明", email: "wang@example.cn" };

/** A server with Anne and Paul (inbox) and Eve (editor), an SMTP server, and a Chinese visitor's message whose notification went out. */
async function office() {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  const app = await adminTestServer({ SMTP_URL: smtp.url });
  apps.add(app);
  await addStaff(app, anne, password);
  await addStaff(app, paul, password);
  await addStaff(app, editor, password, "editor");
  const answer = await app.inject({
    method: "POST",
    url: "/api/contact-messages",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(chineseMessage),
  });
  const id = answer.json<{ id: string }>().id;
  await waitFor(() => smtp.received.length >= 1, "the estate's notification");
  const client = new StaffClient(app);
  expect((await client.signIn(anne, password)).statusCode).toBe(303);
  return { app, smtp, id, client, url: `/admin/submissions/contact-messages/${id}` };
}

const page = (html: string) => elements(parseHtml(html));
const historyLines = (html: string) =>
  page(html)
    .filter((element) => element.tagName === "li" && element.parentNode && attribute(element.parentNode as never, "class") === "history")
    .map(textOf);
const outboxRows = (app: FastifyInstance) => (app.db.prepare("SELECT count(*) AS n FROM outbox").get() as { n: number }).n;
const staffId = (app: FastifyInstance, email: string) => String(new StaffStore(app.db).find(email)!.id);

describe("internal notes", () => {
  it("keeps a note in the history, with its author, and mails nobody", async () => {
    const { app, client, url } = await office();
    const before = outboxRows(app);
    const added = await client.post(`${url}/note`, { note: "Il a appelé le 12 : rappeler après 17 h.\nParle anglais." });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`${url}?done=noted`);
    const shown = (await client.get(`${url}?done=noted`)).body;
    expect(
      page(shown)
        .filter((element) => element.tagName === "p")
        .map(textOf),
    ).toContain(en("done.noted"));
    const last = historyLines(shown).at(-1)!;
    expect(last).toContain(`Internal note (${anne})`);
    expect(last).toContain("Il a appelé le 12 : rappeler après 17 h.\nParle anglais.");
    expect(outboxRows(app)).toBe(before);
    const entry = app.db.prepare("SELECT actor, detail FROM audit_log WHERE action = 'note.added'").get() as { actor: string; detail: string };
    expect(entry.actor).toBe(anne);
  });

  it("refuses an empty or too long note with a message, keeping what was typed", async () => {
    const { client, url } = await office();
    await client.post("/admin/language", { lang: "fr", back: url });
    const empty = await client.post(`${url}/note`, { note: " \n\u0001 " });
    expect(empty.statusCode).toBe(400);
    expect(problems(empty.body)).toEqual([fr("error.note")]);
    expect(refusedFields(empty.body)).toEqual({ note: fr("error.note") });
    const long = await client.post(`${url}/note`, { note: "x".repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(refusedFields(long.body)).toEqual({ note: fr("error.note") });
    const kept = page(long.body).find((element) => element.tagName === "textarea" && attribute(element, "name") === "note")!;
    expect(textOf(kept)).toBe("x".repeat(4001));
  });
});

describe("assignment", () => {
  it("offers the colleagues who can open the inbox, tells the one chosen by e-mail with a link, and records it", async () => {
    const { app, smtp, id, client, url } = await office();
    const shown = (await client.get(url)).body;
    const select = page(shown).find((element) => element.tagName === "select" && attribute(element, "name") === "staff")!;
    expect(
      elements(select)
        .filter((element) => element.tagName === "option")
        .map(textOf),
    ).toEqual(["Nobody", `${anne} (you)`, paul]);

    const assigned = await client.post(`${url}/assign`, { staff: staffId(app, paul) });
    expect(assigned.statusCode).toBe(303);
    expect(assigned.headers.location).toBe(`${url}?done=assigned`);
    await waitFor(() => smtp.received.length >= 2, "the colleague's e-mail");
    expect(smtp.received[1]!.to).toEqual([paul]);
    const mail = await simpleParser(smtp.received[1]!.raw);
    expect(mail.subject).toBe("For you: Contact message from 王小明");
    expect(mail.text).toContain(`${anne} has given you this request to deal with: Contact message from 王小明.`);
    expect(mail.text).toContain(`https://www.hermitage-lescours.example/admin/submissions/contact-messages/${id}`);
    expect(mail.replyTo?.text).toBe(anne);

    const after = (await client.get(`${url}?done=assigned`)).body;
    const envelope = page(after).find((element) => attribute(element, "class") === "envelope")!;
    expect(textOf(envelope)).toContain(`Assigned to${paul}`);
    expect(historyLines(after).at(-1)).toContain(`Assigned to ${paul} (${anne})`);

    // Taking it oneself sends nothing; giving it back to nobody is recorded too.
    await client.post(`${url}/assign`, { staff: staffId(app, anne) });
    await client.post(`${url}/assign`, { staff: "" });
    await app.mailSender!.idle();
    expect(smtp.received).toHaveLength(2);
    const lines = historyLines((await client.get(url)).body);
    expect(lines.at(-2)).toContain(`Assigned to ${anne}`);
    expect(lines.at(-1)).toContain("No longer assigned");
    const actions = app.db.prepare("SELECT action FROM audit_log WHERE action = 'submission.assigned'").all();
    expect(actions).toHaveLength(3);
  });

  it("given to a colleague after a reply, reopens the message: it waits for an answer again, in the colleague's own to-do", async () => {
    const { app, client, url, id } = await office();
    const status = () => (app.db.prepare("SELECT status FROM inbox WHERE submission_id = ?").get(id) as { status: string }).status;
    expect((await client.post(`${url}/status`, { status: "answered" })).statusCode).toBe(303);
    expect(status()).toBe("answered");
    expect((await client.post(`${url}/assign`, { staff: staffId(app, paul) })).statusCode).toBe(303);
    expect(status()).toBe("new");
    const audit = app.db.prepare("SELECT detail FROM audit_log WHERE action = 'submission.assigned'").get() as { detail: string };
    expect(JSON.parse(audit.detail)).toEqual({ to: paul, reopened: true });
    // Paul's own to-do lists it.
    const colleague = new StaffClient(app);
    expect((await colleague.signIn(paul, password)).statusCode).toBe(303);
    expect(textOf(parseHtml((await colleague.get("/admin?mine=1")).body))).toContain("王小明");
  });

  it("writes the colleague's e-mail in the language they chose in the staff area, whatever the page it was assigned from", async () => {
    const { app, smtp, client, url } = await office();
    new StaffStore(app.db).setLanguage(Number(staffId(app, paul)), "fr");
    expect((await client.post(`${url}/assign`, { staff: staffId(app, paul) })).statusCode).toBe(303);
    await waitFor(() => smtp.received.length >= 2, "the colleague's e-mail");
    const mail = await simpleParser(smtp.received[1]!.raw);
    const type = fr("types.contactMessage");
    expect(mail.subject).toBe(fr("assignMail.subject", { type, name: "王小明" }));
    expect(mail.text).toContain(fr("assignMail.intro", { by: anne, type, name: "王小明" }));
  });

  it("refuses an editor, an unknown account or a made-up value, and forgets a removed colleague", async () => {
    const { app, client, url, id } = await office();
    for (const staff of [staffId(app, editor), "9999", "1 OR 1=1", "-1"]) {
      const refused = await client.post(`${url}/assign`, { staff });
      expect(refused.statusCode, staff).toBe(400);
      expect(problems(refused.body)).toEqual([en("error.assignee")]);
      expect(refusedFields(refused.body)).toEqual({ staff: en("error.assignee") });
    }
    expect((await client.post(`${url}/assign`, { staff: staffId(app, paul) })).statusCode).toBe(303);
    new StaffStore(app.db).remove(paul);
    const row = app.db.prepare("SELECT assigned_to FROM inbox WHERE submission_id = ?").get(id) as { assigned_to: number | null };
    expect(row.assigned_to).toBeNull();
    const envelope = page((await client.get(url)).body).find((element) => attribute(element, "class") === "envelope")!;
    expect(textOf(envelope)).toContain("Assigned toNobody");
  });
});
