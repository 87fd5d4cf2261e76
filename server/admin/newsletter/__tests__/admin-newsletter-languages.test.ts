import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { addStaff, adminTestServer, attribute, elements, parseHtml, StaffClient } from "../../../__tests__/support/admin";
import { refusedFields, shownValue } from "../../../__tests__/support/refused-form";
import { closedAfterEachTest, parseMail, TestSmtp, waitFor } from "../../../__tests__/support/fixtures";
import { addSubscribers } from "../../../__tests__/support/newsletter";

/**
 * The newsletter in the estate's own languages: a draft in one language is saved, tested and sent,
 * to the subscribers who read it and to no one else, the sending saying who gets what; a
 * photograph uploaded for the issue, framed on its subject as the content editor frames one, is the
 * picture mail programs get; a button of the staff's own leads where they say, in each language;
 * what the site could not send as typed is refused at its field.
 */
const fr = adminTranslator("fr").t;
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
const editor = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };
const { apps, smtps } = closedAfterEachTest();

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
  const page = (await client.post("/admin/newsletter", {})).headers.location!;
  return { app, client, smtp, page };
}

/** The newsletter e-mails (and tests) the relay received for an address, parsed. */
const mailsTo = (smtp: TestSmtp, address: string) => smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => parseMail(mail.raw));

const french = { "subject.fr": "Marché de Noël au domaine", "body.fr": "Le marché de Noël ouvre samedi.\r\n\r\nVenez goûter le millésime 2020." };

