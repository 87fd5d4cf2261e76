/**
 * Replies from the inbox: a reply form on a submission's page, opened with a
 * template in the visitor's language, changed by the staff, sent once through the outbox (also
 * when the form is sent again after a restart), kept in the history, the message then answered.
 */
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { postalAddress } from "#content/address";
import { estateNames } from "#content/names";
import type { Language } from "#core/languages";
import { adminTranslator } from "#locales/admin";
import { addStaff, adminTestServer, siteUrl, attribute, elements, parseHtml, StaffClient, textOf } from "../../../__tests__/support/admin";
import { problems, refusedFields } from "../../../__tests__/support/refused-form";
import { closedAfterEachTest, tempDataDir, TestSmtp, validPayloads, waitFor } from "../../../__tests__/support/fixtures";

const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;
const email = "anne@hermitage-lescours.example";
const password = "a long and unusual passphrase";
const { apps, smtps } = closedAfterEachTest();

/** A Chinese visitor's message, as the contact page at /zh/contact sends it. */
const chineseMessage = {
  ...validPayloads.contactMessage,
  language: "zh",
  page: "/zh/contact",
  name: "王小明",
  email: "wang@example.cn",
  subject: "参观",
  message: "请问周末可以参观吗？",
};

async function server(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await adminTestServer(env);
  apps.add(app);
  return app;
}

async function signedIn(app: FastifyInstance): Promise<StaffClient> {
  const client = new StaffClient(app);
  expect((await client.signIn(email, password)).statusCode).toBe(303);
  return client;
}

async function submit(app: FastifyInstance, slug: string, payload: object): Promise<string> {
  const answer = await app.inject({ method: "POST", url: `/api/${slug}`, headers: { "content-type": "application/json" }, payload: JSON.stringify(payload) });
  expect(answer.statusCode).toBe(201);
  return answer.json<{ id: string }>().id;
}

const page = (html: string) => elements(parseHtml(html));
const field = (html: string, name: string) => page(html).find((element) => attribute(element, "name") === name && element.tagName !== "select");
/** A text input's value or a textarea's text. */
const valueOf = (html: string, name: string) => {
  const found = field(html, name);
  return found?.tagName === "textarea" ? textOf(found) : attribute(found!, "value");
};
const paragraphs = (html: string) =>
  page(html)
    .filter((element) => element.tagName === "p")
    .map(textOf);
/** The estate's signature under a reply in a language: its address there, phone, e-mail and website. */
const signature = (lang: Language, site: string) =>
  [postalAddress(content.site.address, lang), content.site.contact.phone, content.site.contact.email, site].join("\n");
const outboxCount = (app: FastifyInstance, kind: string) => (app.db.prepare("SELECT count(*) AS n FROM outbox WHERE kind = ?").get(kind) as { n: number }).n;

