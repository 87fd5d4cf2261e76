import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { adminTranslator } from "#locales/admin";
import { translator } from "#locales";
import { content } from "#content";
import { erasePersonalData } from "../../../db/privacy";
import { NewsletterTable } from "../../../db/newsletter";
import { NewsletterDispatch } from "../dispatch";
import { composeNewsletterMail } from "../../../mail/newsletter";
import { mailPreviewPolicy } from "../../shared/framed-policies";
import { addStaff, adminTestServer, attribute, elements, parseHtml, siteUrl, StaffClient, textOf } from "../../../__tests__/support/admin";
import { refusedFields, shownValue } from "../../../__tests__/support/refused-form";
import { closedAfterEachTest, parseMail, testMailContext, TestSmtp, waitFor } from "../../../__tests__/support/fixtures";
import { addSubscribers } from "../../../__tests__/support/newsletter";

/**
 * The newsletter: an issue composed in the staff area in two languages, with a
 * picture and a wine, previewed as a subscriber of another language reads it, tested, then sent to
 * every confirmed subscriber in their language (English where theirs is missing) through the
 * outbox, each with RFC 8058 one-click unsubscribe headers whose POST works; counts of what was
 * sent, failed and unsubscribed since; the relay's pace kept; no one unsubscribed or erased mailed.
 */
const fr = adminTranslator("fr").t;
const editor = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };
const { apps, smtps } = closedAfterEachTest();

const issue = {
  "subject.en": "News from the cellar",
  "body.en": "The 2026 harvest is in the cellar.\n\nCome and taste it this winter.",
  "subject.fr": "Des nouvelles du chai",
  "body.fr": "Les vendanges 2026 sont au chai.\n\nVenez les déguster cet hiver.",
  picture: "cellar",
  "alt.en": "The barrel cellar",
  "alt.fr": "Le chai à barriques",
  "wine.chateau-2020": "on",
};

async function desk() {
  const smtp = new TestSmtp();
  await smtp.start();
  smtps.add(smtp);
  const app = await adminTestServer({ SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: "6000" });
  apps.add(app);
  await addStaff(app, editor.email, editor.password, "editor");
  const client = new StaffClient(app);
  await client.signIn(editor.email, editor.password);
  await client.post("/admin/language", { lang: "fr", back: "/admin/newsletter" });
  return { app, client, smtp };
}

/** The mails the relay received for an address, parsed. */
const mailsTo = (smtp: TestSmtp, address: string) => smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => parseMail(mail.raw));

