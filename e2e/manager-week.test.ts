import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { simpleParser } from "mailparser";
import { generate } from "otplib";
import type { Download, Page } from "@playwright/test";
import { content } from "#content";
import { textIn } from "#content/text";
import { adminTranslator } from "#locales/admin";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { startServer, type RunningServer } from "./support/server";
import { dataDirWithStaff, phoneCode } from "./support/staff";

/**
 * The office manager's first week, on the built site and the real server
 * with a local SMTP server. A mixed inbox arrives through the public API in four languages; the
 * manager (an admin, so the first sign-in sets up the second factor) triages it on a phone,
 * answers a Chinese visitor from a template, exports the bookings as CSV and as a workbook,
 * gives the Chinese visitor a readable copy of their data, and invites a colleague who signs in,
 * then later sends him a link to choose a new password.
 */
const manager = { email: "office@hermitage-lescours.example", password: "les vendanges commencent en septembre" };
const colleague = { email: "paul@hermitage-lescours.example", password: "un chai bien rangé sous la colline" };
const en = adminTranslator("en").t;

/** A preferred date a month ahead (the forms accept at most two years). */
const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const visitors = {
  oliver: {
    language: "en",
    page: "/wine-tours",
    name: "Oliver Bennett",
    email: "oliver.bennett@example.co.uk",
    phone: "+44 20 7946 0958",
    guests: 2,
    date: inAMonth,
    package: "hermitage",
  },
  elodie: {
    language: "fr",
    page: "/fr/wine-tours",
    name: "Élodie Lefèvre-Dupré",
    email: "elodie@example.fr",
    phone: "+33 6 12 34 56 78",
    guests: 4,
    package: "both",
    message: "Nous serons quatre, dont deux enfants.",
  },
  wang: {
    language: "zh",
    page: "/zh/wine-tours",
    name: "王小明",
    email: "wang.xiaoming@example.cn",
    guests: 3,
    date: inAMonth,
    package: "mongiron",
    message: "我们想参观酒窖，谢谢！",
  },
  lucia: { language: "es", page: "/es/contact", name: "Lucía Fernández", email: "lucia@example.es", subject: "Pedido", message: "¿Envían a Madrid?" },
  haruka: { language: "ja", page: "/ja/contact", name: "佐藤春香", email: "haruka@example.jp", subject: "見学", message: "週末の見学は可能ですか？" },
};
/** What the manager writes in place of the template's […]. */
const answer = "十二月每天上午十一点半都可以参观，我们为您保留三个名额。";
/** The visit template's Chinese subject, the estate named as Chinese writes it (【莱斯库尔隐庐酒庄】关于您的参观咨询). */
const visitSubjectZh = textIn(content.replyTemplates.find((template) => template.id === "visit")!.subject, "zh");

let smtp: TestSmtp;
let server: RunningServer;

// One story on the file's own server.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The manager's account, as `npm run staff -- add --role admin` makes it.
  const dataDir = await dataDirWithStaff("lescours-week-", { ...manager, role: "admin" });
  smtp = new TestSmtp();
  await smtp.start();
  server = await startServer({ dataDir, env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "200", MAIL_RETRY_MAX_MS: "400", RATE_LIMIT_MAX: "50" } });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** A submission sent as the site's forms send it. */