describe("the newsletter in the estate's own languages", () => {
  it("saves, tests and sends an issue written in French only: to the French subscribers, the sending saying the others do not get it", async () => {
    const { app, client, smtp, page } = await desk();
    await addSubscribers(app, [
      { email: "camille@example.fr", language: "fr" },
      { email: "louis@example.fr", language: "fr" },
      { email: "oliver@example.com", language: "en" },
      { email: "hanako@example.jp", language: "ja" },
    ]);
    await app.mailSender?.idle();
    const before = smtp.received.length;
    expect((await client.post(page, { ...french, _op: "save" })).headers.location).toBe(`${page}?done=saved`);
    // Line ends as LF, as every text is stored.
    const stored = app.db.prepare("SELECT content FROM newsletter_issues").get() as { content: string };
    expect(JSON.parse(stored.content).body.fr).toBe("Le marché de Noël ouvre samedi.\n\nVenez goûter le millésime 2020.");
    // A test to oneself in French, with no English version.
    expect((await client.post(page, { ...french, _op: "test", _previewLang: "fr" })).headers.location).toBe(`${page}?done=tested&preview=fr`);
    await waitFor(() => mailsTo(smtp, editor.email).length === 1, "the test");
    expect(mailsTo(smtp, editor.email)[0]!.text).toContain("Venez goûter le millésime 2020.");
    // The preview in Japanese says those subscribers do not get it.
    const preview = await client.get(`${page}?preview=ja`);
    expect(preview.body).toContain(html(fr("newsletter.preview.notSent", { language: "japonais", reading: "français" })));
    // The sending says who gets it: the two French subscribers, not the others.
    expect((await client.post(page, { ...french, _op: "review" })).headers.location).toBe(`${page}/send`);
    const confirm = await client.get(`${page}/send`);
    expect(confirm.body).toContain(html(fr("newsletter.sendWho", { count: 2 })));
    expect(confirm.body).toContain(html(fr("newsletter.sendLanguage", { language: "Français", count: 2 })));
    expect(confirm.body).toContain(html(fr("newsletter.sendNone", { language: "Anglais", count: 1 })));
    expect(confirm.body).toContain(html(fr("newsletter.sendNone", { language: "Japonais", count: 1 })));
    expect(confirm.body).toContain(html(fr("newsletter.sendConfirm", { count: 2 })));
    expect((await client.post(`${page}/send`, { confirm: "yes" })).statusCode).toBe(303);
    await waitFor(() => mailsTo(smtp, "louis@example.fr").length === 1 && mailsTo(smtp, "camille@example.fr").length === 1, "the French e-mails");
    await app.mailSender?.idle();
    await waitFor(() => (app.db.prepare("SELECT status FROM newsletter_issues").get() as { status: string }).status === "sent", "the issue sent");
    expect(smtp.received.length - before).toBe(3);
    expect(mailsTo(smtp, "oliver@example.com")).toEqual([]);
    expect(mailsTo(smtp, "hanako@example.jp")).toEqual([]);
    expect(mailsTo(smtp, "camille@example.fr")[0]!.header("subject")).toBe(french["subject.fr"]);
  });

  it("takes a photograph uploaded for the issue, framed where the staff click, and serves mail programs that cut", async () => {
    const { app, client, page } = await desk();
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 90, g: 30, b: 50 } } })
      .withExif({ IFD0: { Make: "PhoneMaker", Model: "Pocket Camera 9" } })
      .jpeg()
      .toBuffer();
    const fields = { ...french, picture: "", "alt.fr": "Le marché dans la cour", _op: "save" };
    const uploaded = await client.postMultipart(page, fields, { "picture.upload": { name: "IMG_2201.JPG", type: "image/jpeg", bytes: photo } });
    expect(uploaded.statusCode).toBe(303);
    const issue = () =>
      JSON.parse((app.db.prepare("SELECT content FROM newsletter_issues").get() as { content: string }).content) as {
        picture: { scene: string; focus: { x: number; y: number }; zoom: number; alt: Record<string, string> };
      };
    expect(issue().picture).toMatchObject({ scene: expect.stringMatching(/^upload-[0-9a-f]{16}$/), focus: { x: 0.5, y: 0.5 }, zoom: 1 });
    const form = await client.get(page);
    const chosen = elements(parseHtml(form.body)).find(
      (element) => attribute(element, "name") === "picture" && element.attrs.some((attr) => attr.name === "checked"),
    );
    expect(chosen && attribute(chosen, "value")).toBe(issue().picture.scene);
    // A click on the picture without a script: its focus moves, nothing is saved, and the page says so.
    const clicked = await client.postMultipart(
      page,
      {
        ...fields,
        picture: issue().picture.scene,
        "picture.focus.x": "0.5",
        "picture.focus.y": "0.5",
        "picture.zoom": "1",
        "_focus:picture.x": "80",
        "_focus:picture.y": "128",
      },
      {},
    );
    expect(clicked.statusCode).toBe(200);
    expect(shownValue(clicked.body, "picture.focus.x")).toBe("0.25");
    expect(shownValue(clicked.body, "picture.focus.y")).toBe("0.6");
    const hint = elements(parseHtml(clicked.body)).find((element) => element.attrs.some((attr) => attr.name === "data-focus-unsaved"))!;
    expect(hint.attrs.some((attr) => attr.name === "hidden")).toBe(false);
    expect(issue().picture.focus).toEqual({ x: 0.5, y: 0.5 });
    const saved = await client.postMultipart(
      page,
      { ...fields, picture: issue().picture.scene, "picture.focus.x": "0.25", "picture.focus.y": "0.6", "picture.zoom": "1.5" },
      {},
    );
    expect(saved.statusCode).toBe(303);
    expect(issue().picture).toMatchObject({ focus: { x: 0.25, y: 0.6 }, zoom: 1.5, alt: { fr: "Le marché dans la cour" } });
    // The e-mail names the cut; the server serves it, 1200 × 675, without the camera's details.
    const mail = await client.get(`${page}/mail?lang=fr`);
    const src = elements(parseHtml(mail.body))
      .filter((element) => element.tagName === "img")
      .map((element) => attribute(element, "src"))
      .find((value) => value.startsWith("/api/newsletter/pictures/"))!;
    expect(src).toBe(`/api/newsletter/pictures/${issue().picture.scene}-250-600-150.jpg`);
    const served = await app.inject({ method: "GET", url: src });
    expect([served.statusCode, served.headers["content-type"]]).toEqual([200, "image/jpeg"]);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1200, 675, undefined]);
    // A cut of a picture nobody uploaded, or out of range, is nothing.
    for (const missing of ["upload-0123456789abcdef-500-500-100.jpg", `${issue().picture.scene}-2000-500-100.jpg`]) {
      expect((await app.inject({ method: "GET", url: `/api/newsletter/pictures/${missing}` })).statusCode, missing).toBe(404);
    }
    // A file that is no picture is refused at the field, with what was typed kept.
    const refused = await client.postMultipart(page, fields, {
      "picture.upload": { name: "notes.jpg", type: "image/jpeg", bytes: Buffer.from("<html>not a picture</html>") },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(html(fr("content.picture.type")));
    expect(shownValue(refused.body, "subject.fr")).toBe(french["subject.fr"]);
  });

  it("adds a button of the staff's own: its address checked, its words needed in each language the issue is written in", async () => {
    const { client, smtp, page } = await desk();
    const badUrl = await client.post(page, { ...french, "link.0.url": "javascript:alert(1)", "link.0.label.fr": "Réserver", _op: "save" });
    expect(badUrl.statusCode).toBe(400);
    expect(refusedFields(badUrl.body)).toEqual({ "link.0.url": fr("newsletter.problem.url") });
    expect(shownValue(badUrl.body, "link.0.url")).toBe("javascript:alert(1)");
    const english = { "subject.en": "Christmas market at the estate", "body.en": "The market opens on Saturday." };
    const link = { "link.0.url": "https://www.example.com/marche-noel", "link.0.label.fr": "Voir le programme" };
    // Saved half: the English words missing are the sending's problem, at their field.
    expect((await client.post(page, { ...french, ...english, ...link, _op: "save" })).statusCode).toBe(303);
    const review = await client.post(page, { ...french, ...english, ...link, _op: "review" });
    expect(review.statusCode).toBe(400);
    expect(refusedFields(review.body)).toEqual({ "link.0.label.en": fr("newsletter.problem.linkLabel", { language: "anglais" }) });
    // Whole: a test in French carries the button, its words and its address.
    const whole = { ...french, ...english, ...link, "link.0.label.en": "See the programme" };
    expect((await client.post(page, { ...whole, _op: "test", _previewLang: "fr" })).statusCode).toBe(303);
    await waitFor(() => mailsTo(smtp, editor.email).length === 1, "the test");
    const [test] = mailsTo(smtp, editor.email);
    expect(test!.html).toContain('href="https://www.example.com/marche-noel"');
    expect(test!.html).toContain(">Voir le programme<");
    expect(test!.text).toContain("Voir le programme\nhttps://www.example.com/marche-noel");
  });

  it("refuses invisible characters at the field, naming them, and keeps what was typed", async () => {
    const { client, page } = await desk();
    const refused = await client.post(page, { "subject.fr": "\uFEFFMarché\u200B de Noël", "body.fr": "Texte\u200D.", _op: "save" });
    expect(refused.statusCode).toBe(400);
    expect(refusedFields(refused.body)).toEqual({
      "subject.fr": fr("newsletter.problem.controls", { characters: "U+FEFF, U+200B" }),
      "body.fr": fr("newsletter.problem.controls", { characters: "U+200D" }),
    });
    expect(shownValue(refused.body, "subject.fr")).toBe("\uFEFFMarché\u200B de Noël");
  });
});