describe("the newsletter", () => {
  it("is composed in two languages, previewed, tested, then sent once to each confirmed subscriber in their language with one-click unsubscribe links that work", async () => {
    const { app, client, smtp } = await desk();
    const people = await addSubscribers(app, [
      { email: "camille@example.fr", language: "fr" },
      { email: "oliver@example.com", language: "en" },
      { email: "hanako@example.jp", language: "ja" },
      { email: "pending@example.es", language: "es", state: "pending" },
      { email: "gone@example.com", language: "en", state: "unsubscribed" },
    ]);
    // Their confirmations and the estate's notices went out first.
    await app.mailSender?.idle();
    const before = smtp.received.length;

    const created = await client.post("/admin/newsletter", {});
    expect(created.statusCode).toBe(303);
    const page = created.headers.location!;
    expect(page).toMatch(/^\/admin\/newsletter\/\d+$/);
    expect((await client.post(page, { ...issue, _op: "save" })).headers.location).toBe(`${page}?done=saved`);

    // A Japanese reader gets the English version, and the preview says so.
    const preview = await client.post(page, { ...issue, _op: "preview", _previewLang: "ja" });
    expect(preview.headers.location).toBe(`${page}?preview=ja#preview`);
    const shown = await client.get(`${page}?preview=ja`);
    expect(shown.body).toContain(issue["subject.en"]);
    expect(shown.body).toContain(fr("newsletter.preview.fallback", { language: "japonais" }).replace(/'/g, "&#x27;"));
    // The e-mail itself, in a frame: its HTML part with the logo and the picture the staff's browser can show, links opening outside.
    const frame = `${page}/mail?lang=ja`;
    expect(shown.body).toContain(`src="${frame}"`);
    const framed = await client.get(frame);
    expect(framed.statusCode).toBe(200);
    expect(framed.headers["content-security-policy"]).toBe(mailPreviewPolicy);
    expect(framed.body).toContain("Come and taste it this winter.");
    expect(framed.body).toContain('src="data:image/png;base64,');
    expect(framed.body).toContain('src="/api/newsletter/pictures/cellar.jpg"');
    expect(framed.body).toContain('<base target="_blank"/>');
    expect(framed.body).not.toContain("cid:");
    expect((await client.get(`${page}/mail?lang=xx`)).statusCode).toBe(404);

    // A test to oneself, in French, says it is one.
    expect((await client.post(page, { ...issue, _op: "test", _previewLang: "fr" })).statusCode).toBe(303);
    await waitFor(() => mailsTo(smtp, editor.email).length >= 1, "the test");
    expect(mailsTo(smtp, editor.email)[0]!.header("subject")).toBe(translator("fr").t("mail.newsletter.testSubject", { subject: issue["subject.fr"] }));

    // Sending asks for a confirmation first.
    expect((await client.post(page, { ...issue, _op: "review" })).headers.location).toBe(`${page}/send`);
    const confirm = await client.get(`${page}/send`);
    expect(confirm.body).toContain(fr("newsletter.sendEnglish", { language: "Japonais", count: 1 }).replace(/'/g, "&#x27;"));
    expect((await client.post(`${page}/send`, {})).statusCode).toBe(400);
    expect((await client.post(`${page}/send`, { confirm: "yes" })).statusCode).toBe(303);

    // Exactly one each, in their language; none to the pending or the unsubscribed address.
    await waitFor(() => smtp.received.length - before >= 4, "the three subscribers' e-mails");
    await app.mailSender?.idle();
    expect(smtp.received.length - before).toBe(4);
    expect(mailsTo(smtp, "pending@example.es")).toEqual([]);
    expect(mailsTo(smtp, "gone@example.com")).toEqual([]);
    const subjects = Object.fromEntries(
      ["camille@example.fr", "oliver@example.com", "hanako@example.jp"].map((address) => [
        address,
        mailsTo(smtp, address).map((mail) => mail.header("subject")),
      ]),
    );
    expect(subjects).toEqual({
      "camille@example.fr": [issue["subject.fr"]],
      "oliver@example.com": [issue["subject.en"]],
      "hanako@example.jp": [issue["subject.en"]],
    });
    const camille = mailsTo(smtp, "camille@example.fr")[0]!;
    const oneClick = `${siteUrl}/api/newsletter/unsubscribe?token=${people.get("camille@example.fr")!.unsubscribeToken}`;
    expect(camille.header("list-unsubscribe")).toBe(`<${oneClick}>`);
    expect(camille.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(camille.text).toContain("Venez les déguster cet hiver.");
    expect(camille.text).toContain(`${siteUrl}/fr/shop/chateau-2020`);
    expect(camille.text).toContain(`${siteUrl}/api/newsletter/pictures/cellar.jpg`);
    expect(camille.text).toContain(oneClick);
    // The HTML part, laid out like the estate's other e-mails: the logo attached, the picture, a button to the wine, the unsubscribe link.
    expect(camille.parts.map((part) => part.type)).toEqual(["text/plain", "text/html", "image/png"]);
    expect(camille.html).toContain(`src="${siteUrl}/api/newsletter/pictures/cellar.jpg"`);
    expect(camille.html).toContain('alt="Le chai à barriques"');
    expect(camille.html).toContain(`href="${siteUrl}/fr/shop/chateau-2020"`);
    expect(camille.html).toContain(`href="${oneClick.replace(/&/g, "&amp;")}"`);
    expect(camille.html).toContain("Venez les déguster cet hiver.");
    expect(mailsTo(smtp, "hanako@example.jp")[0]!.text).toContain(`${siteUrl}/shop/chateau-2020`);

    // The picture the e-mails name, served to any mail program.
    const picture = await app.inject({ method: "GET", url: "/api/newsletter/pictures/cellar.jpg" });
    expect([picture.statusCode, picture.headers["content-type"]]).toEqual([200, "image/jpeg"]);
    // A webmail shows it in its own page: a resource policy of `same-origin`, the site's, would block it there.
    expect(picture.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(1200);
    expect((await app.inject({ method: "GET", url: "/api/newsletter/pictures/..%2Fsite.jpg" })).statusCode).toBe(404);

    // The one-click unsubscribe, as a mail provider sends it from its own servers.
    const unsubscribed = await app.inject({
      method: "POST",
      url: new URL(oneClick).pathname + new URL(oneClick).search,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.statusCode).toBe(200);
    const list = await client.get("/admin/newsletter");
    expect(list.body).toContain(fr("newsletter.counts.sent", { count: 3 }).replace(/'/g, "&#x27;"));
    expect(list.body).toContain(fr("newsletter.counts.failed", { count: 0 }));
    expect(list.body).toContain(fr("newsletter.counts.unsubscribed", { count: 1 }));
    // Sent: it cannot be sent again.
    expect((await client.post(`${page}/send`, { confirm: "yes" })).headers.location).toBe(page);
    await app.mailSender?.idle();
    expect(smtp.received.length - before).toBe(4);
  });

  it("refuses to send a language written half, and keeps what was typed with the problem at its field", async () => {
    const { client } = await desk();
    const page = (await client.post("/admin/newsletter", {})).headers.location!;
    const refused = await client.post(page, { "subject.fr": "Seulement en français", "body.fr": "", _op: "review" });
    expect(refused.statusCode).toBe(400);
    expect(refusedFields(refused.body)).toEqual({ "body.fr": fr("newsletter.problem.half", { language: "français" }) });
    expect(refused.body).toContain('value="Seulement en français"');
    const tooLong = await client.post(page, { "subject.en": "x".repeat(151), "body.en": "Text.", _op: "save" });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(fr("newsletter.problem.tooLong", { maximum: 150 }));
    // At its field, which keeps the whole of what was typed.
    expect(refusedFields(tooLong.body)).toEqual({ "subject.en": fr("newsletter.problem.tooLong", { maximum: 150 }) });
    expect(shownValue(tooLong.body, "subject.en")).toBe("x".repeat(151));
    const longBody = "Un texte bien trop long. ".repeat(1000);
    const tooLongBody = await client.post(page, { "subject.en": "Hello", "body.en": longBody, _op: "save" });
    expect(refusedFields(tooLongBody.body)).toEqual({ "body.en": fr("newsletter.problem.tooLong", { maximum: 20_000 }) });
    expect(shownValue(tooLongBody.body, "body.en")).toBe(longBody.trim());
    // A picture that is not one of the site's: the choice of pictures is described by its problem.
    const picture = await client.post(page, { "subject.en": "Hello", "body.en": "Text.", picture: "../site", _op: "save" });
    expect(picture.statusCode).toBe(400);
    const drawn = [...elements(parseHtml(picture.body))];
    const group = drawn.find((element) => element.tagName === "fieldset" && attribute(element, "aria-describedby") !== "");
    const described = group && drawn.find((element) => attribute(element, "id") === attribute(group, "aria-describedby"));
    expect(described ? textOf(described) : "").toBe(fr("newsletter.problem.picture"));
  });

  it("keeps the relay's pace, and mails no one who unsubscribed or was erased before their turn", async () => {
    const { app } = await desk();
    const people = await addSubscribers(
      app,
      Array.from({ length: 6 }, (_, i) => ({ email: `reader${i}@example.com`, language: "en" as const })),
    );
    await app.mailSender?.idle();
    // This test's own dispatcher, on the server's database: the server's is stopped.
    app.newsletterDispatch.stop();
    const table = new NewsletterTable(app.db);
    const id = table.create(
      { subject: { en: "Hello" }, body: { en: "Text." }, picture: null, wines: [], tours: [], links: [] },
      editor.email,
      new Date().toISOString(),
    );
    let clock = Date.now();
    let kicks = 0;
    // 60 a minute: one a second, at most two at once; the timer never fires (this test looks itself).
    const dispatch = new NewsletterDispatch({
      table,
      compose: (current, recipient) =>
        composeNewsletterMail(current.content, recipient, {
          ...testMailContext("en", siteUrl),
          wines: content.wines,
          tours: content.tours,
          site: content.site,
        }),
      kick: () => (kicks += 1),
      ratePerMinute: 60,
      now: () => new Date(clock),
      log: { info: () => undefined, warn: () => undefined },
      tickMs: 3_600_000,
    });
    expect(dispatch.send(id, editor.email, ["en"])).toBe(true);
    dispatch.look();
    expect(table.counts(id).queued).toBe(2);
    // No time passed: nothing more.
    dispatch.look();
    expect(table.counts(id).queued).toBe(2);
    // Who comes first is the dispatcher's order (sign-ups of one millisecond tie on their time), read from the outbox.
    const outbox = () =>
      (app.db.prepare("SELECT recipient FROM outbox WHERE kind = 'newsletter' ORDER BY id").all() as { recipient: string }[]).map((row) => row.recipient);
    const queuedFirst = outbox();
    expect(queuedFirst).toHaveLength(2);
    const [first = "", second = ""] = queuedFirst;
    const notYet = [...people.keys()].filter((email) => email !== first && email !== second);
    expect(notYet).toHaveLength(4);
    const [unsubscribed = "", erased = "", ...others] = notYet;
    // The first one's e-mail, queued and not yet sent, is taken back when they unsubscribe; a reader not queued yet unsubscribes and another is erased before their turn.
    app.submissions.unsubscribe(people.get(first)!.unsubscribeToken);
    app.submissions.unsubscribe(people.get(unsubscribed)!.unsubscribeToken);
    await erasePersonalData(app.db, erased);
    clock += 1000;
    dispatch.look();
    clock += 5000;
    dispatch.look();
    dispatch.look();
    expect(kicks).toBeGreaterThan(0);
    const queued = outbox();
    expect(queued[0]).toBe(second);
    expect([...queued].sort()).toEqual([second, ...others].sort());
    expect(table.get(id)!.status).toBe("sent");
    expect(table.counts(id)).toMatchObject({ queued: 4, unsubscribedAfter: 1 });
    expect(content.site.estateName).toBeTruthy();
  });

  it("queues a fast relay's allowance in batches, each look composing no more than its batch, the next one at once", async () => {
    const { app } = await desk();
    const readers = 12;
    await addSubscribers(
      app,
      Array.from({ length: readers }, (_, i) => ({ email: `fast${i}@example.com`, language: "en" as const })),
    );
    await app.mailSender?.idle();
    app.newsletterDispatch.stop();
    const table = new NewsletterTable(app.db);
    const id = table.create(
      { subject: { en: "Hello" }, body: { en: "Text." }, picture: null, wines: [], tours: [], links: [] },
      editor.email,
      new Date().toISOString(),
    );
    const batchSize = 5;
    const composed: number[] = [];
    let look = 0;
    // 60,000 a minute: two seconds' worth is 2,000, far more than the readers; the timer runs the looks.
    const dispatch = new NewsletterDispatch({
      table,
      compose: (current, recipient) => {
        composed.push(look);
        return composeNewsletterMail(current.content, recipient, {
          ...testMailContext("en", siteUrl),
          wines: content.wines,
          tours: content.tours,
          site: content.site,
        });
      },
      kick: () => undefined,
      ratePerMinute: 60_000,
      now: () => new Date(),
      log: { info: () => undefined, warn: () => undefined },
      tickMs: 3_600_000,
      batchSize,
    });
    expect(dispatch.send(id, editor.email, ["en"])).toBe(true);
    expect(dispatch.look()).toBe(true);
    expect(table.counts(id).queued).toBe(batchSize);
    // The rest without waiting for the hour-long tick: each look at once after a full batch.
    look = 1;
    dispatch.start();
    await waitFor(() => table.get(id)!.status === "sent", "the issue queued to every reader");
    dispatch.stop();
    expect(table.counts(id).queued).toBe(readers);
    expect(composed.filter((at) => at === 0)).toHaveLength(batchSize);
  });
});