describe("replying to a visitor from a template", () => {
  it("opens with the template in the visitor's language, sends the edited reply once, even after a restart, and keeps it in the history", async () => {
    const smtp = new TestSmtp();
    smtps.add(smtp);
    await smtp.start();
    const dataDir = tempDataDir();
    let app = await server({ SMTP_URL: smtp.url, DATA_DIR: dataDir });
    await addStaff(app, email, password);
    const id = await submit(app, "contact-messages", chineseMessage);
    await waitFor(() => smtp.received.length >= 1, "the estate's notification");
    let client = await signedIn(app);
    const url = `/admin/submissions/contact-messages/${id}`;

    const shown = (await client.get(url)).body;
    expect(paragraphs(shown)).toContain(en("reply.note", { language: "Chinese" }));
    expect(valueOf(shown, "subject")).toBe("【莱斯库尔隐庐酒庄】关于您的咨询");
    expect(valueOf(shown, "body")).toBe(
      `王小明，您好！\n\n感谢您与我们联系。\n\n[…]\n\n如有其他问题，欢迎随时与我们联系。\n\n顺颂时祺\n莱斯库尔隐庐酒庄团队\n\n${signature("zh", siteUrl)}`,
    );
    const key = valueOf(shown, "key")!;
    const body = valueOf(shown, "body")!.replace("[…]", "周六和周日上午十点都可以参观，欢迎光临。");
    const form = { key, template: "answer", subject: valueOf(shown, "subject")!, body };

    const sent = await client.post(`${url}/reply`, form);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`${url}?done=replied`);
    // The same form again (a double click): nothing more is queued.
    expect((await client.post(`${url}/reply`, form)).statusCode).toBe(303);
    await waitFor(() => smtp.received.length >= 2, "the reply");
    await app.mailSender!.idle();

    const mail = await simpleParser(smtp.received[1]!.raw);
    expect(smtp.received[1]!.to).toEqual(["wang@example.cn"]);
    expect(mail.subject).toBe("【莱斯库尔隐庐酒庄】关于您的咨询");
    expect(mail.text).toBe(
      `王小明，您好！\n\n感谢您与我们联系。\n\n周六和周日上午十点都可以参观，欢迎光临。\n\n如有其他问题，欢迎随时与我们联系。\n\n顺颂时祺\n莱斯库尔隐庐酒庄团队\n\n${signature("zh", siteUrl)}\n`,
    );
    expect(mail.replyTo?.text).toBe("contact@hermitage-lescours.example");
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@/);

    const after = (await client.get(`${url}?done=replied`)).body;
    expect(paragraphs(after)).toContain(en("done.replied"));
    const history = page(after).find((element) => attribute(element, "class") === "history")!;
    expect(textOf(history)).toContain("Reply sent: “【莱斯库尔隐庐酒庄】关于您的咨询”");
    expect(textOf(history)).toContain("周六和周日上午十点都可以参观，欢迎光临。");
    const status = app.db.prepare("SELECT status FROM inbox WHERE submission_id = ?").get(id) as { status: string };
    expect(status.status).toBe("answered");

    // The server restarts; the staff member sends the same form once more: still one reply.
    await app.close();
    apps.delete(app);
    app = await server({ SMTP_URL: smtp.url, DATA_DIR: dataDir });
    client = await signedIn(app);
    await client.get(url);
    expect((await client.post(`${url}/reply`, form)).statusCode).toBe(303);
    await app.mailSender!.idle();
    expect(outboxCount(app, "reply")).toBe(1);
    expect(smtp.received).toHaveLength(2);
    expect(app.db.prepare("SELECT actor FROM audit_log WHERE action = 'reply.sent'").all()).toEqual([{ actor: email }]);
  });

  it("lists an enquiry sent from the villa page in the inbox and opens its reply with the villa template, in the visitor's language", async () => {
    const app = await server();
    await addStaff(app, email, password);
    const villa = content.replyTemplates.find((template) => template.id === "villa");
    expect(villa).toBeDefined();
    const enquiry = await submit(app, "contact-messages", {
      ...validPayloads.contactMessage,
      language: "es",
      page: "/es/villa",
      name: "Lucía Romero",
      subject: "Villa",
      message: "Del 3 al 10 de agosto, seis personas.",
    });
    const general = await submit(app, "contact-messages", { ...validPayloads.contactMessage, language: "es", page: "/es/contact", name: "Pablo" });
    const client = await signedIn(app);
    const inbox = (await client.get("/admin?type=contact-messages")).body;
    expect(inbox).toContain(`/admin/submissions/contact-messages/${enquiry}`);
    const estate = estateNames(content.site).es;
    const shown = (await client.get(`/admin/submissions/contact-messages/${enquiry}`)).body;
    expect(valueOf(shown, "subject")).toBe(villa!.subject.es.replace("{estate}", estate));
    expect(valueOf(shown, "body")).toBe(`${villa!.body.es.replace("{name}", "Lucía Romero").replaceAll("{estate}", estate)}\n\n${signature("es", siteUrl)}`);
    // A message from another page opens with the first template, as before.
    const first = content.replyTemplates[0]!;
    expect(valueOf((await client.get(`/admin/submissions/contact-messages/${general}`)).body, "subject")).toBe(first.subject.es.replace("{estate}", estate));
  });

  it("offers every template, named for the staff, each in the visitor's language", async () => {
    const app = await server();
    await addStaff(app, email, password);
    const japanese = await submit(app, "importer-applications", {
      ...validPayloads.importerApplication,
      language: "ja",
      page: "/ja/become-importer",
      contactName: "山田太郎",
    });
    const french = await submit(app, "tour-bookings", { ...validPayloads.tourBooking });
    const client = await signedIn(app);
    await client.post("/admin/language", { lang: "fr", back: "/admin" });

    const menu = (await client.get(`/admin/submissions/importer-applications/${japanese}`)).body;
    const options = page(menu).filter((element) => element.tagName === "option" && page(menu).some((select) => attribute(select, "name") === "template"));
    expect(options.filter((option) => ["answer", "visit", "importer"].includes(attribute(option, "value"))).map(textOf)).toEqual([
      "Réponse générale",
      "Visite et dégustation",
      "Demande d’importateur",
    ]);
    expect(paragraphs(menu)).toContain(fr("reply.note", { language: "japonais" }));

    const importer = (await client.get(`/admin/submissions/importer-applications/${japanese}?template=importer`)).body;
    expect(valueOf(importer, "subject")).toBe("シャトー・レルミタージュ・レスクールワインの輸入お申し込みについて");
    expect(valueOf(importer, "body")!.startsWith("山田太郎様\n\nこのたびは当シャトーのワインの輸入にご関心をお寄せいただき")).toBe(true);

    const visit = (await client.get(`/admin/submissions/tour-bookings/${french}?template=visit`)).body;
    expect(valueOf(visit, "subject")).toBe("Votre visite au Château L’Hermitage Lescours");
    expect(
      valueOf(visit, "body")!.startsWith("Bonjour Camille Martin,\n\nNous vous remercions de l’intérêt que vous portez au domaine\u202f; nous serons ravis"),
    ).toBe(true);
    // An unknown template opens the first.
    expect(valueOf((await client.get(`/admin/submissions/tour-bookings/${french}?template=nope`)).body, "subject")).toBe(
      "Votre demande au Château L’Hermitage Lescours",
    );
  });

  it("shows a French office manager each template in French beside the Chinese one, fits the general answer to a booking, and ends every template with the estate's signature", async () => {
    const app = await server();
    await addStaff(app, email, password);
    const booking = await submit(app, "tour-bookings", {
      ...validPayloads.tourBooking,
      language: "zh",
      page: "/zh/wine-tours",
      name: "王小明",
      email: "wang@example.cn",
    });
    const client = await signedIn(app);
    await client.post("/admin/language", { lang: "fr", back: "/admin" });
    for (const template of content.replyTemplates) {
      const shown = (await client.get(`/admin/submissions/tour-bookings/${booking}?template=${template.id}`)).body;
      const meaning = page(shown).find((element) => attribute(element, "class") === "reply-meaning");
      expect(meaning, template.id).toBeDefined();
      expect(attribute(meaning!, "lang")).toBe("fr");
      const heading = page(shown).find((element) => attribute(element, "id") === "reply-meaning-title");
      expect(textOf(heading!)).toBe(fr("reply.meaningTitle", { language: "français" }));
      // The French text is the template's own French, filled in for this visitor, signature included.
      const french = template.body.fr.replace("{name}", "王小明").replace("{estate}", "Château L’Hermitage Lescours");
      const flat = (text: string) => text.replace(/\s+/g, " ");
      expect(flat(textOf(meaning!))).toContain(flat(french));
      expect(flat(textOf(meaning!))).toContain(flat(signature("fr", siteUrl)));
      // The visitor's version ends with the same signature, in Chinese.
      expect(valueOf(shown, "body")!.endsWith(`\n\n${signature("zh", siteUrl)}`), template.id).toBe(true);
    }
    // The general answer thanks the visitor for getting in touch, which a booking did, not for a letter.
    const general = (await client.get(`/admin/submissions/tour-bookings/${booking}?template=answer`)).body;
    expect(valueOf(general, "body")).toContain("感谢您与我们联系");
    expect(valueOf(general, "body")).not.toContain("来信");
    // The same language needs no second version.
    const own = await submit(app, "contact-messages", { ...validPayloads.contactMessage, language: "fr", page: "/fr/contact", name: "Camille" });
    expect(page((await client.get(`/admin/submissions/contact-messages/${own}`)).body).some((element) => attribute(element, "class") === "reply-meaning")).toBe(
      false,
    );
  });

  it("refuses a reply without a subject, with the answer mark still in it or from a forged form, keeping what was typed", async () => {
    const app = await server();
    await addStaff(app, email, password);
    const id = await submit(app, "contact-messages", chineseMessage);
    const client = await signedIn(app);
    const url = `/admin/submissions/contact-messages/${id}`;
    const key = valueOf((await client.get(url)).body, "key")!;

    const noSubject = await client.post(`${url}/reply`, { key, template: "answer", subject: " \u0007 ", body: "谢谢！我们周六见。" });
    expect(noSubject.statusCode).toBe(400);
    expect(problems(noSubject.body)).toEqual([en("error.replySubject")]);
    expect(refusedFields(noSubject.body)).toEqual({ subject: en("error.replySubject") });
    expect(valueOf(noSubject.body, "body")).toBe("谢谢！我们周六见。");

    const marked = await client.post(`${url}/reply`, { key, template: "answer", subject: "参观", body: "您好！\n\n[…]\n" });
    expect(marked.statusCode).toBe(400);
    expect(problems(marked.body)).toEqual([en("error.replyMark", { mark: "[…]" })]);
    expect(refusedFields(marked.body)).toEqual({ body: en("error.replyMark", { mark: "[…]" }) });
    expect(valueOf(marked.body, "subject")).toBe("参观");

    const forged = await client.post(`${url}/reply`, { key: "short", template: "answer", subject: "参观", body: "您好" });
    expect(forged.statusCode).toBe(400);
    expect(problems(forged.body)).toEqual([en("error.replyForm")]);
    // The form's key is no field the staff can see: said above the form only.
    expect(refusedFields(forged.body)).toEqual({});

    const tooLong = await client.post(`${url}/reply`, { key, template: "answer", subject: "参观", body: "好".repeat(8001) });
    expect(tooLong.statusCode).toBe(400);
    expect(problems(tooLong.body)).toEqual([en("error.replyBody")]);

    expect(outboxCount(app, "reply")).toBe(0);
    expect((app.db.prepare("SELECT status FROM inbox WHERE submission_id = ?").get(id) as { status: string }).status).toBe("new");
  });

  it("has no reply form for a newsletter sign-up", async () => {
    const app = await server();
    await addStaff(app, email, password);
    const id = await submit(app, "newsletter-signups", validPayloads.newsletterSignup);
    const client = await signedIn(app);
    const url = `/admin/submissions/newsletter-signups/${id}`;
    expect(field((await client.get(url)).body, "body")).toBeUndefined();
    expect((await client.post(`${url}/reply`, { key: "a".repeat(43), subject: "x", body: "y" })).statusCode).toBe(404);
    expect(outboxCount(app, "reply")).toBe(0);
  });
});
