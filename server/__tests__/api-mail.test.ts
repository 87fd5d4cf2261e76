import { localNames } from "#content/names";
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { textIn } from "#content/text";

const { site } = content;
import type { OutboxRow } from "../db/outbox";
import { adminTranslator } from "#locales/admin";
import { logoCid } from "../mail/layout";
import { parisParts, staffDay, staffDayAndTime } from "../mail/staff-clock";
import { buildTestServer, closedAfterEachTest, fixtureBuild, parseMail, staffReadIn, tempDataDir, TestSmtp, validPayloads, waitFor } from "./support/fixtures";
import { translator } from "#locales";
import { pageText } from "./support/html";

const fr = translator("fr").t;
const staff = adminTranslator("fr").t;

const json = { "content-type": "application/json" };
const siteUrl = "https://www.hermitage-lescours.example";

const { apps, smtps } = closedAfterEachTest();
async function server(env: Record<string, string>) {
  const app = await buildTestServer({ RATE_LIMIT_MAX: "0", SITE_URL: siteUrl, MAIL_RETRY_BASE_MS: "100", MAIL_RETRY_MAX_MS: "200", ...env });
  apps.add(app);
  return app;
}
async function smtpServer() {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  return smtp;
}
/** A loopback port where no SMTP server listens (for now). */
async function downSmtp() {
  const smtp = await smtpServer();
  await smtp.stop();
  return smtp;
}

function post(app: FastifyInstance, url: string, payload: unknown) {
  return app.inject({ method: "POST", url, headers: json, payload: JSON.stringify(payload) });
}
const outbox = (app: FastifyInstance) => app.db.prepare("SELECT * FROM outbox ORDER BY id").all() as OutboxRow[];
/** The path and query of a link in a mail, to open it on the test server. */
const linkIn = (text: string, path: string) => {
  const match = text.match(new RegExp(`${siteUrl.replaceAll(".", "\\.")}${path}\\?token=[A-Za-z0-9_-]+`));
  expect(match, `${path} link`).not.toBeNull();
  return match![0].slice(siteUrl.length);
};

