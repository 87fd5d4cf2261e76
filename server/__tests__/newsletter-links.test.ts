import { describe, expect, it } from "vitest";
import { translator } from "#locales";
import { formIn } from "./support/html";
import { buildTestServer, closedAfterEachTest, type ParsedMail, parseMail, TestSmtp, validPayloads, waitFor } from "./support/fixtures";

/**
 * The newsletter's links by the book: opening a link (GET, as a mail scanner or a link
 * preview does) only shows a page with a button; the button's POST, from that page, changes the
 * subscription; a mail provider's RFC 8058 one-click POST unsubscribes without our Origin.
 */
const siteUrl = "https://www.hermitage-lescours.example";
const json = { "content-type": "application/json" };
const form = { "content-type": "application/x-www-form-urlencoded" };

const { apps, smtps } = closedAfterEachTest();

/** A server with mail, and the confirmation e-mail of one sign-up in `language`. */
async function signedUp(language: "fr" | "ja" | "en" = "fr") {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  const app = await buildTestServer({ RATE_LIMIT_MAX: "0", SITE_URL: siteUrl, SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "100", MAIL_RETRY_MAX_MS: "200" });
  apps.add(app);
  const email = `reader-${language}@example.org`;
  const response = await app.inject({
    method: "POST",
    url: "/api/newsletter-signups",
    headers: json,
    payload: JSON.stringify({ ...validPayloads.newsletterSignup, language, email }),
  });
  expect(response.statusCode).toBe(201);
  await waitFor(() => smtp.received.some((mail) => mail.to[0] === email), "the confirmation e-mail");
  const mail = parseMail(smtp.received.find((received) => received.to[0] === email)!.raw);
  const row = () =>
    app.db.prepare("SELECT confirmed_at, unsubscribed_at FROM newsletter_subscribers WHERE email = ?").get(email) as Record<string, string | null>;
  return { app, mail, row };
}

/** Every link a scanner would find in an e-mail: in its text and in its headers, as paths on our site. */
function linksIn(mail: ParsedMail): string[] {
  const everything = `${mail.text}\n${mail.headers.map(([, value]) => value).join("\n")}`;
  const links = [...everything.matchAll(/https?:\/\/[^\s<>]+/g)].map((match) => match[0]);
  // The links that do something: the signature's address of the site itself leads nowhere new.
  return [...new Set(links)].filter((link) => link.startsWith(siteUrl) && link !== siteUrl).map((link) => link.slice(siteUrl.length));
}

const link = (mail: ParsedMail, path: string) => linksIn(mail).find((candidate) => candidate.startsWith(`${path}?token=`))!;