async function send(slug: string, payload: object): Promise<void> {
  const answer = await fetch(`${server.url}/api/${slug}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
  expect(answer.status, slug).toBe(201);
}

/** The e-mail to an address, once the SMTP server has it, parsed. */
/** The latest e-mail to an address, once it has `count` (a tour request's visitor was first sent its acknowledgement). */
async function mailTo(address: string, what: string, count = 1) {
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(address)).length, { message: what }).toBeGreaterThanOrEqual(count);
  return simpleParser(smtp.received.filter((mail) => mail.to.includes(address)).at(-1)!.raw);
}

const bytesOf = async (download: Download) => readFileSync(await download.path());

/** Clicks a button that downloads a file, and gives the file. */
async function downloadBy(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: download.suggestedFilename(), bytes: await bytesOf(download) };
}

test("the manager's first week: triage on a phone, a reply in Chinese, exports that open right, a person's data, a colleague invited", async ({ openPage }) => {
  // A long story on a busy machine: the limit is a last resort, every step waits for what it needs.
  test.setTimeout(360_000);
  for (const visitor of [visitors.oliver, visitors.elodie, visitors.wang]) await send("tour-bookings", visitor);
  for (const visitor of [visitors.lucia, visitors.haruka]) await send("contact-messages", visitor);
  await send("newsletter-signups", { language: "fr", page: "/fr/news", email: "abonne@example.fr" });

  // The manager signs in on a phone; an admin's first sign-in sets up the second factor.
  const { page } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-GB" });
  await page.goto(`${server.url}/admin`);
  await page.getByLabel(en("signIn.email")).fill(manager.email);
  await page.getByLabel(en("signIn.password")).fill(manager.password);
  await page.getByRole("button", { name: en("signIn.submit"), exact: true }).click();
  await expect(page.locator("h1")).toHaveText(en("enrol.title"));
  const secret = (await page.locator(".secret-key code").innerText()).replace(/\s/g, "");
  await page.getByLabel(en("secondFactor.code")).fill(await generate({ secret }));
  await page.getByRole("button", { name: en("enrol.submit") }).click();
  await expect(page.locator("h1")).toHaveText(en("recovery.title"));
  await page.getByRole("link", { name: en("recovery.continue") }).click();

  // The To-do view: the five requests that wait (not the newsletter sign-up), counted, as cards.
  await expect(page.locator("h1")).toHaveText(en("inbox.title"));
  await expect(page.locator(".count")).toHaveText(en("inbox.count", { count: 5 }));
  const forms = page.getByRole("navigation", { name: en("layout.nav.forms") });
  await expect(forms.getByLabel(en("layout.nav.todo", { count: 3 }))).toHaveText("3");
  await expect(forms.getByLabel(en("layout.nav.todo", { count: 2 }))).toHaveText("2");
  const cards = page.locator(".inbox-table tbody tr");
  await expect(cards.locator("a.open")).toHaveText([visitors.haruka.name, visitors.lucia.name, visitors.wang.name, visitors.elodie.name, visitors.oliver.name]);
  // Cards, not a table: each fits the screen, and the column headings are out of sight.
  for (const box of await cards.evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().right))) expect(box).toBeLessThanOrEqual(390);
  await expect(page.locator(".inbox-table thead")).toHaveCSS("position", "absolute");
  await expect(cards.filter({ hasText: visitors.oliver.name }).getByRole("link", { name: visitors.oliver.phone })).toHaveAttribute("href", "tel:+442079460958");

  // Opens the Spanish message and files it: one less to do.
  await cards.getByRole("link", { name: visitors.lucia.name }).click();
  const followUp = page.getByRole("region", { name: en("statusForm.title") });
  await followUp.getByLabel(en("inbox.column.status")).selectOption("archived");
  await followUp.getByRole("button", { name: en("statusForm.submit") }).click();
  await expect(page.getByRole("status")).toHaveText(en("done.status"));
  await page
    .getByRole("link", { name: en("layout.nav.inbox") })
    .first()
    .click();
  await expect(page.locator(".count")).toHaveText(en("inbox.count", { count: 4 }));
  await expect(forms.getByLabel(en("layout.nav.todo", { count: 1 }))).toHaveText("1");

  // Answers the Chinese visitor from the template, in Chinese.
  await cards.getByRole("link", { name: visitors.wang.name }).click();
  // The template menu (the template's French meaning beside the reply has "template" in its name too).
  await page.getByRole("combobox", { name: en("reply.template") }).selectOption("visit");
  await page.getByRole("button", { name: en("reply.useTemplate") }).click();
  const replyPanel = page.getByRole("region", { name: en("reply.title") });
  await expect(replyPanel.getByRole("textbox", { name: en("reply.subject") })).toHaveValue(visitSubjectZh);
  const body = replyPanel.locator('textarea[name="body"]');
  const template = await body.inputValue();
  expect(template).toContain("王小明，您好！");
  await body.fill(template.replace("[…]", answer));
  await replyPanel.getByRole("button", { name: en("reply.send") }).click();
  await expect(page.getByRole("status")).toHaveText(en("done.replied"));
  const reply = await mailTo(visitors.wang.email, "the reply to the Chinese visitor", 2);
  expect(reply.subject).toBe(visitSubjectZh);
  expect(reply.text).toContain("王小明，您好！");
  expect(reply.text).toContain(answer);

  // Exports the bookings for a spreadsheet: CSV (English: commas) and a workbook, both read back.
  await page
    .getByRole("link", { name: en("layout.nav.inbox") })
    .first()
    .click();
  const exportForm = page.locator(".export-form");
  await exportForm.locator('select[name="type"]').selectOption("tour-bookings");
  await exportForm.locator('select[name="format"]').selectOption("csv");
  const csv = await downloadBy(page, () => exportForm.getByRole("button", { name: en("inbox.export.submit") }).click());
  expect(csv.name).toMatch(/\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parse(csv.bytes.subarray(3).toString("utf8"), { columns: true }) as Record<string, string>[];
  expect(records.map((record) => record[en("field.name")]).sort()).toEqual([visitors.elodie.name, visitors.oliver.name, visitors.wang.name].sort());
  expect(records.find((record) => record[en("field.name")] === visitors.wang.name)![en("field.message")]).toBe(visitors.wang.message);
  // A phone number stays text in Excel, without an apostrophe showing.
  expect(records.find((record) => record[en("field.name")] === visitors.oliver.name)![en("field.phone")]).toBe(`="${visitors.oliver.phone}"`);

  await exportForm.locator('select[name="format"]').selectOption("xlsx");
  const xlsx = await downloadBy(page, () => exportForm.getByRole("button", { name: en("inbox.export.submit") }).click());
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(xlsx.bytes).buffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const nameColumn = header.indexOf(en("field.name")) + 1;
  const names = Array.from({ length: sheet.rowCount - 1 }, (_, index) => String(sheet.getRow(index + 2).getCell(nameColumn).value));
  expect(names.sort()).toEqual([visitors.elodie.name, visitors.oliver.name, visitors.wang.name].sort());

  // Gives the Chinese visitor a copy of their data they can read: in Chinese, with their booking and the reply.
  // On the phone the pages after the inbox and the calendar are in the menu.
  await page.getByText(en("layout.menu"), { exact: true }).click();
  await page.getByRole("link", { name: en("layout.nav.privacy") }).click();
  await page.getByLabel(en("privacy.email")).fill(visitors.wang.email);
  await page.getByRole("button", { name: en("privacy.find") }).click();
  const copy = await downloadBy(page, () => page.getByRole("button", { name: en("privacy.exportDocument") }).click());
  expect(copy.name).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.html$/);
  const document = copy.bytes.toString("utf8");
  expect(document).toContain('<html lang="zh-Hans">');
  expect(document).toContain("您在莱斯库尔隐庐酒庄的个人数据");
  expect(document).toContain("参观预约");
  expect(document).toContain(visitors.wang.message);
  expect(document).toContain(answer);
  expect(document).not.toContain("<script");
  // Opened as the person would open it, it shows its title.
  const reader = await openPage({ locale: "zh-CN" });
  await reader.page.setContent(document);
  await expect(reader.page.locator("h1")).toHaveText("您在莱斯库尔隐庐酒庄的个人数据");

  // Invites a colleague to the inbox; the one-time link lets them choose a password, then sign in,
  // setting up the second factor the inbox asks for (it opens visitors' personal data).
  // On the phone the pages after the inbox and the calendar are in the menu.
  await page.getByText(en("layout.menu"), { exact: true }).click();
  await page.getByRole("link", { name: en("layout.nav.staff") }).click();
  await page.getByLabel(en("staff.invite.email")).fill(colleague.email);
  await page.getByRole("button", { name: en("staff.invite.submit") }).click();
  const invitation = await mailTo(colleague.email, "the invitation");
  const link = /\/admin\/invite\/[A-Za-z0-9_-]+/.exec(invitation.text ?? "")![0];
  const paul = await openPage({ locale: "en-GB" });
  await paul.page.goto(`${server.url}${link}`);
  await expect(paul.page.getByText(en("invitation.secondFactor"))).toBeVisible();
  await paul.page.getByLabel(en("invitation.password")).fill(colleague.password);
  await paul.page.getByLabel(en("invitation.again")).fill(colleague.password);
  await paul.page.getByRole("button", { name: en("invitation.submit") }).click();
  await expect(paul.page.getByRole("status")).toHaveText(en("signIn.joined"));
  await paul.page.getByLabel(en("signIn.email")).fill(colleague.email);
  await paul.page.getByLabel(en("signIn.password")).fill(colleague.password);
  await paul.page.getByRole("button", { name: en("signIn.submit"), exact: true }).click();
  await expect(paul.page.locator("h1")).toHaveText(en("enrol.title"));
  await expect(paul.page.getByText(en("enrol.required"))).toBeVisible();
  const paulSecret = (await paul.page.locator(".secret-key code").innerText()).replace(/\s/g, "");
  await paul.page.getByLabel(en("secondFactor.code")).fill(await phoneCode(paulSecret));
  await paul.page.getByRole("button", { name: en("enrol.submit") }).click();
  await paul.page.getByRole("link", { name: en("recovery.continue") }).click();
  await expect(paul.page.locator("h1")).toHaveText(en("inbox.title"));
  await expect(paul.page.locator(".count")).toHaveText(en("inbox.count", { count: 4 }));
  // The same link does not open twice.
  await paul.page.goto(`${server.url}${link}`);
  await expect(paul.page.locator("h1")).toHaveText(en("invitation.goneTitle"));

  // Paul forgets his password: from the same page on her phone the manager sends him a link, with
  // which he chooses a new one (it signs him out), then signs in with it.
  await page.reload();
  await page
    .locator(".staff-card", { hasText: colleague.email })
    .getByRole("button", { name: en("staff.passwordLink.send") })
    .click();
  await expect(page.getByText(en("staff.done.passwordLink"))).toBeVisible();
  const resetMail = await mailTo(colleague.email, "the link to choose a new password", 2);
  const resetLink = /\/admin\/password\/[A-Za-z0-9_-]+/.exec(resetMail.text ?? "")![0];
  const newPassword = "une cuve neuve pour le merlot";
  await paul.page.goto(`${server.url}${resetLink}`);
  expect(await violations(paul.page)).toEqual([]);
  await paul.page.getByLabel(en("password.new")).fill(newPassword);
  await paul.page.getByLabel(en("password.again")).fill(newPassword);
  await paul.page.getByRole("button", { name: en("passwordLink.submit") }).click();
  await expect(paul.page.getByRole("status")).toHaveText(en("signIn.passwordSet"));
  await paul.page.getByLabel(en("signIn.email")).fill(colleague.email);
  await paul.page.getByLabel(en("signIn.password")).fill(newPassword);
  await paul.page.getByRole("button", { name: en("signIn.submit"), exact: true }).click();
  // The new password keeps his second factor: its code is asked for.
  await expect(paul.page.locator("h1")).toHaveText(en("secondFactor.title"));
  await paul.page.getByLabel(en("secondFactor.code")).fill(await phoneCode(paulSecret));
  await paul.page.getByRole("button", { name: en("secondFactor.submit") }).click();
  await expect(paul.page.locator("h1")).toHaveText(en("inbox.title"));
  // His own account page, where he can change it himself from now on.
  await paul.page.goto(`${server.url}/admin/account`);
  await expect(paul.page.getByLabel(en("password.current"))).toBeVisible();
  expect(await violations(paul.page)).toEqual([]);
});