describe("notifications to the estate", () => {
  it("mails each booking, message and application to the estate, in the staff's language (French until someone chooses), with the visitor as Reply-To", async () => {
    const smtp = await smtpServer();
    const app = await server({ SMTP_URL: smtp.url });
    const ids = {
      tour: (await post(app, "/api/tour-bookings", validPayloads.tourBooking)).json().id as string,
      contact: (await post(app, "/api/contact-messages", validPayloads.contactMessage)).json().id as string,
      importer: (await post(app, "/api/importer-applications", validPayloads.importerApplication)).json().id as string,
    };
    // Three notifications, and the tour request's acknowledgement to the visitor.
    await waitFor(() => smtp.received.length >= 4, "three notifications and an acknowledgement");
    const mails = smtp.received.map((mail) => ({ ...mail, parsed: parseMail(mail.raw) })).filter((mail) => mail.to[0] !== validPayloads.tourBooking.email);
    for (const mail of mails) {
      expect(mail.from).toBe(site.contact.email);
      // The sender's name with the typographic apostrophe, as the estate's language writes it (F6).
      expect((await simpleParser(mail.raw)).from?.value[0]?.name).toBe(localNames(site, "fr").estate);
      expect(mail.parsed.parts.map((part) => part.type)).toEqual(["text/plain", "text/html", "image/png"]);
    }
    const receivedIn = (table: string, id: string) =>
      (app.db.prepare(`SELECT received_at FROM ${table} WHERE id = ?`).get(id) as { received_at: string }).received_at;
    const at = (iso: string) => {
      const local = parisParts(new Date(iso));
      return staffDayAndTime(local.date, local.time, "fr");
    };
    const tour = mails.find((mail) => mail.parsed.text.includes(ids.tour))!;
    expect(tour.to).toEqual([site.contact.email]);
    expect(tour.parsed.header("reply-to")).toContain(validPayloads.tourBooking.email);
    // What came in, the name and the day asked for.
    expect(tour.parsed.header("subject")).toBe(
      `${staff("estateMail.subject.tourBooking")} · Camille Martin · ${staffDay(validPayloads.tourBooking.date, "fr", { year: false })}`,
    );
    expect(tour.parsed.text).toContain(`${staff("estateMail.open")}\n${siteUrl}/admin/submissions/tour-bookings/${ids.tour}\n`);
    expect(tour.parsed.text).toContain(staff("estateMail.field", { label: staff("field.name"), value: "Camille Martin" }));
    expect(tour.parsed.text).toContain(staff("estateMail.field", { label: staff("field.guests"), value: "4" }));
    expect(tour.parsed.text).toContain(
      `${staff("estateMail.tour", { tour: textIn(content.tours.packages.find((p) => p.id === "both")!.selectedLabel, "fr") })}\n`,
    );
    expect(tour.parsed.text).not.toContain("both");
    expect(tour.parsed.text).toContain("Nous aimerions une visite en fin de matinée.");
    expect(tour.parsed.text).toContain(staff("estateMail.page", { page: "/fr/wine-tours" }));
    expect(tour.parsed.text).toContain(`${staff("estateMail.language", { language: "français" })}\n`);
    expect(tour.parsed.text).toContain(`${staff("estateMail.receivedAt", { when: at(receivedIn("tour_bookings", ids.tour)) })}\n`);
    // The HTML part says the same, under the estate's name and logo, with the address and phone at its end.
    expect(tour.parsed.html).toContain(`src="cid:${logoCid}"`);
    expect(tour.parsed.html).toContain("Camille Martin");
    expect(tour.parsed.html).toContain(site.contact.phone);
    // Importers' applications go to the trade address of content/site.json.
    const importer = mails.find((mail) => mail.parsed.text.includes(ids.importer))!;
    expect(importer.to).toEqual([site.contact.tradeEmail]);
    expect(importer.parsed.text).toContain(staff("estateMail.field", { label: staff("field.companyName"), value: "上海酒业有限公司" }));
    expect(importer.parsed.header("reply-to")).toContain("wang@example.cn");
    const importerReceived = parisParts(new Date(receivedIn("importer_applications", ids.importer)));
    expect(importer.parsed.header("subject")).toBe(
      `${staff("estateMail.subject.importerApplication")} · 王伟 · ${staff("estateMail.subject.received", { form: "importerApplication", day: staffDay(importerReceived.date, "fr", { year: false }) })}`,
    );
    const contact = mails.find((mail) => mail.parsed.text.includes(ids.contact))!;
    expect(contact.to).toEqual([site.contact.email]);
    const contactReceived = parisParts(new Date(receivedIn("contact_messages", ids.contact)));
    expect(contact.parsed.header("subject")).toBe(
      `Message · Alex Smith · ${staff("estateMail.subject.received", { form: "contactMessage", day: staffDay(contactReceived.date, "fr", { year: false }) })}`,
    );
    await waitFor(() => outbox(app).every((row) => row.sent_at !== null), "rows marked sent");
    expect(outbox(app).map((row) => row.attempts)).toEqual([1, 1, 1, 1]);

    // A member of the staff chooses English in the staff area: the next notification is in English.
    staffReadIn(app, "en");
    const next = (await post(app, "/api/contact-messages", validPayloads.contactMessage)).json().id as string;
    await waitFor(() => smtp.received.length >= 5, "the English notification");
    const english = parseMail(smtp.received[4]!.raw);
    expect(english.text).toContain(`Reference: ${next}`);
    expect(english.header("subject")).toMatch(/^Message · Alex Smith · received [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}$/);
  });

  it("lets no field inject a header", async () => {
    const smtp = await smtpServer();
    const app = await server({ SMTP_URL: smtp.url });
    staffReadIn(app, "en");
    const response = await post(app, "/api/contact-messages", {
      ...validPayloads.contactMessage,
      name: "Eve\r\nBcc: victim@evil.example",
      subject: "Hello\r\nX-Injected: yes\nTo: victim2@evil.example",
      message: "Body\r\n\r\nBcc: victim3@evil.example\r\n.\r\nMAIL FROM:<x@evil.example>",
    });
    expect(response.statusCode).toBe(201);
    await waitFor(() => smtp.received.length >= 1, "the notification");
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([site.contact.email]);
    const parsed = parseMail(mail.raw);
    const names = parsed.headers.map(([name]) => name);
    expect(names).not.toContain("bcc");
    expect(names).not.toContain("x-injected");
    expect(parsed.headers.filter(([name]) => name === "to")).toEqual([["to", site.contact.email]]);
    // The name is in the subject, on one line: no header of its own.
    expect(parsed.header("subject")).toMatch(/^Message · Eve Bcc: victim@evil\.example · received [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}$/);
    const head = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n")).replace(/^Subject:.*(\r\n[ \t].*)*/im, "");
    expect(head).not.toMatch(/evil\.example/);
    // The name stays on one line in the body; the message keeps its lines, as text.
    expect(parsed.text).toContain("Name: Eve Bcc: victim@evil.example\n");
    expect(parsed.text).toContain("Body\n\nBcc: victim3@evil.example");
  });
});