describe("newsletter e-mail links", () => {
  it("change nothing when a scanner opens every link of the e-mail, again and again", async () => {
    const { app, mail, row } = await signedUp("fr");
    const links = linksIn(mail);
    expect(links.map((path) => path.split("?")[0]).sort()).toEqual(["/api/newsletter/confirm", "/api/newsletter/unsubscribe"]);
    for (let round = 0; round < 3; round++) {
      for (const path of links) {
        for (const method of ["GET", "HEAD"] as const) {
          const response = await app.inject({ method, url: path, headers: { "user-agent": "LinkScanner/1.0" } });
          expect(response.statusCode, `${method} ${path}`).toBeLessThan(500);
        }
      }
    }
    expect(row()).toEqual({ confirmed_at: null, unsubscribed_at: null });
  });

  it("carry RFC 8058 one-click unsubscribe headers", async () => {
    const { mail } = await signedUp("en");
    const unsubscribe = link(mail, "/api/newsletter/unsubscribe");
    expect(mail.header("list-unsubscribe")).toBe(`<${siteUrl}${unsubscribe}>`);
    expect(mail.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });

  it("open a page in the subscriber's language whose button confirms, once, with a policy that lets it post only to us", async () => {
    const { app, mail, row } = await signedUp("fr");
    const page = await app.inject({ url: link(mail, "/api/newsletter/confirm") });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    // Nothing loads or runs but the page's own hashed stylesheet, and its form posts only to us.
    expect(page.headers["content-security-policy"]).toMatch(
      /^default-src 'none'; style-src 'self' 'sha256-[\w+/=]+'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'$/,
    );
    expect(page.body).toContain('<html lang="fr" data-script="latin">');
    expect(page.body).toContain(translator("fr").t("subscriber.confirmTitle"));
    const button = formIn(page.body);
    expect(button).toMatchObject({ method: "post", action: "/api/newsletter/confirm", button: translator("fr").t("subscriber.confirmButton") });
    expect(row().confirmed_at).toBeNull();

    const headers = { ...form, origin: siteUrl, "sec-fetch-site": "same-origin" };
    const confirmed = await app.inject({ method: "POST", url: button!.action, headers, payload: button!.body });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(translator("fr").t("subscriber.confirmedTitle"));
    const confirmedAt = row().confirmed_at;
    expect(confirmedAt).toMatch(/Z$/);
    const again = await app.inject({ method: "POST", url: button!.action, headers, payload: button!.body });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(translator("fr").t("subscriber.confirmedTitle"));
    expect(row().confirmed_at).toBe(confirmedAt);
    // Opened again, the link says so and offers no button.
    const later = await app.inject({ url: link(mail, "/api/newsletter/confirm") });
    expect(later.body).toContain(translator("fr").t("subscriber.confirmedTitle"));
    expect(formIn(later.body)).toBeNull();
  });

  it("refuse a confirmation posted from another site", async () => {
    const { app, mail, row } = await signedUp("en");
    const page = await app.inject({ url: link(mail, "/api/newsletter/confirm") });
    const button = formIn(page.body)!;
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }]) {
      const response = await app.inject({ method: "POST", url: button.action, headers: { ...form, ...headers }, payload: button.body });
      expect(response.statusCode).toBe(403);
    }
    expect(row().confirmed_at).toBeNull();
  });

  it("open an unsubscribe page whose button unsubscribes, idempotently", async () => {
    const { app, mail, row } = await signedUp("ja");
    const page = await app.inject({ url: link(mail, "/api/newsletter/unsubscribe") });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ja" data-script="cjk">');
    expect(page.body).toContain(translator("ja").t("subscriber.unsubscribeTitle"));
    const button = formIn(page.body)!;
    expect(button).toMatchObject({ method: "post", action: "/api/newsletter/unsubscribe", button: translator("ja").t("subscriber.unsubscribeButton") });
    expect(row().unsubscribed_at).toBeNull();

    const headers = { ...form, origin: siteUrl };
    const left = await app.inject({ method: "POST", url: button.action, headers, payload: button.body });
    expect(left.statusCode).toBe(200);
    expect(left.body).toContain(translator("ja").t("subscriber.unsubscribedTitle"));
    const unsubscribedAt = row().unsubscribed_at;
    expect(unsubscribedAt).toMatch(/Z$/);
    expect((await app.inject({ method: "POST", url: button.action, headers, payload: button.body })).statusCode).toBe(200);
    expect(row().unsubscribed_at).toBe(unsubscribedAt);
    // The confirmation link no longer subscribes anyone: its page says so, with no button.
    const stale = await app.inject({ url: link(mail, "/api/newsletter/confirm") });
    expect(stale.body).toContain(translator("ja").t("subscriber.notSubscribedTitle"));
    expect(formIn(stale.body)).toBeNull();
  });

  it("unsubscribe with RFC 8058 one-click POSTs from a mail provider, without our Origin, idempotently", async () => {
    const { app, mail, row } = await signedUp("en");
    const url = link(mail, "/api/newsletter/unsubscribe");
    const provider = { ...form, "user-agent": "Mail provider" };
    const first = await app.inject({ method: "POST", url, headers: provider, payload: "List-Unsubscribe=One-Click" });
    expect(first.statusCode).toBe(200);
    const unsubscribedAt = row().unsubscribed_at;
    expect(unsubscribedAt).toMatch(/Z$/);
    const second = await app.inject({
      method: "POST",
      url,
      headers: { ...provider, origin: "https://mail.provider.example" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(second.statusCode).toBe(200);
    expect(row().unsubscribed_at).toBe(unsubscribedAt);
  });

  it("answer an unknown token's POST with the 404 page, changing nothing", async () => {
    const { app, row } = await signedUp("en");
    for (const path of ["/api/newsletter/confirm", "/api/newsletter/unsubscribe"]) {
      const response = await app.inject({
        method: "POST",
        url: path,
        headers: { ...form, origin: siteUrl },
        payload: "token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      });
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain(translator("en").t("subscriber.invalidTitle"));
    }
    expect(row()).toEqual({ confirmed_at: null, unsubscribed_at: null });
  });
});
