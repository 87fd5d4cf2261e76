/**
 * Staff managed in the browser: an admin invites a colleague by e-mail with a
 * one-time link that expires; the colleague chooses a password there and signs in; roles change,
 * second factors are reset, accounts are removed after a confirmation step, never one's own nor
 * the last admin; every change in the audit log; other roles cannot open any of it.
 */
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { StaffStore } from "../../../db/staff";
import { formatAge, formatTime } from "../../shared/view-context";
import { addStaff, adminTestServer, signedInAdmin, attribute, elements, parseHtml, StaffClient, textOf } from "../../../__tests__/support/admin";
import { problems, notices, shownValue } from "../../../__tests__/support/refused-form";
import { closedAfterEachTest, tempDataDir, TestSmtp, waitFor } from "../../../__tests__/support/fixtures";

const { apps, smtps } = closedAfterEachTest();
const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;
const admin = { email: "direction@hermitage-lescours.example", password: "the oldest vines face south" };
const colleague = "claire@hermitage-lescours.example";
const colleaguePassword = "les cailloux de la côte sud";
let clock = Date.parse("2027-03-01T09:00:00Z");

/** The server on the test's clock, or on the real one (the mail sender sends what is due by the real clock). */
async function server(env: Record<string, string> = {}, { realClock = false } = {}) {
  const app = await adminTestServer(env, realClock ? {} : { now: () => new Date(clock) });
  apps.add(app);
  return app;
}

const page = (html: string) => elements(parseHtml(html));
const account = (app: FastifyInstance, email: string) => new StaffStore(app.db).find(email);
/** The invitation form's two password fields: what each holds and the message it is described by (null when none). */
function passwordFields(html: string) {
  const field = (name: string) => {
    const input = page(html).find((element) => element.tagName === "input" && attribute(element, "name") === name)!;
    const described = attribute(input, "aria-describedby");
    const message = page(html).find((element) => described !== "" && attribute(element, "id") === described);
    return { value: attribute(input, "value"), problem: attribute(input, "aria-invalid") === "true" && message ? textOf(message) : null };
  };
  return { password: field("password"), again: field("again") };
}
const auditActions = (app: FastifyInstance) =>
  app.db.prepare("SELECT action, actor, detail FROM audit_log WHERE action LIKE 'staff.%' ORDER BY id").all() as {
    action: string;
    actor: string;
    detail: string;
  }[];

