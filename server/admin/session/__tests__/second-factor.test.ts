import Database from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { migrate, openDatabase } from "../../../db/database";
import { migrations } from "../../../db/migrations";
import { StaffStore } from "../../../db/staff";
import { addStaff, adminTestServer, attribute, elements, parseHtml, sessionCookie, StaffClient, textOf } from "../../../__tests__/support/admin";
import { closedAfterEachTest, tempDataDir } from "../../../__tests__/support/fixtures";

/**
 * The second factor (TOTP, RFC 6238) and the roles: an admin enrols at the first sign-in and
 * then cannot sign in without a code; no session exists before the code is right; the code is
 * throttled like a password; recovery codes work once; a role opens only its pages.
 */
const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;
const admin = { email: "direction@hermitage-lescours.example", password: "the oldest vines face south" };

const { apps } = closedAfterEachTest();

/** The inbox's clock: codes are made for it, and a test moves it on past a code's 30 seconds. */
let clock = Date.parse("2027-05-03T08:00:00Z");
async function server() {
  const app = await adminTestServer({}, { now: () => new Date(clock) });
  apps.add(app);
  return app;
}

/** The code an authenticator app shows now (otplib, as the phone would compute it). */
const codeFor = (secret: string, at = clock) => generate({ secret, epoch: Math.floor(at / 1000) });
/** What a page says, as a reader sees it (entities decoded). */
const said = (body: string) => textOf(parseHtml(body));
const account = (app: FastifyInstance, email: string) => new StaffStore(app.db).find(email)!;
let nextAddress = 1;
const client = (app: FastifyInstance) => new StaffClient(app, `10.1.0.${nextAddress++}`);

/** A page's code field: what it holds, whether it is marked refused, and the texts it is described by. */
function codeField(body: string) {
  const tree = elements(parseHtml(body));
  const input = tree.find((element) => element.tagName === "input" && attribute(element, "name") === "code")!;
  const describedBy = attribute(input, "aria-describedby")
    .split(" ")
    .flatMap((id) => tree.filter((element) => attribute(element, "id") === id).map(textOf));
  return { value: attribute(input, "value"), invalid: attribute(input, "aria-invalid") === "true", describedBy };
}

/** Signs in with the password only and checks that no session exists yet. */
async function passwordOnly(app: FastifyInstance, staff: StaffClient, who = admin) {
  await staff.get("/admin/login");
  const answer = await staff.post("/admin/login", who);
  expect(answer.statusCode).toBe(303);
  expect(staff.cookies.has(sessionCookie)).toBe(false);
  const inbox = await staff.get("/admin");
  expect(inbox.statusCode).toBe(303);
  expect(inbox.headers.location).toBe("/admin/login");
  return answer;
}

/** Enrols the admin at the first sign-in; returns the secret and the ten recovery codes. */
async function enrol(app: FastifyInstance, staff: StaffClient): Promise<{ secret: string; codes: string[] }> {
  const answer = await passwordOnly(app, staff);
  expect(answer.headers.location).toBe("/admin/login/enrol");
  const page = await staff.get("/admin/login/enrol");
  const secret = account(app, admin.email).totp_pending_secret!;
  const key = elements(parseHtml(page.body)).find((element) => element.tagName === "code")!;
  expect(textOf(key).replace(/ /g, "")).toBe(secret);
  const done = await staff.post("/admin/login/enrol", { code: await codeFor(secret) });
  expect(done.statusCode).toBe(200);
  const codes = elements(parseHtml(done.body))
    .filter((element) => element.tagName === "li" && elements(element).some((child) => child.tagName === "code"))
    .map((item) => textOf(item).trim());
  return { secret, codes };
}

