/**
 * Passwords in the browser: a member of the staff changes their own on the account page (the
 * current one counted like a sign-in, the new one under the invitation's rules, the other sessions
 * ended, an e-mail to the account's address); an admin sends a colleague who forgot theirs a
 * one-time link that works for 72 hours, in the colleague's language, which keeps the second
 * factor; and the staff pages no longer send anyone to the server's command line.
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { adminTranslator } from "#locales/admin";
import { StaffStore } from "../../../db/staff";
import { formatTime } from "../../shared/view-context";
import { addStaff, adminTestServer, parseHtml, sessionCookie, signedInAdmin, StaffClient, textOf } from "../../../__tests__/support/admin";
import { closedAfterEachTest } from "../../../__tests__/support/fixtures";
import { notices, problems, refusedFields, shownValue } from "../../../__tests__/support/refused-form";

const { apps } = closedAfterEachTest();
const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;
const estate = content.site.estateName;
const admin = { email: "direction@hermitage-lescours.example", password: "the oldest vines face south" };
const colleague = { email: "claire@hermitage-lescours.example", password: "les cailloux de la côte sud" };
const newPassword = "un printemps de gelées tardives";
let clock = Date.parse("2027-04-12T07:30:00Z");

async function server() {
  const app = await adminTestServer({}, { now: () => new Date(clock) });
  apps.add(app);
  return app;
}

/** What a page says, its lines joined (the no-break spaces of French kept). */
const said = (html: string) => textOf(parseHtml(html)).replace(/[ \t\r\n]+/g, " ");
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