describe("staff managed in the browser", () => {
  it("invites a colleague by e-mail with a one-time link; the colleague chooses a password and signs in", async () => {
    const smtp = new TestSmtp();
    smtps.add(smtp);
    await smtp.start();
    const app = await server({ SMTP_URL: smtp.url }, { realClock: true });
    clock = Date.now();
    const staff = await signedInAdmin(app, admin, clock);
    const invited = await staff.post("/admin/staff/invite", { email: ` ${colleague.toUpperCase()} `, role: "inbox" });
    expect(invited.statusCode).toBe(303);
    expect(invited.headers.location).toBe("/admin/staff?done=invited");
    const listed = (await staff.get("/admin/staff?done=invited")).body;
    expect(notices(listed)).toContain(en("staff.done.invited"));
    expect(textOf(parseHtml(listed))).toContain(`${colleague} (Inbox), link valid until`);

    await waitFor(() => smtp.received.length >= 1, "the invitation");
    expect(smtp.received[0]!.to).toEqual([colleague]);
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.subject).toBe("Your account for the staff area of Château L'Hermitage Lescours");
    expect(mail.text).toContain(`${admin.email} invites you to the staff area of Château L'Hermitage Lescours, with the role: Inbox.`);
    // The inbox opens visitors' personal data: a second factor is set up at the first sign-in.
    expect(mail.text).toContain(en("inviteMail.secondFactor"));
    const link = /https:\/\/www\.hermitage-lescours\.example(\/admin\/invite\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
    // Only the token's digest is stored.
    expect(JSON.stringify(app.db.prepare("SELECT * FROM staff_invitations").all())).not.toContain(link.split("/").at(-1));

    const newcomer = new StaffClient(app, "10.3.0.2");
    const form = await newcomer.get(link);
    expect(form.statusCode).toBe(200);
    expect(textOf(parseHtml(form.body))).toContain(`${admin.email} invited ${colleague} to the staff area, with the role: Inbox.`);
    expect(textOf(parseHtml(form.body))).toContain(en("invitation.secondFactor"));
    const short = await newcomer.post(link, { password: "too short", again: "too short" });
    expect(short.statusCode).toBe(400);
    expect(problems(short.body)).toEqual([en("invitation.password.short")]);
    expect(passwordFields(short.body)).toEqual({
      password: { value: "", problem: en("invitation.password.short") },
      again: { value: "", problem: null },
    });
    const different = await newcomer.post(link, { password: colleaguePassword, again: `${colleaguePassword}!` });
    expect(problems(different.body)).toEqual([en("invitation.password.mismatch")]);
    expect(passwordFields(different.body)).toEqual({
      password: { value: "", problem: null },
      again: { value: "", problem: en("invitation.password.mismatch") },
    });
    // In French too, and the address itself is refused at the field.
    expect((await newcomer.post("/admin/language", { lang: "fr", back: link })).headers.location).toBe(link);
    const address = await newcomer.post(link, { password: colleague, again: colleague });
    expect(address.statusCode).toBe(400);
    expect(passwordFields(address.body).password).toEqual({ value: "", problem: fr("invitation.password.address") });
    await newcomer.post("/admin/language", { lang: "en", back: link });
    expect(account(app, colleague)).toBeNull();

    const joined = await newcomer.post(link, { password: colleaguePassword, again: colleaguePassword });
    expect(joined.statusCode).toBe(303);
    // The sign-in page it leads to has the address filled: only the new password is left to type.
    const welcome = await newcomer.get(String(joined.headers.location));
    expect(notices(welcome.body)).toContain(en("signIn.joined"));
    expect(shownValue(welcome.body, "email", "/admin/login")).toBe(colleague);
    expect(account(app, colleague)!.role).toBe("inbox");
    // The link worked once.
    expect((await new StaffClient(app, "10.3.0.4").get(link)).statusCode).toBe(404);

    // The staff page says who must still set up a second factor.
    const card = (html: string) => page(html).find((element) => element.tagName === "li" && textOf(element).includes(colleague))!;
    expect(textOf(card((await staff.get("/admin/staff")).body))).toContain(en("staff.secondFactorDue"));
    // The first sign-in enrols the second factor before any session opens.
    const signIn = await newcomer.signIn(colleague, colleaguePassword);
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe("/admin/login/enrol");
    await newcomer.get("/admin/login/enrol");
    const enrolled = await newcomer.post("/admin/login/enrol", {
      code: await generate({ secret: account(app, colleague)!.totp_pending_secret!, epoch: Math.floor(Date.now() / 1000) }),
    });
    expect(enrolled.statusCode).toBe(200);
    expect((await newcomer.get("/admin")).statusCode).toBe(200);
    expect(textOf(card((await staff.get("/admin/staff")).body))).toContain(en("staff.secondFactorOn"));
    expect(auditActions(app).map((entry) => [entry.action, entry.actor])).toEqual([
      ["staff.invited", admin.email],
      ["staff.joined", colleague],
    ]);
    clock = Date.parse("2027-03-01T09:00:00Z");
  });

  it("lets an invitation expire after 72 hours, and refuses a bad address, an existing one or an unknown role", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    await staff.post("/admin/language", { lang: "fr", back: "/admin/staff" });
    const bad = await staff.post("/admin/staff/invite", { email: "claire at example", role: "inbox" });
    expect(bad.statusCode).toBe(400);
    expect(problems(bad.body)).toEqual([fr("staff.error.email")]);
    const emailField = page(bad.body).find((element) => attribute(element, "name") === "email")!;
    expect(attribute(emailField, "value")).toBe("claire at example");
    // Named at the field too, for a screen reader as for the eye.
    expect(attribute(emailField, "aria-invalid")).toBe("true");
    expect(textOf(page(bad.body).find((element) => attribute(element, "id") === attribute(emailField, "aria-describedby"))!)).toBe(fr("staff.error.email"));
    expect(problems((await staff.post("/admin/staff/invite", { email: admin.email, role: "inbox" })).body)).toEqual([fr("staff.error.exists")]);
    expect(problems((await staff.post("/admin/staff/invite", { email: colleague, role: "owner" })).body)).toEqual([fr("staff.error.role")]);

    expect((await staff.post("/admin/staff/invite", { email: colleague, role: "editor" })).statusCode).toBe(303);
    const mail = app.db.prepare("SELECT body FROM outbox WHERE recipient = ?").get(colleague) as { body: string };
    const link = /(\/admin\/invite\/[A-Za-z0-9_-]{43})/.exec(mail.body)![1]!;
    clock += 72 * 3600_000 + 1000;
    const late = new StaffClient(app, "10.3.0.2");
    expect((await late.get(link)).statusCode).toBe(404);
    expect((await late.post(link, { password: colleaguePassword, again: colleaguePassword })).statusCode).toBe(404);
    expect(account(app, colleague)).toBeNull();
    clock = Date.parse("2027-03-01T09:00:00Z");
  });

  it("changes a role, resets a second factor and removes an account after confirming; never oneself or the last admin", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    await addStaff(app, colleague, colleaguePassword, "inbox");
    const id = account(app, colleague)!.id;
    const ownId = account(app, admin.email)!.id;

    expect((await staff.post(`/admin/staff/${id}/role`, { role: "admin" })).headers.location).toBe("/admin/staff?done=role");
    expect(account(app, colleague)!.role).toBe("admin");
    const unknownRole = await staff.post(`/admin/staff/${id}/role`, { role: "root" });
    expect(unknownRole.statusCode).toBe(400);
    expect(problems(unknownRole.body)).toEqual([en("staff.error.role")]);

    new StaffStore(app.db).setPendingSecret(id, "JBSWY3DPEHPK3PXP");
    app.db.prepare("UPDATE staff SET totp_secret = totp_pending_secret WHERE id = ?").run(id);
    expect((await staff.post(`/admin/staff/${id}/second-factor`, {})).headers.location).toBe("/admin/staff?done=secondFactor");
    expect(account(app, colleague)!.totp_secret).toBeNull();

    // Removing asks first: the GET and a POST without the confirmation show the question.
    const question = await staff.get(`/admin/staff/${id}/remove`);
    expect(question.statusCode).toBe(200);
    expect(textOf(parseHtml(question.body))).toContain(en("staff.removeTitle", { email: colleague }));
    expect((await staff.post(`/admin/staff/${id}/remove`, {})).statusCode).toBe(200);
    expect(account(app, colleague)).not.toBeNull();
    // A confirmation other than the step's own is a forged or garbled form: 400 naming the field, nothing removed.
    const garbled = await staff.post(`/admin/staff/${id}/remove`, { confirm: "maybe" });
    expect(garbled.statusCode).toBe(400);
    expect(textOf(parseHtml(garbled.body))).toContain(en("error.invalidForm.text", { fields: "confirm" }));
    expect(account(app, colleague)).not.toBeNull();

    // Not oneself.
    const self = await staff.post(`/admin/staff/${ownId}/remove`, { confirm: "yes" });
    expect(self.statusCode).toBe(409);
    expect(problems(self.body)).toEqual([en("staff.error.self")]);

    expect((await staff.post(`/admin/staff/${id}/remove`, { confirm: "yes" })).headers.location).toBe("/admin/staff?done=removed");
    expect(account(app, colleague)).toBeNull();

    // The last admin keeps the role.
    const last = await staff.post(`/admin/staff/${ownId}/role`, { role: "inbox" });
    expect(last.statusCode).toBe(409);
    expect(problems(last.body)).toEqual([en("staff.error.lastAdmin")]);
    expect(account(app, admin.email)!.role).toBe("admin");
    expect((await staff.post("/admin/staff/999/remove", { confirm: "yes" })).statusCode).toBe(404);

    expect(auditActions(app).map((entry) => [entry.action, JSON.parse(entry.detail) as unknown])).toEqual([
      ["staff.role-changed", { email: colleague, from: "inbox", to: "admin" }],
      ["staff.second-factor-reset", { email: colleague }],
      ["staff.removed", { email: colleague }],
    ]);
  });

  it("expires the other invitations to an address once one of them is accepted", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    // Two invitations to one address (the first mail seemed lost), each with its link.
    expect((await staff.post("/admin/staff/invite", { email: colleague, role: "inbox" })).statusCode).toBe(303);
    expect((await staff.post("/admin/staff/invite", { email: colleague, role: "admin" })).statusCode).toBe(303);
    const links = (app.db.prepare("SELECT body FROM outbox WHERE recipient = ? ORDER BY id").all(colleague) as { body: string }[]).map(
      (mail) => /(\/admin\/invite\/[A-Za-z0-9_-]{43})/.exec(mail.body)![1]!,
    );
    expect(links).toHaveLength(2);
    const newcomer = new StaffClient(app, "10.3.0.2");
    await newcomer.get(links[0]!);
    expect((await newcomer.post(links[0]!, { password: colleaguePassword, again: colleaguePassword })).statusCode).toBe(303);
    expect(account(app, colleague)!.role).toBe("inbox");
    // The second link no longer opens: it would have offered an admin's role to an address that has an account.
    const other = new StaffClient(app, "10.3.0.3");
    expect((await other.get(links[1]!)).statusCode).toBe(404);
    expect((await other.post(links[1]!, { password: colleaguePassword, again: colleaguePassword })).statusCode).toBe(404);
    expect(problems((await staff.get("/admin/staff")).body)).toEqual([]);
    expect(textOf(parseHtml((await staff.get("/admin/staff")).body))).not.toContain("link valid until");
  });

  it("takes an invitation accepted in a browser that is signed in to another account (the office's shared computer)", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    expect((await staff.post("/admin/staff/invite", { email: colleague, role: "inbox" })).statusCode).toBe(303);
    const [link] = (app.db.prepare("SELECT body FROM outbox WHERE recipient = ?").all(colleague) as { body: string }[]).map(
      (mail) => /(\/admin\/invite\/[A-Za-z0-9_-]{43})/.exec(mail.body)![1]!,
    );
    // The admin's own browser opens the link and the colleague chooses a password there.
    expect((await staff.get(link!)).statusCode).toBe(200);
    const joined = await staff.post(link!, { password: colleaguePassword, again: colleaguePassword });
    expect(joined.statusCode).toBe(303);
    expect(account(app, colleague)!.role).toBe("inbox");
  });

  it("revokes a colleague's calendar feed when the role changes or the account is removed; the feed is private and never stored", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    await addStaff(app, colleague, colleaguePassword, "inbox");
    const id = account(app, colleague)!.id;
    const feedOf = async () => {
      // Each sign-in half a minute after the last: the phone's code has changed.
      clock += 30_000;
      const office = new StaffClient(app, "10.3.0.9");
      await office.signIn(colleague, colleaguePassword);
      return /(\/admin\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics)/.exec((await office.get("/admin/account")).body)![1]!;
    };
    const first = await feedOf();
    const feed = await app.inject({ method: "GET", url: first });
    expect(feed.statusCode).toBe(200);
    // As docs/security.md says: private, never stored by a cache.
    expect(feed.headers["cache-control"]).toBe("private, no-store");

    // Inbox → editor → inbox: the old address must not come back with the role.
    expect((await staff.post(`/admin/staff/${id}/role`, { role: "editor" })).statusCode).toBe(303);
    expect((await app.inject({ method: "GET", url: first })).statusCode).toBe(404);
    expect((await staff.post(`/admin/staff/${id}/role`, { role: "inbox" })).statusCode).toBe(303);
    expect((await app.inject({ method: "GET", url: first })).statusCode).toBe(404);
    const second = await feedOf();
    expect(second).not.toBe(first);
    expect((await app.inject({ method: "GET", url: second })).statusCode).toBe(200);
    // A change made on the server (npm run staff -- role) revokes it too.
    new StaffStore(app.db).setRole(colleague, "admin");
    expect((await app.inject({ method: "GET", url: second })).statusCode).toBe(404);
    new StaffStore(app.db).setRole(colleague, "inbox");
    const third = await feedOf();
    expect((await staff.post(`/admin/staff/${id}/remove`, { confirm: "yes" })).statusCode).toBe(303);
    expect((await app.inject({ method: "GET", url: third })).statusCode).toBe(404);
    expect(app.db.prepare("SELECT count(*) AS n FROM staff_calendar_feeds").get()).toEqual({ n: 0 });
  });

  it("tells admin accounts how old the last backup is, and warns them on every page when it is late or failed", async () => {
    const unset = await server();
    const staffUnset = await signedInAdmin(unset, admin, clock);
    expect(textOf(parseHtml((await staffUnset.get("/admin/staff")).body))).toContain(en("backup.notConfigured"));

    // A folder beside the data, on the same disk: the page says so rather than promising "away from this server".
    const repository = tempDataDir();
    const app = await server({ RESTIC_REPOSITORY: repository, RESTIC_PASSWORD: "a test password", BACKUP_INTERVAL_MINUTES: "15" });
    const staff = await signedInAdmin(app, admin, clock);
    await addStaff(app, colleague, colleaguePassword, "inbox");
    const office = new StaffClient(app, "10.3.0.9");
    await office.signIn(colleague, colleaguePassword);
    const view = { lang: "en" } as const;
    const said = (html: string) => textOf(parseHtml(html)).replace(/\s+/g, " ");
    expect(said((await staff.get("/admin/staff")).body)).toContain(en("backup.noneYet", { minutes: 15 }));

    const record = (status: "done" | "failed", minutesAgo: number, error?: string, problem?: string) => {
      const at = new Date(Date.now() - minutesAgo * 60_000);
      app.db
        .prepare(
          "INSERT INTO backup_runs (trigger, host, pid, started_at, finished_at, status, snapshot, error, problem) VALUES ('schedule', 'elsewhere', 1, ?, ?, ?, 'abcdef12', ?, ?)",
        )
        .run(at.toISOString(), at.toISOString(), status, error ?? null, problem ?? null);
      return at;
    };
    const good = record("done", 12);
    const fresh = said((await staff.get("/admin/staff")).body);
    expect(fresh).toContain(
      en("backup.ok", {
        when: formatAge(view, 12 * 60),
        time: formatTime(view, good.toISOString()),
        where: en("backup.where.folderSameDisk", { path: repository }),
        minutes: 15,
      }),
    );
    expect(fresh).not.toContain("away from this server");
    expect(said((await staff.get("/admin")).body)).not.toContain(en("backup.title"));

    app.db.prepare("DELETE FROM backup_runs").run();
    const old = record("done", 3 * 60);
    const late = en("backup.stale", { when: formatAge(view, 3 * 60 * 60), time: formatTime(view, old.toISOString()), minutes: 15 });
    // On every page of an admin, as an alert; the inbox role does not see it.
    expect(said((await staff.get("/admin")).body)).toContain(late);
    expect(said((await staff.get("/admin/account")).body)).toContain(late);
    expect(said((await office.get("/admin")).body)).not.toContain(late);
    // A cause the site does not know: restic's words, given as the detail to pass on.
    const failedAt = record("failed", 0, "restic backup failed: Fatal: unable to open repository");
    const failedPage = said((await staff.get("/admin/staff")).body);
    expect(failedPage).toContain(
      en("backup.failed", {
        when: formatAge(view, 0),
        time: formatTime(view, failedAt.toISOString()),
        cause: en("backup.cause.other", { error: "restic backup failed: Fatal: unable to open repository" }),
      }),
    );
    expect(failedPage).toContain(en("backup.lastGoodSince", { time: formatTime(view, old.toISOString()) }));
    // The repository gone: in words, where it was kept, and not restic's English.
    const goneAt = record("failed", 0, "the repository that held snapshot abcdef12 is gone: restic finds no repository at …", "repository-gone");
    const gone = said((await staff.get("/admin")).body);
    expect(gone).toContain(
      en("backup.failed", {
        when: formatAge(view, 0),
        time: formatTime(view, goneAt.toISOString()),
        cause: en("backup.cause.gone", { where: en("backup.where.folder", { path: repository }) }),
      }),
    );
    expect(gone).not.toContain("restic finds no repository");
  });

  it("says where a remote repository is, by its service and host, without the credentials its address holds", async () => {
    for (const [address, where] of [
      ["sftp:backup@vault.hermitage-lescours.example:/srv/restic", en("backup.where.service", { service: "sftp", host: "vault.hermitage-lescours.example" })],
      ["rest:https://estate:s3cret-token@backup.example.net:8000/lescours/", en("backup.where.service", { service: "rest", host: "backup.example.net:8000" })],
      ["s3:s3.eu-west-3.amazonaws.com/lescours-backups", en("backup.where.service", { service: "s3", host: "s3.eu-west-3.amazonaws.com" })],
      ["b2:lescours-backups:site", en("backup.where.service", { service: "b2", host: "lescours-backups" })],
    ] as const) {
      const app = await server({ RESTIC_REPOSITORY: address, RESTIC_PASSWORD: "a test password", BACKUP_INTERVAL_MINUTES: "15" });
      const staff = await signedInAdmin(app, admin, clock);
      const at = new Date(Date.now() - 60_000).toISOString();
      app.db
        .prepare(
          "INSERT INTO backup_runs (trigger, host, pid, started_at, finished_at, status, snapshot) VALUES ('schedule', 'elsewhere', 1, ?, ?, 'done', 'abcdef12')",
        )
        .run(at, at);
      const page = textOf(parseHtml((await staff.get("/admin/staff")).body)).replace(/\s+/g, " ");
      expect(page, address).toContain(where);
      expect(page, address).not.toMatch(/s3cret|backup@|estate:/);
      const health = (await app.inject({ url: "/healthz" })).body;
      expect(health, address).not.toMatch(/s3cret|backup@/);
      await app.close();
    }
  });

  it("is for admins only: the inbox and editor roles get 403 and no link", async () => {
    const app = await server();
    await addStaff(app, colleague, colleaguePassword, "inbox");
    const inbox = new StaffClient(app, "10.3.0.5");
    await inbox.signIn(colleague, colleaguePassword);
    expect((await inbox.get("/admin/staff")).statusCode).toBe(403);
    expect((await inbox.post("/admin/staff/invite", { email: "x@example.com", role: "admin" })).statusCode).toBe(403);
    expect(page((await inbox.get("/admin")).body).some((element) => attribute(element, "href") === "/admin/staff")).toBe(false);
    expect((app.db.prepare("SELECT count(*) AS n FROM staff_invitations").get() as { n: number }).n).toBe(0);
  });
});
