import { calendarOf, filesOf } from "../../__tests__/support/tour-mail";
import { localNames } from "#content/names";
import type { FastifyInstance } from "fastify";
import { simpleParser, type ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { postalAddress } from "#content/address";
import { textIn } from "#content/text";
import { formatEventDate, formatTime } from "#core/format";
import { formDefinitions } from "#forms/definitions";
import { translator } from "#locales";
import { adminTranslator } from "#locales/admin";
import { parseConfig } from "../../config";
import { bookingReference } from "../../mail/booking-reply";
import {
  addStaff,
  adminTestServer,
  attribute,
  elements,
  parseHtml,
  sessionCookie,
  siteOrigin,
  siteUrl,
  StaffClient,
  textOf,
} from "../../__tests__/support/admin";
import { refusedFields, shownValue } from "../../__tests__/support/refused-form";
import { closedAfterEachTest, isoDay, TestSmtp, validPayloads, waitFor } from "../../__tests__/support/fixtures";
import { isoWithOffset } from "../../bookings/paris-time";

const { site } = content;
const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;
const email = "anne@hermitage-lescours.example";
const password = "a long and unusual passphrase";

const { apps, smtps } = closedAfterEachTest();

async function server(env: Record<string, string> = {}) {
  const app = await adminTestServer(env);
  apps.add(app);
  await addStaff(app, email, password);
  return app;
}

async function signedIn(app: FastifyInstance) {
  const client = new StaffClient(app);
  const answer = await client.signIn(email, password);
  expect(answer.statusCode).toBe(303);
  return client;
}

function submit(app: FastifyInstance, slug: string, payload: object) {
  return app.inject({ method: "POST", url: `/api/${slug}`, headers: { "content-type": "application/json" }, payload: JSON.stringify(payload) });
}

/** Text as React writes it into a page. */
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

/** The names in the inbox's list, each leading to its submission, in order. */
function inboxNames(html: string): string[] {
  return elements(parseHtml(html))
    .filter((element) => element.tagName === "a" && attribute(element, "class") === "open")
    .map((link) => textOf(link));
}

/** The inbox table's rows as cell texts. */
function inboxRows(html: string): string[][] {
  const table = elements(parseHtml(html)).find((element) => element.tagName === "table");
  if (!table) return [];
  return elements(table)
    .filter((element) => element.tagName === "tr")
    .slice(1)
    .map((row) =>
      elements(row)
        .filter((cell) => cell.tagName === "td")
        .map((cell) => textOf(cell)),
    );
}

describe("signing in at /admin", () => {
  it("leads from /admin to the sign-in form, then back with a session cookie that is HttpOnly, SameSite=Strict, Secure and __Host-", async () => {
    const app = await server();
    const client = new StaffClient(app);
    const first = await client.get("/admin");
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe("/admin/login");
    const form = await client.get("/admin/login");
    expect(form.statusCode).toBe(200);
    const signInForm = elements(parseHtml(form.body)).find((element) => element.tagName === "form" && attribute(element, "action") === "/admin/login")!;
    expect(attribute(signInForm, "method")).toBe("post");
    const fields = elements(signInForm)
      .filter((element) => element.tagName === "input")
      .map((input) => attribute(input, "name"));
    expect(fields).toEqual(["_csrf", "email", "password"]);
    // An inbox account: the password leads to the second factor's step, with no session yet.
    const checked = await client.post("/admin/login", { email, password });
    expect(checked.headers.location).toBe("/admin/login/second-factor");
    expect(client.cookies.has(sessionCookie)).toBe(false);
    const answer = await client.post("/admin/login/second-factor", { code: await client.phoneCode(email) });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe("/admin");
    const setCookie = ([] as string[]).concat(answer.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith(`${sessionCookie}=`))!;
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).not.toMatch(/Domain=/);
    const inbox = await client.get("/admin");
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain(html(en("layout.signedInAs", { email })));
  });

  it("uses plain cookie names without Secure when the site is served over plain HTTP", async () => {
    const app = await server({ SITE_URL: "http://localhost:3000" });
    // An editor: the password alone opens its session (an inbox account's step is the second factor's).
    const editor = { email: "words@hermitage-lescours.example", password: "writes the vintage notes" };
    await addStaff(app, editor.email, editor.password, "editor");
    const client = new StaffClient(app);
    await client.get("/admin/login");
    const answer = await app.inject({
      method: "POST",
      url: "/admin/login",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", cookie: client.cookieHeader },
      payload: new URLSearchParams({ _csrf: client.csrf, ...editor }).toString(),
    });
    expect(answer.statusCode).toBe(303);
    const cookie = ([] as string[]).concat(answer.headers["set-cookie"] ?? []).find((value) => value.startsWith("lescours_staff="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("knows it is behind HTTPS from HSTS=true, or from the trusted proxy's X-Forwarded-Proto", async () => {
    // The loopback proxy's address where TRUST_PROXY takes addresses, else the older boolean.
    const trust = (() => {
      try {
        parseConfig({ TRUST_PROXY: "127.0.0.1" });
        return "127.0.0.1";
      } catch {
        return "true";
      }
    })();
    for (const [env, headers] of [
      [{ SITE_URL: "http://localhost:3000", HSTS: "true" }, {}],
      [{ SITE_URL: "http://localhost:3000", TRUST_PROXY: trust }, { "x-forwarded-proto": "https" }],
    ] as const) {
      const app = await server(env);
      const answer = await app.inject({ method: "GET", url: "/admin/login", headers });
      const cookie = ([] as string[]).concat(answer.headers["set-cookie"] ?? [])[0]!;
      expect(cookie, JSON.stringify(env)).toMatch(/^__Host-lescours_staff_signin=[^;]+; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    }
    // An untrusted client cannot claim HTTPS.
    const plain = await server({ SITE_URL: "http://localhost:3000" });
    const answer = await plain.inject({ method: "GET", url: "/admin/login", headers: { "x-forwarded-proto": "https" } });
    expect(([] as string[]).concat(answer.headers["set-cookie"] ?? [])[0]).toMatch(/^lescours_staff_signin=/);
  });

  it("gives a new session id at every sign-in and closes the browser's previous one", async () => {
    const app = await server();
    const client = await signedIn(app);
    const first = client.cookies.get(sessionCookie)!;
    // The same browser signs in again (its sign-in form opened in another tab before the first sign-in).
    const again = new StaffClient(app);
    await again.get("/admin/login");
    again.cookies.set(sessionCookie, first);
    expect((await again.post("/admin/login", { email, password })).statusCode).toBe(303);
    expect((await again.post("/admin/login/second-factor", { code: await again.phoneCode(email) })).statusCode).toBe(303);
    const second = again.cookies.get(sessionCookie)!;
    expect(second).not.toBe(first);
    const stale = await app.inject({ method: "GET", url: "/admin", headers: { cookie: `${sessionCookie}=${first}` } });
    expect(stale.statusCode).toBe(303);
    // Only the token's hash is stored.
    const stored = app.db.prepare("SELECT token_hash FROM staff_sessions").all() as { token_hash: string }[];
    expect(stored.map((row) => row.token_hash)).not.toContain(second);
  });

  it("answers 401 with the same message for an unknown address and a wrong password", async () => {
    const app = await server();
    const wrongAddress = await new StaffClient(app).signIn("nobody@example.com", password);
    const wrongPassword = await new StaffClient(app).signIn(email, "not the password at all");
    for (const answer of [wrongAddress, wrongPassword]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toContain(html(en("signIn.failed")));
      expect(answer.cookies.map((cookie) => cookie.name)).not.toContain(sessionCookie);
    }
  });

  it("names an empty or too long field of the sign-in form at that field, in French too, keeps the address but never the password, and counts no attempt", async () => {
    const app = await server();
    const attempts = () => (app.db.prepare("SELECT COUNT(*) AS n FROM sign_in_attempts").get() as { n: number }).n;
    const client = new StaffClient(app);
    await client.get("/admin/login");
    expect((await client.post("/admin/language", { lang: "fr", back: "/admin/login" })).statusCode).toBe(303);
    const control = (body: string, name: string) =>
      elements(parseHtml(body)).find((element) => element.tagName === "input" && attribute(element, "name") === name)!;
    const problemAt = (body: string, name: string) => {
      const described = attribute(control(body, name), "aria-describedby");
      const problem = elements(parseHtml(body)).find((element) => described !== "" && attribute(element, "id") === described);
      return problem ? textOf(problem) : null;
    };
    const long = `${"a".repeat(250)}@example.com`;
    const tooLong = await client.post("/admin/login", { email: long, password: "x".repeat(257) });
    expect(tooLong.statusCode).toBe(400);
    expect(attribute(control(tooLong.body, "email"), "aria-invalid")).toBe("true");
    expect(problemAt(tooLong.body, "email")).toBe(fr("signIn.error.email"));
    expect(attribute(control(tooLong.body, "email"), "value")).toBe(long);
    expect(problemAt(tooLong.body, "password")).toBe(fr("signIn.error.password"));
    expect(attribute(control(tooLong.body, "password"), "value")).toBe("");
    expect(tooLong.body).not.toContain("x".repeat(257));

    const empty = await client.post("/admin/login", { email, password: "" });
    expect(empty.statusCode).toBe(400);
    expect(problemAt(empty.body, "email")).toBeNull();
    expect(attribute(control(empty.body, "email"), "value")).toBe(email);
    expect(problemAt(empty.body, "password")).toBe(fr("signIn.error.password"));
    expect(empty.cookies.map((cookie) => cookie.name)).not.toContain(sessionCookie);
    // Nothing was checked, so nothing was counted: the next try with the right password is not held up.
    expect(attempts()).toBe(0);
    expect((await client.post("/admin/login", { email, password })).statusCode).toBe(303);
  });

  it("ends a session after 12 hours and at sign-out", async () => {
    const app = await server();
    const client = await signedIn(app);
    const created = app.db.prepare("SELECT created_at, expires_at FROM staff_sessions").get() as { created_at: string; expires_at: string };
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(12 * 3_600_000);
    app.db.prepare("UPDATE staff_sessions SET expires_at = ?").run(new Date(Date.now() - 1000).toISOString());
    expect((await client.get("/admin")).statusCode).toBe(303);

    const again = await signedIn(app);
    const token = again.cookies.get(sessionCookie)!;
    const out = await again.post("/admin/logout", {});
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/admin/login?signed-out");
    const reused = await app.inject({ method: "GET", url: "/admin", headers: { cookie: `${sessionCookie}=${token}` } });
    expect(reused.statusCode).toBe(303);
  });

  it("serves pages that are noindex, never cached, without any script (the content editor's pages have its own file only), under a closed policy", async () => {
    const app = await server();
    const client = await signedIn(app);
    for (const url of ["/admin", "/admin/login", "/admin/privacy", "/admin/audit"]) {
      const page = url === "/admin/login" ? await new StaffClient(app).get(url) : await client.get(url);
      expect(page.headers["x-robots-tag"], url).toBe("noindex, nofollow");
      expect(page.headers["cache-control"], url).toBe("no-store");
      expect(page.headers["content-security-policy"], url).toBe(
        "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; upgrade-insecure-requests",
      );
      expect(page.headers["x-frame-options"], url).toBe("DENY");
      const tree = elements(parseHtml(page.body));
      expect(
        tree.filter((element) => element.tagName === "script"),
        url,
      ).toEqual([]);
      expect(
        tree.some((element) => element.tagName === "meta" && attribute(element, "name") === "robots" && attribute(element, "content") === "noindex, nofollow"),
        url,
      ).toBe(true);
    }
    const css = await client.get("/admin/assets/admin.css");
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
  });

  it("switches between English and French", async () => {
    const app = await server();
    const client = await signedIn(app);
    expect((await client.get("/admin")).body).toContain(`<h1>${en("inbox.title")}</h1>`);
    const switched = await client.post("/admin/language", { lang: "fr", back: "/admin?type=tour-bookings" });
    expect(switched.statusCode).toBe(303);
    expect(switched.headers.location).toBe("/admin?type=tour-bookings");
    const page = await client.get("/admin");
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain(`<h1>${fr("inbox.title")}</h1>`);
    // The switch never sends the browser off the inbox.
    const away = await client.post("/admin/language", { lang: "en", back: "https://evil.example/admin" });
    expect(away.headers.location).toBe("/admin");
    const slashes = await client.post("/admin/language", { lang: "en", back: "//evil.example" });
    expect(slashes.headers.location).toBe("/admin");
    // A language the staff area does not have is refused, naming the field, and changes nothing.
    const unknown = await client.post("/admin/language", { lang: "de", back: "/admin" });
    expect(unknown.statusCode).toBe(400);
    expect(textOf(parseHtml(unknown.body))).toContain(en("error.invalidForm.text", { fields: "lang" }));
    expect((await client.get("/admin")).body).toContain('<html lang="en">');
    // A refused form shown again comes back, once switched, to the page the form was on: its own
    // address takes posts only.
    const refusedExport = { type: "contact-messages", status: "archived", from: "2026-02-30", to: "2026-03-01", format: "csv" };
    const refused = await client.post("/admin/export", refusedExport, { referer: `${siteOrigin}/admin?type=contact-messages` });
    expect(refused.statusCode).toBe(400);
    expect(shownValue(refused.body, "back", "/admin/language")).toBe("/admin?type=contact-messages");
    const withoutReferer = await client.post("/admin/export", refusedExport);
    expect(shownValue(withoutReferer.body, "back", "/admin/language")).toBe("/admin");
    // Before signing in, the browser's language decides.
    const visitor = await app.inject({ method: "GET", url: "/admin/login", headers: { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" } });
    expect(visitor.body).toContain(`<h1>${fr("signIn.title")}</h1>`);
  });
});

describe("the inbox", () => {
  it("lists every form's submissions newest first, with type, date, language, page, name and e-mail", async () => {
    const app = await server();
    for (const [kind, payload] of Object.entries(validPayloads)) {
      expect((await submit(app, formDefinitions[kind as keyof typeof formDefinitions].slug, payload)).statusCode).toBe(201);
    }
    const client = await signedIn(app);
    const page = (await client.get("/admin?status=all")).body;
    expect(inboxNames(page)).toEqual([
      validPayloads.newsletterSignup.email,
      validPayloads.importerApplication.contactName,
      validPayloads.contactMessage.name,
      validPayloads.tourBooking.name,
    ]);
    const rows = inboxRows(page);
    expect(rows.map((row) => row[1])).toEqual([
      en("types.newsletterSignup"),
      en("types.importerApplication"),
      en("types.contactMessage"),
      en("types.tourBooking"),
    ]);
    expect(rows[3]!.slice(1)).toEqual([
      en("types.tourBooking"),
      expect.any(String),
      expect.stringContaining(en("inbox.guests", { count: 4 })),
      "French",
      en("status.new"),
    ]);
    expect(rows[3]![0]).toBe(`${validPayloads.tourBooking.name}${validPayloads.tourBooking.email}${validPayloads.tourBooking.phone}`);
    expect(rows[0]![5]).toBe(en("status.pending"));
  });

  it("filters by form and status, searches every field in any script, and pages", async () => {
    const app = await server();
    await submit(app, "tour-bookings", {
      ...validPayloads.tourBooking,
      language: "ja",
      page: "/ja/wine-tours",
      name: "山田花子",
      email: "hanako@example.jp",
      message: "ワインセラーを見学したいです",
    });
    await submit(app, "tour-bookings", validPayloads.tourBooking);
    await submit(app, "contact-messages", validPayloads.contactMessage);
    await submit(app, "importer-applications", validPayloads.importerApplication);
    const client = await signedIn(app);
    const names = async (query: string) => inboxNames((await client.get(`/admin?${query}`)).body);
    expect(await names("type=tour-bookings")).toEqual([validPayloads.tourBooking.name, "山田花子"]);
    expect(await names("q=%E3%82%BB%E3%83%A9%E3%83%BC")).toEqual(["山田花子"]); // セラー, inside a word
    expect(await names("q=%E8%8A%B1%E5%AD%90")).toEqual(["山田花子"]); // 花子, two characters
    expect(await names("q=tokyo")).toEqual([]);
    expect(await names("q=shanghai")).toEqual([validPayloads.importerApplication.contactName]);
    expect(await names("q=" + encodeURIComponent("上海酒业"))).toEqual([validPayloads.importerApplication.contactName]);
    expect(await names("q=dinner+september")).toEqual([validPayloads.contactMessage.name]);
    expect(await names("q=DINNER")).toEqual([validPayloads.contactMessage.name]);
    expect(await names("status=new&type=contact-messages")).toEqual([validPayloads.contactMessage.name]);
    expect(await names("status=confirmed")).toEqual([]);
    const bad = await client.get("/admin?type=orders&status=lost&page=-1");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(html(en("error.query", { fields: "type, status, page" })));

    for (let i = 0; i < 55; i++) await submit(app, "contact-messages", { ...validPayloads.contactMessage, name: `Sender ${i}` });
    const first = await client.get("/admin?type=contact-messages");
    expect(inboxNames(first.body)).toHaveLength(50);
    expect(first.body).toContain(html(en("inbox.page", { page: 1, pages: 2 })));
    const second = await client.get("/admin?type=contact-messages&page=2");
    expect(inboxNames(second.body)).toEqual(["Sender 4", "Sender 3", "Sender 2", "Sender 1", "Sender 0", validPayloads.contactMessage.name]);
  });

  it("shows every field of a submission under a label written for staff, with its e-mails and history", async () => {
    const smtp = new TestSmtp();
    smtps.add(smtp);
    await smtp.start();
    const app = await server({ SMTP_URL: smtp.url });
    const id = (await submit(app, "importer-applications", validPayloads.importerApplication)).json().id as string;
    await waitFor(() => smtp.received.length >= 1, "the notification");
    await app.mailSender!.idle();
    const client = await signedIn(app);
    await client.post("/admin/language", { lang: "fr", back: "/admin" });
    const page = await client.get(`/admin/submissions/importer-applications/${id}`);
    expect(page.statusCode).toBe(200);
    const { t } = translator("fr");
    const terms = elements(parseHtml(page.body))
      .filter((element) => element.tagName === "dt")
      .map(textOf);
    expect(terms).toEqual(
      expect.arrayContaining([
        "Société",
        "Interlocuteur",
        "E-mail",
        "Téléphone",
        "Pays",
        "Site web",
        "Années dans le métier du vin",
        "Taille du marché",
        "Message",
        "Langue",
      ]),
    );
    // Not the visitor's wording ("Votre adresse e-mail", "Votre société").
    expect(terms.filter((term) => /^(Votre|Vos|Your) /.test(term))).toEqual([]);
    expect(
      formDefinitions.importerApplication.fields.map((field) => t(field.label as never)).filter((label) => /^(Votre|Vos) /.test(label)).length,
    ).toBeGreaterThan(0);
    // The address and the phone number are one tap away.
    const hrefs = elements(parseHtml(page.body))
      .filter((element) => element.tagName === "a")
      .map((link) => attribute(link, "href"));
    expect(hrefs).toEqual(expect.arrayContaining([`mailto:${validPayloads.importerApplication.email}`, "tel:+862155550000"]));
    // The visitor's language named in French, not in itself.
    expect(
      elements(parseHtml(page.body))
        .filter((element) => element.tagName === "dd")
        .map(textOf),
    ).toContain("chinois");
    for (const value of Object.values(validPayloads.importerApplication)) expect(page.body).toContain(String(value));
    expect(page.body).toContain(html(fr("mail.kind.notification")));
    expect(page.body).toMatch(/Envoyé le/);
    expect(page.body).toContain(html(fr("history.received")));
  });
});

describe("answering a tour booking", () => {
  /** A booking made from the Japanese tours page, and the estate's notification delivered. */
  async function japaneseBooking() {
    const smtp = new TestSmtp();
    smtps.add(smtp);
    await smtp.start();
    const app = await server({ SMTP_URL: smtp.url });
    const booking = {
      ...validPayloads.tourBooking,
      language: "ja",
      page: "/ja/wine-tours",
      name: "山田花子",
      email: "hanako@example.jp",
      guests: 2,
      package: "mongiron",
    };
    const id = (await submit(app, "tour-bookings", booking)).json().id as string;
    await waitFor(() => smtp.received.length >= 2, "the notification and the acknowledgement");
    return { app, smtp, id, booking };
  }

  /** The times a request's page offers for a day: each radio's value (a slot's start) and its label. */
  const offeredTimes = (body: string) =>
    [...body.matchAll(/<input([^>]*)>/g)]
      .map((match) => match[1]!)
      .filter((input) => /name="slot"/.test(input) && /type="radio"/.test(input))
      .map((input) => /value="([^"]+)"/.exec(input)![1]!);

  it("confirms a request without a time into one of its tour's times: places taken, a Japanese e-mail with the private link and a Paris-time calendar file, once", async () => {
    const { app, smtp, id, booking } = await japaneseBooking();
    const client = await signedIn(app);
    const day = isoDay(30);
    // The page offers that day's Château Mongiron times (11:30 and 16:30 Paris time), with their places.
    const offered = offeredTimes((await client.get(`/admin/submissions/tour-bookings/${id}?confirmDay=${day}`)).body);
    expect(offered.map((start) => start.slice(0, 16))).toEqual([`${day}T11:30`, `${day}T16:30`]);
    const answer = await client.post(`/admin/submissions/tour-bookings/${id}/confirm`, { slot: offered[0]! });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/admin/submissions/tour-bookings/${id}?done=confirmed`);
    await waitFor(() => smtp.received.length >= 3, "the visitor's e-mail");
    const raw = smtp.received[2]!;
    expect(raw.to).toEqual([booking.email]);
    const mail: ParsedMail = await simpleParser(raw.raw);
    const { t } = translator("ja");
    const date = formatEventDate(day, "ja");
    // The visitor booked from a Japanese page: the estate is named as site.json writes it in Japanese.
    // The Château Mongiron tour is named, and met, at Château Mongiron.
    const sister = localNames(site, "ja").sisterEstate;
    expect(mail.subject).toBe(
      t("mail.booking.confirmedSubject", { estate: site.estateNameLocal.ja!, place: sister, elsewhere: "yes", date, time: formatTime("11:30", "ja") }),
    );
    expect(mail.text).toContain(t("mail.booking.when", { date, time: formatTime("11:30", "ja") }));
    expect(mail.text).toContain(t("mail.booking.where", { place: sister, address: postalAddress(site.sisterEstate.address, "ja") }));
    expect(mail.text).toContain(t("mail.booking.tour", { tour: textIn(content.tours.packages.find((p) => p.id === "mongiron")!.selectedLabel, "ja") }));
    expect(mail.text).toContain(t("mail.booking.guests", { count: 2 }));
    expect(mail.text).toContain(bookingReference(id));
    // The private link to see, move or cancel it.
    expect(mail.text).toMatch(/\/api\/tours\/booking\?token=[A-Za-z0-9_-]{43}/);
    const ics = calendarOf(mail).content.toString("utf8");
    expect(ics).toContain(`UID:${id}@www.hermitage-lescours.example`);
    // 11:30 on the estate's clock, with its zone: never a UTC time.
    expect(ics).toContain(`DTSTART;TZID=Europe/Paris:${day.replaceAll("-", "")}T113000`);

    // Its places are taken: the visitors' availability and the calendar both count them.
    const slots = (await app.inject({ method: "GET", url: `/api/tours/availability?package=mongiron&from=${day}&to=${day}` })).json().slots as {
      start: string;
      placesLeft: number;
    }[];
    expect(slots.find((slot) => slot.start === offered[0])?.placesLeft).toBe(6);
    const calendar = await client.get(`/admin/calendar?view=day&day=${day}`);
    expect(calendar.body).toContain(booking.name);

    const page = await client.get(`/admin/submissions/tour-bookings/${id}?done=confirmed`);
    expect(page.body).toContain(html(en("done.confirmed")));
    expect(page.body).toContain(`(${email})`);
    expect(page.body).toContain(html(en("mail.kind.reply")));

    // A second answer (another tab, a colleague) changes nothing and sends nothing.
    const again = await client.post(`/admin/submissions/tour-bookings/${id}/decline`, { reason: "Trop tard" });
    expect(again.statusCode).toBe(409);
    const twice = await client.post(`/admin/submissions/tour-bookings/${id}/confirm`, { slot: offered[1]! });
    expect(twice.statusCode).toBe(409);
    await app.mailSender!.idle();
    expect(smtp.received).toHaveLength(3);
    const status = app.db.prepare("SELECT status FROM inbox WHERE submission_id = ?").get(id) as { status: string };
    expect(status.status).toBe("confirmed");
  });

  it("declines with a reason, sent in the booking's language", async () => {
    const { app, smtp, id } = await japaneseBooking();
    app.db.prepare("UPDATE tour_bookings SET language = 'fr' WHERE id = ?").run(id);
    app.db.prepare("UPDATE inbox SET language = 'fr' WHERE submission_id = ?").run(id);
    const client = await signedIn(app);
    const reason = "Le domaine est fermé pour les vendanges cette semaine-là.";
    expect((await client.post(`/admin/submissions/tour-bookings/${id}/decline`, { reason: "  " })).statusCode).toBe(400);
    // Too long: named at the decline form's reason (not the confirmation's), in French, kept as typed.
    await client.post("/admin/language", { lang: "fr", back: "/admin" });
    const long = `${reason} `.repeat(40);
    const refused = await client.post(`/admin/submissions/tour-bookings/${id}/decline`, { reason: long });
    expect(refused.statusCode).toBe(400);
    expect(refusedFields(refused.body)).toEqual({ reason: fr("error.reason") });
    expect(refusedFields(refused.body, `/admin/submissions/tour-bookings/${id}/decline`)).toEqual({ reason: fr("error.reason") });
    const kept = elements(parseHtml(refused.body)).find((element) => element.tagName === "textarea" && attribute(element, "aria-invalid") === "true")!;
    expect(textOf(kept)).toBe(long.slice(0, 2000));
    await client.post("/admin/language", { lang: "en", back: "/admin" });
    expect((await client.post(`/admin/submissions/tour-bookings/${id}/decline`, { reason })).statusCode).toBe(303);
    await waitFor(() => smtp.received.length >= 3, "the visitor's e-mail");
    const mail = await simpleParser(smtp.received[2]!.raw);
    const { t } = translator("fr");
    // A request for the Château Mongiron tour is named there.
    expect(mail.subject).toBe(
      t("mail.booking.declinedSubject", { estate: localNames(site, "fr").estate, place: localNames(site, "fr").sisterEstate, elsewhere: "yes" }),
    );
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain(`${siteUrl}/fr/wine-tours`);
    expect(filesOf(mail)).toEqual([]);
  });

  it("refuses no time, a time not on the schedule, a past one, one beyond the horizon and a full one, saying why, and changes nothing", async () => {
    const { app, id } = await japaneseBooking();
    const client = await signedIn(app);
    // Eight people already at 11:30 in ten days: a visitor's booking of that time.
    const start = (day: string, time: string) => isoWithOffset({ date: day, time });
    const fullStart = start(isoDay(10), "11:30");
    const other = await submit(app, "tour-bookings", { ...validPayloads.tourBooking, guests: 8, package: "mongiron", slot: fullStart });
    expect(other.statusCode).toBe(201);
    for (const [fields, message] of [
      [{}, en("error.chooseTime")],
      [{ slot: "tomorrow" }, en("error.chooseTime")],
      [{ slot: start(isoDay(10), "10:30") }, en("error.slotUnknown")],
      [{ slot: start(isoDay(-2), "11:30") }, en("error.slotStarted")],
      [{ slot: start(isoDay(400), "11:30") }, en("error.slotHorizon", { months: 12 })],
      [{ slot: fullStart }, en("error.slotFull", { count: 0 })],
    ] as const) {
      const answer = await client.post(`/admin/submissions/tour-bookings/${id}/confirm`, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(answer.body, JSON.stringify(fields)).toContain(html(message));
      // Said at the times offered, when the page lists that day's.
      if (!("slot" in fields) || fields.slot === "tomorrow")
        expect(refusedFields(answer.body, `/admin/submissions/tour-bookings/${id}/confirm`), JSON.stringify(fields)).toEqual({ slot: message });
    }
    expect((app.db.prepare("SELECT status FROM inbox WHERE submission_id = ?").get(id) as { status: string }).status).toBe("new");
    expect(app.db.prepare("SELECT count(*) AS n FROM tour_slot_bookings WHERE booking_id = ?").get(id)).toEqual({ n: 0 });
  });
});

describe("messages and applications", () => {
  it("refuse a form whose field is sent twice, naming the field, after the CSRF check, and change nothing", async () => {
    const app = await server();
    const id = (await submit(app, "contact-messages", validPayloads.contactMessage)).json().id as string;
    const client = await signedIn(app);
    // Two values for one field: a page of this site never sends that (the route's schema refuses it).
    const post = (csrf: string) =>
      app.inject({
        method: "POST",
        url: `/admin/submissions/contact-messages/${id}/status`,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: siteOrigin, cookie: client.cookieHeader },
        payload: new URLSearchParams([
          ["_csrf", csrf],
          ["status", "answered"],
          ["status", "archived"],
        ]).toString(),
      });
    const forged = await post("not-the-token");
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain(html(en("error.refused.text")));
    const refused = await post(client.csrf);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(html("This form was sent with fields the site cannot read: status. Nothing was changed. Reload the page and try again."));
    expect((app.db.prepare("SELECT status FROM inbox WHERE submission_id = ?").get(id) as { status: string }).status).toBe("new");
  });

  it("are marked answered or archived, and the history says who did it", async () => {
    const app = await server();
    const id = (await submit(app, "contact-messages", validPayloads.contactMessage)).json().id as string;
    const client = await signedIn(app);
    const notItsOwn = await client.post(`/admin/submissions/contact-messages/${id}/status`, { status: "confirmed" });
    expect(notItsOwn.statusCode).toBe(400);
    expect(refusedFields(notItsOwn.body)).toEqual({ status: en("error.status") });
    expect((await client.post(`/admin/submissions/contact-messages/${id}/status`, { status: "answered" })).statusCode).toBe(303);
    expect((await client.post(`/admin/submissions/contact-messages/${id}/status`, { status: "archived" })).statusCode).toBe(303);
    const page = await client.get(`/admin/submissions/contact-messages/${id}`);
    expect(page.body).toContain(html(en("history.statusChanged", { status: en("status.answered") })));
    expect(page.body).toContain(html(en("history.statusChanged", { status: en("status.archived") })));
    expect(inboxNames((await client.get("/admin?status=archived")).body)).toEqual([validPayloads.contactMessage.name]);
  });
});

describe("export from the inbox", () => {
  it("downloads a form's submissions as formula-safe CSV and as JSON, and logs it", async () => {
    const app = await server();
    await submit(app, "contact-messages", { ...validPayloads.contactMessage, name: '=HYPERLINK("http://evil.example")' });
    const client = await signedIn(app);
    await client.get("/admin");
    const csv = await client.post("/admin/export", { type: "contact-messages", format: "csv", separator: "comma" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, row] = csv.body.split("\r\n");
    expect(header).toBe("\uFEFFReference,Received,Language,Sent from page,Name,E-mail,Phone,Subject,Message,Status,Followed by,Notes");
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(row!.endsWith(",New,,")).toBe(true);
    const json = await client.post("/admin/export", { type: "contact-messages", format: "json" });
    expect(json.json()).toEqual([expect.objectContaining({ name: '=HYPERLINK("http://evil.example")', status: "new" })]);
    expect((await client.post("/admin/export", { type: "orders", format: "xls" })).statusCode).toBe(400);
    const audit = await client.get("/admin/audit");
    expect(audit.body).toContain(html(en("history.exported", { type: en("types.contactMessage"), format: "CSV" })));
    expect(audit.body).toContain(html(en("history.exported", { type: en("types.contactMessage"), format: "JSON" })));
  });
});