describe("an admin's first sign-in", () => {
  it("asks for a second factor: QR code and key, a code from the app, ten recovery codes shown once; no session before", async () => {
    const app = await server();
    await addStaff(app, admin.email, admin.password, "admin");
    const staff = client(app);
    const answer = await passwordOnly(app, staff);
    expect(answer.headers.location).toBe("/admin/login/enrol");
    // Nothing signed-in opens with the challenge alone: reading redirects, writing is refused.
    expect((await staff.post("/admin/privacy/find", { email: "someone@example.com" })).statusCode).toBe(401);

    const page = await staff.get("/admin/login/enrol");
    expect(page.statusCode).toBe(200);
    const image = elements(parseHtml(page.body)).find((element) => element.tagName === "img")!;
    expect(attribute(image, "src")).toBe("/admin/login/enrol/qr.svg");
    expect(attribute(image, "alt")).toBe(en("enrol.qrAlt"));
    const qr = await staff.get("/admin/login/enrol/qr.svg");
    expect(qr.statusCode).toBe(200);
    expect(qr.headers["content-type"]).toBe("image/svg+xml");
    expect(qr.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
    expect(qr.headers["cache-control"]).toBe("no-store");
    expect(qr.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(qr.body).not.toMatch(/<script|style=|<style|on\w+=|href=/i);
    // Without the challenge, no QR code: it carries the secret.
    expect((await app.inject({ method: "GET", url: "/admin/login/enrol/qr.svg" })).statusCode).toBe(404);

    const secret = account(app, admin.email).totp_pending_secret!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = await staff.post("/admin/login/enrol", { code: "000000" === (await codeFor(secret)) ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(said(wrong.body)).toContain(en("enrol.failed"));
    expect(staff.cookies.has(sessionCookie)).toBe(false);
    // Not six digits: named at the field, kept as typed, and not counted as a try.
    const attempts = () => (app.db.prepare("SELECT COUNT(*) AS n FROM sign_in_attempts").get() as { n: number }).n;
    const counted = attempts();
    const letters = await staff.post("/admin/login/enrol", { code: "12 34 5a" });
    expect(letters.statusCode).toBe(400);
    expect(codeField(letters.body)).toEqual({ value: "12 34 5a", invalid: true, describedBy: [en("enrol.error.code"), en("enrol.codeHelp")] });
    expect(attempts()).toBe(counted);
    expect(staff.cookies.has(sessionCookie)).toBe(false);

    const done = await staff.post("/admin/login/enrol", { code: await codeFor(secret) });
    expect(done.statusCode).toBe(200);
    expect(said(done.body)).toContain(en("recovery.intro"));
    expect(staff.cookies.has(sessionCookie)).toBe(true);
    const codes = elements(parseHtml(done.body))
      .filter((element) => element.tagName === "code")
      .map((element) => textOf(element));
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(new Set(codes).size).toBe(10);
    // Stored hashed: no code, and not the secret's pending copy, is left in the database.
    const stored = JSON.stringify(app.db.prepare("SELECT * FROM staff_recovery_codes").all());
    for (const code of codes) expect(stored).not.toContain(code.replace(/-/g, ""));
    expect(account(app, admin.email)).toMatchObject({ totp_secret: secret, totp_pending_secret: null });
    expect((await staff.get("/admin")).statusCode).toBe(200);
    // Shown once: the enrolment's pages are gone.
    expect((await staff.get("/admin/login/enrol")).headers.location).toBe("/admin/login");
    const logged = app.db.prepare("SELECT action, detail FROM audit_log WHERE actor = ? ORDER BY id").all(admin.email);
    expect(logged).toEqual([
      { action: "second-factor.enrolled", detail: null },
      { action: "sign-in", detail: JSON.stringify({ secondFactor: "enrolled" }) },
    ]);
  });
});

describe("an account with a second factor", () => {
  it("cannot sign in without the code; the code is asked only after the right password, and works once", async () => {
    const app = await server();
    await addStaff(app, admin.email, admin.password, "admin");
    const { secret } = await enrol(app, client(app));
    clock += 60_000;

    const staff = client(app);
    const answer = await passwordOnly(app, staff);
    expect(answer.headers.location).toBe("/admin/login/second-factor");
    const form = await staff.get("/admin/login/second-factor");
    expect(form.statusCode).toBe(200);
    const wrong = await staff.post("/admin/login/second-factor", { code: "12345" });
    expect(wrong.statusCode).toBe(401);
    expect(said(wrong.body)).toContain(en("secondFactor.failed"));
    expect(staff.cookies.has(sessionCookie)).toBe(false);
    expect(codeField(wrong.body)).toEqual({ value: "", invalid: false, describedBy: [en("secondFactor.codeHelp")] });
    // Longer than any code: named at the field, kept as typed.
    const long = "1234-5678-".repeat(4) + "9";
    const tooLong = await staff.post("/admin/login/second-factor", { code: long });
    expect(tooLong.statusCode).toBe(400);
    expect(codeField(tooLong.body)).toEqual({ value: long, invalid: true, describedBy: [en("secondFactor.error.code"), en("secondFactor.codeHelp")] });
    expect(staff.cookies.has(sessionCookie)).toBe(false);
    const code = await codeFor(secret);
    const right = await staff.post("/admin/login/second-factor", { code: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe("/admin");
    expect((await staff.get("/admin")).statusCode).toBe(200);

    // The same code again, in another browser within its 30 seconds: refused (a replay).
    const other = client(app);
    await passwordOnly(app, other);
    expect((await other.post("/admin/login/second-factor", { code })).statusCode).toBe(401);
    // Without a right password first there is no step to answer.
    const stranger = client(app);
    await stranger.get("/admin/login");
    expect((await stranger.post("/admin/login/second-factor", { code: await codeFor(secret, clock + 30_000) })).statusCode).toBe(401);
    expect(stranger.cookies.has(sessionCookie)).toBe(false);
  });

  it("takes each recovery code once, in place of the app's code", async () => {
    const app = await server();
    await addStaff(app, admin.email, admin.password, "admin");
    const { codes } = await enrol(app, client(app));
    const first = client(app);
    await passwordOnly(app, first);
    expect((await first.post("/admin/login/second-factor", { code: codes[3]!.toUpperCase().replace(/-/g, " ") })).statusCode).toBe(303);
    const again = client(app);
    await passwordOnly(app, again);
    expect((await again.post("/admin/login/second-factor", { code: codes[3]! })).statusCode).toBe(401);
    expect((await again.post("/admin/login/second-factor", { code: codes[4]! })).statusCode).toBe(303);
    const account = await again.get("/admin/account");
    expect(said(account.body)).toContain(en("account.secondFactorOn", { count: 8 }));
  });

  it("counts codes like passwords: after 5 wrong ones the right code waits, from this client and from any other", async () => {
    const app = await server();
    await addStaff(app, admin.email, admin.password, "admin");
    const { secret } = await enrol(app, client(app));
    clock += 60_000;
    const guesser = client(app);
    await passwordOnly(app, guesser);
    for (let i = 0; i < 5; i++) expect((await guesser.post("/admin/login/second-factor", { code: String(100000 + i) })).statusCode).toBe(401);
    const refused = await guesser.post("/admin/login/second-factor", { code: await codeFor(secret) });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("1");
    // Only someone who knew the password gets to guess codes, so the account itself waits too.
    const elsewhere = client(app);
    await passwordOnly(app, elsewhere);
    expect((await elsewhere.post("/admin/login/second-factor", { code: await codeFor(secret) })).statusCode).toBe(429);
    clock += 1000;
    expect((await elsewhere.post("/admin/login/second-factor", { code: await codeFor(secret) })).statusCode).toBe(303);
  });

  it("is cleared by a password reset on the server, and the admin enrols again", async () => {
    const app = await server();
    await addStaff(app, admin.email, admin.password, "admin");
    await enrol(app, client(app));
    new StaffStore(app.db).setPassword(admin.email, account(app, admin.email).password_hash, new Date(clock));
    expect(account(app, admin.email)).toMatchObject({ totp_secret: null, totp_last_step: null, totp_pending_secret: null });
    expect(app.db.prepare("SELECT count(*) AS n FROM staff_recovery_codes").get()).toEqual({ n: 0 });
    expect((await passwordOnly(app, client(app))).headers.location).toBe("/admin/login/enrol");
  });
});

describe("roles", () => {
  it("an inbox account opens visitors' personal data: without a second factor it enrols at sign-in, with no session before; then the code is asked", async () => {
    const app = await server();
    const inbox = { email: "office@hermitage-lescours.example", password: "answers every booking" };
    await addStaff(app, inbox.email, inbox.password, "inbox", { secondFactor: false });
    const staff = client(app);
    expect((await passwordOnly(app, staff, inbox)).headers.location).toBe("/admin/login/enrol");
    // The code step is not a way round the enrolment.
    expect((await staff.get("/admin/login/second-factor")).headers.location).toBe("/admin/login/enrol");
    const page = await staff.get("/admin/login/enrol");
    expect(said(page.body)).toContain(en("enrol.required"));
    const done = await staff.post("/admin/login/enrol", { code: await codeFor(account(app, inbox.email).totp_pending_secret!) });
    expect(done.statusCode).toBe(200);
    expect(said(done.body)).toContain(en("recovery.done"));
    expect(staff.cookies.has(sessionCookie)).toBe(true);
    expect((await staff.get("/admin")).statusCode).toBe(200);
    clock += 60_000;
    expect((await passwordOnly(app, client(app), inbox)).headers.location).toBe("/admin/login/second-factor");
  });

  it("an editor needs no second factor, may set one up from its account page, and then needs it", async () => {
    const app = await server();
    const editor = { email: "words@hermitage-lescours.example", password: "writes the vintage notes" };
    await addStaff(app, editor.email, editor.password, "editor");
    const staff = client(app);
    // An editor lands on the content list, their work.
    expect((await staff.signIn(editor.email, editor.password)).headers.location).toBe("/admin/content");
    const page = await staff.get("/admin/account");
    expect(page.statusCode).toBe(200);
    expect(said(page.body)).toContain(en("roles.editor"));
    expect(said(page.body)).toContain(en("account.secondFactorOff"));
    await staff.get("/admin/account/second-factor");
    const qr = await staff.get("/admin/account/second-factor/qr.svg");
    expect(qr.headers["content-type"]).toBe("image/svg+xml");
    const secret = account(app, editor.email).totp_pending_secret!;
    await staff.post("/admin/language", { lang: "fr", back: "/admin/account/second-factor" });
    const refused = await staff.post("/admin/account/second-factor", { code: "l23456" });
    expect(refused.statusCode).toBe(400);
    expect(codeField(refused.body)).toEqual({ value: "l23456", invalid: true, describedBy: [fr("enrol.error.code"), fr("enrol.codeHelp")] });
    await staff.post("/admin/language", { lang: "en", back: "/admin/account/second-factor" });
    const done = await staff.post("/admin/account/second-factor", { code: await codeFor(secret) });
    expect(done.statusCode).toBe(200);
    expect(said(done.body)).toContain(en("recovery.done"));
    clock += 60_000;
    const later = client(app);
    await later.get("/admin/login");
    expect((await later.post("/admin/login", editor)).headers.location).toBe("/admin/login/second-factor");
  });

  it("an editor is let in but refused the inbox's pages with 403 and a page naming the role", async () => {
    const app = await server();
    const editor = { email: "words@hermitage-lescours.example", password: "writes the vintage notes" };
    await addStaff(app, editor.email, editor.password, "editor");
    const staff = client(app);
    // An editor lands on the content list, their work.
    expect((await staff.signIn(editor.email, editor.password)).headers.location).toBe("/admin/content");
    for (const url of ["/admin", "/admin/privacy", "/admin/audit"]) {
      const refused = await staff.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(said(refused.body), url).toContain(en("role.refused.text", { role: en("roles.editor") }));
    }
    expect((await staff.post("/admin/privacy/find", { email: "someone@example.com" })).statusCode).toBe(403);
    const own = await staff.get("/admin/account");
    expect(own.statusCode).toBe(200);
    // The navigation offers only what the role opens.
    const links = elements(parseHtml(own.body))
      .filter((element) => element.tagName === "a")
      .map((link) => attribute(link, "href"));
    expect(links).toContain("/admin/account");
    expect(links).not.toContain("/admin/privacy");
  });

  it("existing accounts become admin when the roles arrive (migration 4), and so enrol at their next sign-in", () => {
    const dir = tempDataDir();
    const before = new Database(`${dir}/submissions.sqlite`);
    migrate(
      before,
      migrations.filter((migration) => migration.version < 4),
    );
    before
      .prepare("INSERT INTO staff (email, password_hash, created_at, password_changed_at) VALUES ('old@example.com', 'x', '2026-01-01', '2026-01-01')")
      .run();
    before.close();
    const db = openDatabase(dir);
    expect(new StaffStore(db).find("old@example.com")).toMatchObject({ role: "admin", totp_secret: null });
    db.close();
  });
});
