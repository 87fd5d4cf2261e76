/**
 * Passwords in the browser: a member of the staff changes their own on the account page (the
 * current one counted like a sign-in, the new one under the invitation's rules, the other sessions
 * ended, an e-mail to the account's address).
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { adminTranslator } from "#locales/admin";
import { StaffStore } from "../db/staff";
import { formatTime } from "../admin/view-context";
import { addStaff, adminTestServer, attribute, elements, parseHtml, StaffClient, textOf } from "./support/admin";
import { closedAfterEachTest } from "./support/fixtures";
import { refusedFields, shownValue } from "./support/refused-form";

const { apps } = closedAfterEachTest();
const fr = adminTranslator("fr").t;
const estate = content.site.estateName;
const colleague = { email: "claire@hermitage-lescours.example", password: "les cailloux de la côte sud" };
const newPassword = "un printemps de gelées tardives";
let clock = Date.parse("2027-04-12T07:30:00Z");

async function server() {
  const app = await adminTestServer({}, { now: () => new Date(clock) });
  apps.add(app);
  return app;
}

const page = (html: string) => elements(parseHtml(html));
/** What a page says, its lines joined (the no-break spaces of French kept). */
const said = (html: string) => textOf(parseHtml(html)).replace(/[ \t\r\n]+/g, " ");
const problems = (html: string) =>
  page(html)
    .filter((element) => attribute(element, "class") === "problem")
    .map(textOf);
const notices = (html: string) =>
  page(html)
    .filter((element) => element.tagName === "p" && attribute(element, "role") === "status")
    .map(textOf);
const account = (app: FastifyInstance, email: string) => new StaffStore(app.db).find(email)!;
const outbox = (app: FastifyInstance, to: string) =>
  app.db.prepare("SELECT recipient, subject, body FROM outbox WHERE recipient = ? ORDER BY id").all(to) as {
    recipient: string;
    subject: string;
    body: string;
  }[];
const audit = (app: FastifyInstance) =>
  (
    app.db.prepare("SELECT action, actor, detail FROM audit_log WHERE action LIKE 'staff.%' ORDER BY id").all() as {
      action: string;
      actor: string;
      detail: string;
    }[]
  ).map((entry) => [entry.action, entry.actor, JSON.parse(entry.detail) as unknown]);
/** Whether a client's session still opens the staff area. */
const signedIn = async (client: StaffClient) => (await client.get("/admin/account")).statusCode === 200;

describe("changing one's own password", { timeout: 60_000 }, () => {
  it("names each problem at its field, counts a wrong current password with the sign-ins, then changes it, ends the other sessions and tells the address", async () => {
    const app = await server();
    await addStaff(app, colleague.email, colleague.password, "inbox");
    const desk = new StaffClient(app, "10.4.0.1");
    const phone = new StaffClient(app, "10.4.0.2");
    expect((await desk.signIn(colleague.email, colleague.password)).statusCode).toBe(303);
    expect((await phone.signIn(colleague.email, colleague.password)).statusCode).toBe(303);
    // Claire reads the staff area in French: her e-mails are written in it.
    await desk.post("/admin/language", { lang: "fr", back: "/admin/account" });

    const before = account(app, colleague.email).password_hash;
    const form = (await desk.get("/admin/account")).body;
    // What the password form's three fields hold (each must be there): never a password typed.
    const emptyFields = (html: string) => ["current", "password", "again"].map((name) => shownValue(html, name, "/admin/account/password"));
    expect(emptyFields(form)).toEqual(["", "", ""]);
    const typed = { current: "", password: "court", again: "court" };
    const empty = await desk.post("/admin/account/password", typed);
    expect(empty.statusCode).toBe(400);
    expect(refusedFields(empty.body)).toEqual({ current: fr("password.error.current"), password: fr("invitation.password.short") });
    expect(emptyFields(empty.body)).toEqual(["", "", ""]);
    expect(problems(empty.body)).toEqual([fr("password.error.current"), fr("invitation.password.short")]);
    // The rules of the invitation: a common password, the address, the second one not the same.
    const refused = async (typed: Record<string, string>) => {
      const answer = await desk.post("/admin/account/password", typed);
      expect(answer.statusCode).toBe(400);
      // No password typed is shown again (the address is on the page anyway).
      for (const value of Object.values(typed)) if (value !== colleague.email) expect(answer.body).not.toContain(value);
      expect(emptyFields(answer.body)).toEqual(["", "", ""]);
      return refusedFields(answer.body);
    };
    expect(await refused({ current: colleague.password, password: "motdepasse123", again: "motdepasse123" })).toEqual({
      password: fr("invitation.password.common"),
    });
    expect(await refused({ current: colleague.password, password: colleague.email, again: colleague.email })).toEqual({
      password: fr("invitation.password.address"),
    });
    expect(await refused({ current: colleague.password, password: newPassword, again: `${newPassword}.` })).toEqual({
      again: fr("invitation.password.mismatch"),
    });

    // A wrong current password is named at its field and counted with the sign-ins of this client
    // at this account: three wrong sign-ins from the same address, two wrong here, then a wait.
    const stranger = new StaffClient(app, "10.4.0.1");
    await stranger.get("/admin/login");
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await stranger.post("/admin/login", { email: colleague.email, password: `guess ${attempt} of mine` })).statusCode).toBe(401);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const wrong = await desk.post("/admin/account/password", { current: `guess ${attempt} of yours`, password: newPassword, again: newPassword });
      expect(wrong.statusCode).toBe(400);
      expect(refusedFields(wrong.body)).toEqual({ current: fr("password.error.wrong") });
      expect(emptyFields(wrong.body)).toEqual(["", "", ""]);
    }
    const waiting = await desk.post("/admin/account/password", { current: colleague.password, password: newPassword, again: newPassword });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers["retry-after"]).toBe("1");
    expect(refusedFields(waiting.body)).toEqual({ current: fr("signIn.waitSeconds", { seconds: 1 }) });
    // The count is the sign-in's own: the sign-in form waits too.
    expect((await stranger.post("/admin/login", { email: colleague.email, password: colleague.password })).statusCode).toBe(429);
    expect(account(app, colleague.email).password_hash).toBe(before);

    clock += 2000;
    const changed = await desk.post("/admin/account/password", { current: colleague.password, password: newPassword, again: newPassword });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe("/admin/account?password=changed");
    const after = await desk.get(changed.headers.location as string);
    expect(notices(after.body)).toContain(fr("password.changed"));
    expect(said(after.body)).toContain(formatTime({ lang: "fr" }, new Date(clock).toISOString()));
    expect(account(app, colleague.email).password_changed_at).toBe(new Date(clock).toISOString());
    // This browser stays signed in; the phone's session is over.
    expect(await signedIn(desk)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect((await new StaffClient(app, "10.4.0.3").signIn(colleague.email, colleague.password)).statusCode).toBe(401);
    expect((await new StaffClient(app, "10.4.0.4").signIn(colleague.email, newPassword)).statusCode).toBe(303);

    expect(audit(app)).toEqual([["staff.password-changed", colleague.email, { email: colleague.email }]]);
    const [mail, ...more] = outbox(app, colleague.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(fr("passwordChangedMail.subject", { estate }));
    expect(mail!.body).toContain(
      fr("passwordChangedMail.intro", { email: colleague.email, estate, when: formatTime({ lang: "fr" }, new Date(clock).toISOString()) }),
    );
    expect(mail!.body).toContain(fr("passwordChangedMail.notYou"));
    expect(mail!.body).not.toContain(newPassword);
  });
});
