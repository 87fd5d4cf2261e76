/**
 * A form sent before the page's JavaScript ran is an ordinary HTML form post. It must be stored
 * like the page's JSON and answered with a page in the visitor's language: never a JSON page,
 * never a lost submission or lost typing (issue "paint first", item 2).
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { formDefinitions } from "#forms/definitions";
import { formPath } from "#forms/fields";
import { translator } from "#locales";
import { buildTestServer, closedAfterEachTest, validPayloads } from "./support/fixtures";
import { parse } from "parse5";
import { attribute, elements, pageText, textOf } from "./support/html";

const form = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" };

const { apps } = closedAfterEachTest();
async function server(env: Record<string, string> = {}) {
  const app = await buildTestServer({ RATE_LIMIT_MAX: "0", ...env });
  apps.add(app);
  return app;
}

const encode = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
const rows = (app: FastifyInstance, table: string) => app.db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
/** The value each control of the page's form holds, by name. */
const controls = (html: string) =>
  Object.fromEntries(
    [...elements(parse(html))]
      .filter((element) => element.tagName === "input" || element.tagName === "textarea")
      .map((element) => [attribute(element, "name"), element.tagName === "textarea" ? textOf(element) : attribute(element, "value")]),
  );

describe("a form posted without the page's JavaScript", () => {
  it("is stored once and answered with the success page in the visitor's language", async () => {
    const app = await server();
    const es = translator("es").t;
    const response = await app.inject({
      method: "POST",
      url: "/api/contact-messages",
      headers: form,
      payload: encode({ ...validPayloads.contactMessage, language: "es", page: "/es/contact", phone: "", fax: "" }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toMatch(/^default-src 'none'; style-src 'self' 'sha256-/);
    expect(response.body).toContain('<html lang="es" data-script="latin">');
    const text = pageText(response.body);
    expect(text).toContain(es("contact.form.success.title"));
    expect(text).toContain(es("contact.form.success.description"));
    expect(text).toContain(es("forms.native.backToPage"));
    expect(response.body).toContain('href="/es/contact"');
    const stored = rows(app, "contact_messages");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      language: "es",
      page: "/es/contact",
      name: validPayloads.contactMessage.name,
      message: validPayloads.contactMessage.message,
    });
  });

  it("reads counts as numbers and the page's chosen package, as the page's JavaScript does", async () => {
    const app = await server();
    const booking = { ...validPayloads.tourBooking, guests: 3, fax: "" };
    const response = await app.inject({ method: "POST", url: formPath(formDefinitions.tourBooking), headers: form, payload: encode(booking) });
    expect(response.statusCode).toBe(201);
    expect(pageText(response.body)).toContain(translator("fr").t("wineTours.form.success.title"));
    expect(rows(app, "tour_bookings")[0]).toMatchObject({ guests: 3, package: "both", language: "fr" });
  });

  it("reads the box that refuses the thank-you e-mail as the browser sends it: ticked, the refusal is recorded with the booking; unticked, nothing", async () => {
    const app = await server();
    const refused = () => (app.db.prepare("SELECT email FROM tour_thanks_refusals").all() as { email: string }[]).map((row) => row.email);
    const post = (values: Record<string, string | number>) =>
      app.inject({
        method: "POST",
        url: formPath(formDefinitions.tourBooking),
        headers: form,
        payload: encode({ ...validPayloads.tourBooking, fax: "", ...values }),
      });
    // An unticked box sends nothing at all.
    expect((await post({ email: "unticked@example.fr" })).statusCode).toBe(201);
    expect(refused()).toEqual([]);
    // A ticked one sends its name with the browser's default value, "on".
    const ticked = await post({ email: "ticked@example.fr", noThanks: "on" });
    expect(ticked.statusCode).toBe(201);
    expect(pageText(ticked.body)).toContain(translator("fr").t("wineTours.form.success.title"));
    expect(refused()).toEqual(["ticked@example.fr"]);
    expect(rows(app, "tour_bookings")).toHaveLength(2);
    // Refused for another field: the page that asks again keeps the box ticked, and nothing is recorded.
    const refusedPost = await post({ email: "not an address", noThanks: "on" });
    expect(refusedPost.statusCode).toBe(400);
    const box = [...elements(parse(refusedPost.body))].find((element) => element.tagName === "input" && attribute(element, "name") === "noThanks");
    expect(box && attribute(box, "type")).toBe("checkbox");
    expect(box?.attrs.some((attr) => attr.name === "checked")).toBe(true);
    expect(pageText(refusedPost.body)).toContain(translator("fr").t("wineTours.form.noThanks"));
    expect(refused()).toEqual(["ticked@example.fr"]);
  });

  it("shows what was refused, in the visitor's language, with the form filled as typed; nothing is stored", async () => {
    const app = await server();
    const ja = translator("ja").t;
    const typed = { ...validPayloads.importerApplication, language: "ja", page: "/ja/become-importer", email: "not an address", website: "ftp://nope" };
    const response = await app.inject({ method: "POST", url: "/api/importer-applications", headers: form, payload: encode(typed) });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const text = pageText(response.body);
    expect(text).toContain(ja("forms.error.title"));
    expect(text).toContain(
      ja("forms.error.fields", {
        count: 2,
        fields: new Intl.ListFormat("ja", { type: "conjunction" }).format([ja("importer.form.fields.email"), ja("importer.form.fields.website")]),
      }),
    );
    const values = controls(response.body);
    for (const name of ["companyName", "contactName", "email", "phone", "country", "website", "experience", "marketSize", "message"] as const) {
      expect(values[name], name).toBe(String(typed[name]));
    }
    expect(values).toMatchObject({ language: "ja", page: "/ja/become-importer" });
    expect(response.body).toMatch(/<form action="\/api\/importer-applications" method="post">/);
    expect(rows(app, "importer_applications")).toHaveLength(0);
  });

  it("keeps what was typed when refused for going too fast", async () => {
    const app = await server({ RATE_LIMIT_MAX: "1" });
    const payload = encode({ ...validPayloads.contactMessage, language: "fr", page: "/fr/contact", fax: "" });
    expect((await app.inject({ method: "POST", url: "/api/contact-messages", headers: form, payload })).statusCode).toBe(201);
    const second = await app.inject({ method: "POST", url: "/api/contact-messages", headers: form, payload });
    expect(second.statusCode).toBe(429);
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(pageText(second.body)).toContain(translator("fr").t("forms.error.rateLimited"));
    expect(controls(second.body).message).toBe(validPayloads.contactMessage.message);
    expect(rows(app, "contact_messages")).toHaveLength(1);
  });

  it("drops a bot's post (honeypot filled) behind the same success page", async () => {
    const app = await server();
    const response = await app.inject({
      method: "POST",
      url: "/api/newsletter-signups",
      headers: form,
      payload: encode({ ...validPayloads.newsletterSignup, fax: "bot" }),
    });
    expect(response.statusCode).toBe(201);
    expect(pageText(response.body)).toContain(translator("ja").t("news.newsletter.success.title"));
    expect(rows(app, "newsletter_subscribers")).toHaveLength(0);
  });

  it("is refused from another site", async () => {
    const app = await server();
    const response = await app.inject({
      method: "POST",
      url: "/api/contact-messages",
      headers: { ...form, origin: "https://evil.example" },
      payload: encode(validPayloads.contactMessage),
    });
    expect(response.statusCode).toBe(403);
    expect(rows(app, "contact_messages")).toHaveLength(0);
  });
});