describe("newsletter double opt-in", () => {
  it("mails a confirmation in the subscriber's language whose links' buttons work, idempotently", async () => {
    const smtp = await smtpServer();
    const app = await server({ SMTP_URL: smtp.url });
    staffReadIn(app, "en");
    const signup = await post(app, "/api/newsletter-signups", { ...validPayloads.newsletterSignup, language: "fr", page: "/fr/news" });
    expect(signup.statusCode).toBe(201);
    // Only the confirmation: the estate hears of the sign-up once it is confirmed.
    await waitFor(() => smtp.received.length >= 1, "the confirmation");
    await app.mailSender!.idle();
    expect(outbox(app).map((row) => row.kind)).toEqual(["confirmation"]);
    const confirmation = smtp.received[0]!;
    expect(confirmation.to).toEqual([validPayloads.newsletterSignup.email]);

    const mail = parseMail(confirmation.raw);
    expect(mail.header("subject")).toBe(fr("subscriber.mailSubject", { estate: localNames(site, "fr").estate }));
    expect(mail.text).toContain(fr("subscriber.mailIntro", { estate: localNames(site, "fr").estate }));
    const confirm = linkIn(mail.text, "/api/newsletter/confirm");
    const unsubscribe = linkIn(mail.text, "/api/newsletter/unsubscribe");
    expect(mail.header("list-unsubscribe")).toBe(`<${siteUrl}${unsubscribe}>`);

    const row = () => app.db.prepare("SELECT * FROM newsletter_subscribers").get() as Record<string, string | null>;
    expect(row().confirmed_at).toBeNull();
    // Opening the link asks (server/__tests__/newsletter-links.test.ts); the page's button POSTs the token.
    const opened = await app.inject({ url: confirm });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(opened.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(opened.body).toContain('<html lang="fr" data-script="latin">');
    expect(opened.body).toContain('href="/fr"');
    expect(row().confirmed_at).toBeNull();
    const press = (url: string) =>
      app.inject({
        method: "POST",
        url: url.split("?")[0]!,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl },
        payload: url.split("?")[1]!,
      });
    const first = await press(confirm);
    expect(first.statusCode).toBe(200);
    expect(pageText(first.body)).toContain(fr("subscriber.confirmedTitle"));
    const confirmedAt = row().confirmed_at;
    expect(confirmedAt).toMatch(/Z$/);
    // The estate hears of it in the next day's digest (server/__tests__/signup-digest.test.ts), not by an e-mail of its own.
    const second = await press(confirm);
    expect(second.statusCode).toBe(200);
    expect(pageText(second.body)).toContain(fr("subscriber.confirmedTitle"));
    expect(row().confirmed_at).toBe(confirmedAt);

    const leave = await press(unsubscribe);
    expect(leave.statusCode).toBe(200);
    expect(pageText(leave.body)).toContain(fr("subscriber.unsubscribedTitle"));
    const unsubscribedAt = row().unsubscribed_at;
    expect(unsubscribedAt).toMatch(/Z$/);
    expect((await press(unsubscribe)).statusCode).toBe(200);
    expect(row().unsubscribed_at).toBe(unsubscribedAt);
    // An old confirmation link does not silently re-subscribe.
    const stale = await press(confirm);
    expect(pageText(stale.body)).toContain(fr("subscriber.notSubscribedTitle"));
    expect(row().unsubscribed_at).toBe(unsubscribedAt);

    // Signing up again re-subscribes the same row, with a fresh confirmation.
    const again = await post(app, "/api/newsletter-signups", { ...validPayloads.newsletterSignup, language: "es" });
    expect(again.json().id).toBe(signup.json().id);
    await waitFor(() => smtp.received.length >= 2, "a second confirmation");
    await app.mailSender!.idle();
    expect(outbox(app).map((row) => row.kind)).toEqual(["confirmation", "confirmation"]);
    const second2 = parseMail(smtp.received[1]!.raw);
    expect(second2.header("subject")).toBe(`Confirme su suscripción al boletín de ${localNames(site, "es").estate}`);
    expect(row()).toMatchObject({ unsubscribed_at: null, confirmed_at: null, language: "es" });
    expect((app.db.prepare("SELECT count(*) AS n FROM newsletter_subscribers").get() as { n: number }).n).toBe(1);
  });

  it("does not mail a pending address again on a repeated sign-up", async () => {
    const smtp = await smtpServer();
    const app = await server({ SMTP_URL: smtp.url });
    await post(app, "/api/newsletter-signups", validPayloads.newsletterSignup);
    await post(app, "/api/newsletter-signups", validPayloads.newsletterSignup);
    await waitFor(() => smtp.received.length >= 1, "the first mail");
    await app.mailSender!.idle();
    expect(outbox(app).map((row) => row.kind)).toEqual(["confirmation"]);
  });

  it("answers an unknown or malformed token with a 404 page in the visitor's language", async () => {
    const app = await server({});
    for (const url of [
      "/api/newsletter/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "/api/newsletter/unsubscribe?token=<script>",
      "/api/newsletter/confirm",
    ]) {
      const response = await app.inject({ url, headers: { "accept-language": "ja-JP,ja;q=0.9,en;q=0.5" } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<html lang="ja" data-script="cjk">');
      expect(response.body).toContain("このリンクは無効です");
      expect(response.body).not.toContain("<script>");
    }
    const english = await app.inject({ url: "/api/newsletter/confirm?token=x", headers: { "accept-language": "de" } });
    expect(english.body).toContain("This link is not valid");
  });
});

describe("mail outages", () => {
  it("keeps an e-mail in the outbox while SMTP is down and delivers it once SMTP is back", async () => {
    const smtp = await downSmtp();
    const app = await server({ SMTP_URL: smtp.url });
    const response = await post(app, "/api/tour-bookings", validPayloads.tourBooking);
    expect(response.statusCode).toBe(201);
    await waitFor(() => (outbox(app)[0]?.attempts ?? 0) >= 2, "two failed attempts");
    const waiting = outbox(app)[0]!;
    expect(waiting.sent_at).toBeNull();
    expect(waiting.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(waiting.next_attempt_at)).toBeGreaterThan(Date.parse(waiting.created_at));

    await smtp.start();
    // The tour request's notification, and its acknowledgement to the visitor.
    await waitFor(() => smtp.received.length >= 2, "delivery after the outage");
    expect(parseMail(smtp.received[0]!.raw).text).toContain(response.json().id);
    await waitFor(() => outbox(app)[0]!.sent_at !== null, "row marked sent");
    expect(outbox(app)[0]!.last_error).toBeNull();
  });

  it("gives up after MAIL_MAX_ATTEMPTS, keeping the submission and the e-mail's row", async () => {
    const smtp = await downSmtp();
    const app = await server({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "50", MAIL_RETRY_MAX_MS: "100", MAIL_MAX_ATTEMPTS: "3" });
    await post(app, "/api/contact-messages", validPayloads.contactMessage);
    await waitFor(() => Boolean(outbox(app)[0]?.failed_at), "the e-mail marked failed");
    const row = outbox(app)[0]!;
    expect(row.attempts).toBe(3);
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toBeTruthy();
    expect((app.db.prepare("SELECT count(*) AS n FROM contact_messages").get() as { n: number }).n).toBe(1);
  });

  it("sends after a restart what was left unsent, without waiting for the backoff", async () => {
    const smtp = await downSmtp();
    const buildDir = fixtureBuild();
    const dataDir = tempDataDir();
    const env = { SMTP_URL: smtp.url, BUILD_DIR: buildDir, DATA_DIR: dataDir, MAIL_RETRY_BASE_MS: "600000", MAIL_RETRY_MAX_MS: "600000" };
    const before = await server(env);
    const id = (await post(before, "/api/importer-applications", validPayloads.importerApplication)).json().id as string;
    await waitFor(() => (outbox(before)[0]?.attempts ?? 0) >= 1, "a failed attempt");
    expect(Date.parse(outbox(before)[0]!.next_attempt_at) - Date.now()).toBeGreaterThan(60_000);
    await before.close();
    apps.delete(before);

    await smtp.start();
    const after = await server(env);
    await waitFor(() => smtp.received.length >= 1, "delivery after the restart");
    expect(parseMail(smtp.received[0]!.raw).text).toContain(id);
    await waitFor(() => outbox(after)[0]!.sent_at !== null, "row marked sent");
  });
});