describe("changing one's own password", () => {
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
    // Half a minute later, the phone shows a new code (the desk's and the phone's were used).
    clock += 30_000;
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

describe("a link to choose a new password, sent by an admin", () => {
  it("is mailed in the colleague's language, works once, ends the sessions and keeps the second factor", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    await addStaff(app, colleague.email, colleague.password, "inbox", { secondFactor: false });
    const claire = account(app, colleague.email);
    new StaffStore(app.db).setLanguage(claire.id, "fr");
    new StaffStore(app.db).setPendingSecret(claire.id, "JBSWY3DPEHPK3PXP");
    app.db.prepare("UPDATE staff SET totp_secret = totp_pending_secret, totp_pending_secret = NULL WHERE id = ?").run(claire.id);
    const stillIn = new StaffClient(app, "10.4.1.9");
    stillIn.cookies.set(sessionCookie, new StaffStore(app.db).openSession(claire.id, new Date(clock)).token);
    expect(await signedIn(stillIn)).toBe(true);

    // Sent from the admin's English page: the link's e-mail is in Claire's French.
    const sent = await staff.post(`/admin/staff/${claire.id}/password-link`, {});
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe("/admin/staff?done=passwordLink");
    const list = (await staff.get("/admin/staff?done=passwordLink")).body;
    expect(notices(list)).toContain(en("staff.done.passwordLink"));
    const until = new Date(clock + 72 * 3600_000).toISOString();
    expect(said(list)).toContain(en("staff.passwordLink.pending", { until: formatTime({ lang: "en" }, until) }));
    const [mail] = outbox(app, colleague.email);
    expect(mail!.subject).toBe(fr("passwordLinkMail.subject", { estate }));
    expect(mail!.body).toContain(fr("passwordLinkMail.intro", { by: admin.email, email: colleague.email, estate }));
    expect(mail!.body).toContain(fr("passwordLinkMail.link", { until: formatTime({ lang: "fr" }, until) }));
    const link = /https:\/\/www\.hermitage-lescours\.example(\/admin\/password\/[A-Za-z0-9_-]{43})\n/.exec(mail!.body)![1]!;
    // Only the token's digest is stored; nothing changed yet.
    expect(JSON.stringify(app.db.prepare("SELECT * FROM staff_password_links").all())).not.toContain(link.split("/").at(-1));
    expect(account(app, colleague.email).password_hash).toBe(claire.password_hash);
    expect(await signedIn(stillIn)).toBe(true);

    const visitor = new StaffClient(app, "10.4.1.2");
    await visitor.get(link);
    await visitor.post("/admin/language", { lang: "fr", back: link });
    const form = await visitor.get(link);
    expect(form.statusCode).toBe(200);
    expect(said(form.body)).toContain(fr("passwordLink.note", { email: colleague.email, by: admin.email }));
    expect(["password", "again"].map((name) => shownValue(form.body, name, link))).toEqual(["", ""]);
    // The invitation's rules, each at its field.
    const short = await visitor.post(link, { password: "court", again: "court" });
    expect(short.statusCode).toBe(400);
    expect(refusedFields(short.body)).toEqual({ password: fr("invitation.password.short") });
    expect(["password", "again"].map((name) => shownValue(short.body, name, link))).toEqual(["", ""]);
    expect(refusedFields((await visitor.post(link, { password: "motdepasse123", again: "motdepasse123" })).body)).toEqual({
      password: fr("invitation.password.common"),
    });
    expect(refusedFields((await visitor.post(link, { password: newPassword, again: "autre chose encore" })).body)).toEqual({
      again: fr("invitation.password.mismatch"),
    });
    // A post without the sign-in form's token changes nothing.
    expect((await visitor.post(link, { password: newPassword, again: newPassword, _csrf: "forged" })).statusCode).toBe(403);
    expect(account(app, colleague.email).password_hash).toBe(claire.password_hash);

    clock += 60_000;
    const used = await visitor.post(link, { password: newPassword, again: newPassword });
    expect(used.statusCode).toBe(303);
    // The sign-in page it leads to says so, with the address filled: only the new password is left to type.
    const signInPage = await visitor.get(String(used.headers.location));
    expect(notices(signInPage.body)).toContain(fr("signIn.passwordSet"));
    expect(shownValue(signInPage.body, "email", "/admin/login")).toBe(colleague.email);
    // What is not an address fills nothing.
    expect(shownValue((await visitor.get("/admin/login?password-set&email=%3Cb%3Enot-an-address")).body, "email", "/admin/login")).toBe("");
    const after = account(app, colleague.email);
    expect(after.password_changed_at).toBe(new Date(clock).toISOString());
    expect(after.totp_secret).toBe("JBSWY3DPEHPK3PXP");
    expect(await signedIn(stillIn)).toBe(false);
    // The new password opens the second factor's step, as before; the old one nothing.
    const signIn = new StaffClient(app, "10.4.1.3");
    await signIn.get("/admin/login");
    expect((await signIn.post("/admin/login", { email: colleague.email, password: newPassword })).headers.location).toBe("/admin/login/second-factor");
    expect((await new StaffClient(app, "10.4.1.4").signIn(colleague.email, colleague.password)).statusCode).toBe(401);

    // Once only: the same link then shows the page saying so.
    const again = await new StaffClient(app, "10.4.1.5").get(link);
    expect(again.statusCode).toBe(404);
    expect(said(again.body)).toContain(en("passwordLink.gone"));
    expect((await visitor.post(link, { password: "encore un autre mot de passe", again: "encore un autre mot de passe" })).statusCode).toBe(404);
    expect(account(app, colleague.email).password_hash).toBe(after.password_hash);
    expect(said((await staff.get("/admin/staff")).body)).not.toContain(en("staff.passwordLink.pending", { until: formatTime({ lang: "en" }, until) }));

    expect(audit(app)).toEqual([
      ["staff.password-link-sent", admin.email, { email: colleague.email }],
      ["staff.password-link-used", colleague.email, { email: colleague.email, sentBy: admin.email }],
    ]);
  });

  it("expires after 72 hours, stops working once the password is changed otherwise, and shows a clear page for an unknown link", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    await addStaff(app, colleague.email, colleague.password, "inbox");
    const id = account(app, colleague.email).id;
    const linkOf = (index: number) => /(\/admin\/password\/[A-Za-z0-9_-]{43})/.exec(outbox(app, colleague.email)[index]!.body)![1]!;
    // Claire never chose a language: the admin's is used.
    await staff.post("/admin/language", { lang: "fr", back: "/admin/staff" });
    expect((await staff.post(`/admin/staff/${id}/password-link`, {})).statusCode).toBe(303);
    expect(outbox(app, colleague.email)[0]!.subject).toBe(fr("passwordLinkMail.subject", { estate }));
    // Then Claire remembers her password and changes it herself: the link is spent.
    const spent = linkOf(0);
    const visitor = new StaffClient(app, "10.4.2.2");
    expect((await visitor.get(spent)).statusCode).toBe(200);
    const claire = new StaffClient(app, "10.4.2.3");
    await claire.signIn(colleague.email, colleague.password);
    expect((await claire.post("/admin/account/password", { current: colleague.password, password: newPassword, again: newPassword })).statusCode).toBe(303);
    expect((await visitor.get(spent)).statusCode).toBe(404);

    // Another link, 72 hours go by: it no longer works.
    expect((await staff.post(`/admin/staff/${id}/password-link`, {})).statusCode).toBe(303);
    const late = linkOf(2);
    expect((await visitor.get(late)).statusCode).toBe(200);
    clock += 72 * 3600_000 + 1000;
    const expired = await visitor.get(late);
    expect(expired.statusCode).toBe(404);
    expect(said(expired.body)).toContain(en("invitation.goneTitle"));
    expect(said(expired.body)).toContain(en("passwordLink.gone"));
    expect((await visitor.post(late, { password: "encore un autre mot de passe", again: "encore un autre mot de passe" })).statusCode).toBe(404);
    expect((await visitor.get(`/admin/password/${"x".repeat(43)}`)).statusCode).toBe(404);
    expect((await visitor.get("/admin/password/not-a-token")).statusCode).toBe(404);
    expect(account(app, colleague.email).password_changed_at).toBe(new Date(clock - 72 * 3600_000 - 1000).toISOString());
  });

  it("is sent by admins only: the inbox and editor roles are refused and nothing is sent", async () => {
    const app = await server();
    await addStaff(app, colleague.email, colleague.password, "inbox");
    await addStaff(app, "redaction@hermitage-lescours.example", "a page about the terroir", "editor");
    const id = account(app, colleague.email).id;
    for (const [email, password] of [
      [colleague.email, colleague.password],
      ["redaction@hermitage-lescours.example", "a page about the terroir"],
    ] as const) {
      const client = new StaffClient(app, "10.4.3.1");
      await client.signIn(email, password);
      expect((await client.post(`/admin/staff/${id}/password-link`, {})).statusCode).toBe(403);
    }
    expect(app.db.prepare("SELECT count(*) AS n FROM staff_password_links").get()).toEqual({ n: 0 });
    expect(outbox(app, colleague.email)).toEqual([]);
  });
});

describe("the staff pages' words about accounts", () => {
  it("send nobody to the command line: an administrator invites, and sends a link or resets the second factor", async () => {
    const app = await server();
    await addStaff(app, colleague.email, colleague.password, "inbox");
    for (const [lang, t] of [
      ["en", en],
      ["fr", fr],
    ] as const) {
      const visitor = new StaffClient(app, "10.4.4.1");
      await visitor.get("/admin/login");
      await visitor.post("/admin/language", { lang, back: "/admin/login" });
      const signInPage = said((await visitor.get("/admin/login")).body);
      expect(signInPage).not.toContain("npm");
      expect(signInPage).toContain(t("signIn.intro"));
      expect(signInPage).toContain(t("signIn.help"));
      await visitor.signIn(colleague.email, colleague.password);
      const accountPage = said((await visitor.get("/admin/account")).body);
      expect(accountPage).not.toContain("npm");
      expect(accountPage).toContain(t("account.reset"));
    }
  });
});
