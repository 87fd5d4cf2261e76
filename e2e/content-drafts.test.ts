import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { adminTranslator } from "#locales/admin";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { expect, test } from "./support/fixtures";
import { photograph } from "./support/photograph";
import { shiftClock, startServer, type RunningServer } from "./support/server";
import { addStaffAccount } from "./support/staff";
import { openServerDatabase } from "./support/databases";
import { screenshot } from "./support/screenshots";

/**
 * The office manager's week with the editor, on a phone (390 px) in French, against the real server
 * and real publishes (quick builds with the served build's kept bundle): two news items saved, one
 * of them scheduled; at its moment (the server's clock moved through `CLOCK_SHIFT_FILE`) only that
 * item goes live, the other stays a draft; a title edit's history shows that one change; a server
 * killed (`kill -9`) during a scheduled publish publishes it after its restart, and the staff pages
 * say so; a newsletter written in French only, with a photograph of her own framed on its subject
 * and a button of her own, is saved, tested and sent to the French subscribers only. With
 * E2E_SCREENSHOTS set, screenshots of the screens this changed, at 390 and 1280 px.
 *
 * The server is this file's own, on copies of the content, the publish folder and the database.
 */
const fr = adminTranslator("fr").t;
const editor = { email: "redaction@hermitage-lescours.example", password: "les vendanges commencent demain" };
const builtSite = process.env.E2E_BUILD_DIR ?? "build";
const phone = { locale: "fr-FR", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const desk = { locale: "fr-FR", viewport: { width: 1280, height: 900 } } as const;

let server: RunningServer;
let smtp: TestSmtp;
let contentDir: string;
let publishDir: string;
let dataDir: string;
let clockFile: string;
/** The milliseconds the server's clock is ahead of the real one. */
let shift = 0;

const options = () => ({
  buildDir: builtSite,
  dataDir,
  preload: [shiftClock],
  env: {
    CONTENT_DIR: contentDir,
    PUBLISH_DIR: publishDir,
    CLOCK_SHIFT_FILE: clockFile,
    CONTENT_SCHEDULE_CHECK_SECONDS: "1",
    SMTP_URL: smtp.url,
    MAIL_RETRY_BASE_MS: "200",
    MAIL_RETRY_MAX_MS: "400",
    NEWSLETTER_RATE_PER_MINUTE: "600",
  },
});

/** Moves the server's clock `ms` further ahead. */
function moveClock(ms: number) {
  shift += ms;
  writeFileSync(clockFile, String(shift));
}

/** A moment of the server's clock in Paris time, as a `datetime-local` input takes it. */
function parisLocal(msFromServerNow: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(Date.now() + shift + msFromServerNow))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const live = async (path: string) => (await fetch(`${server.url}${path}`)).text();
const newestJob = (page: Page) => page.locator(".publish-job").first();

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel(fr("signIn.email")).fill(editor.email);
  await page.getByLabel(fr("signIn.password")).fill(editor.password);
  await page.getByRole("button", { name: fr("signIn.submit"), exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/admin/login");
}

async function saveTitle(page: Page, item: string, title: string, publishAt?: string) {
  await page.goto(`${server.url}/admin/content/news/${item}`);
  await page.locator('[name="title.fr"]').fill(title);
  if (publishAt) await page.locator('[name="publishAt"]').fill(publishAt);
  await page
    .getByRole("button", { name: fr("content.save") })
    .first()
    .click();
  await expect(page.getByText(fr("content.done.saved"))).toBeVisible();
}

/** The publish jobs the database holds (the server's own record, read-only). */
function jobs(): { requested_by: string; status: string; items: string }[] {
  const db = openServerDatabase(dataDir, { readonly: true });
  try {
    return db.prepare("SELECT requested_by, status, items FROM publish_jobs ORDER BY id").all() as { requested_by: string; status: string; items: string }[];
  } finally {
    db.close();
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), "lescours-drafts-e2e-data-"));
  const added = await addStaffAccount(dataDir, { ...editor, role: "editor" });
  expect(added.status, added.output).toBe(0);
  contentDir = join(mkdtempSync(join(tmpdir(), "lescours-drafts-e2e-")), "content");
  cpSync("content", contentDir, { recursive: true, filter: (source) => !source.includes("__tests__") });
  publishDir = mkdtempSync(join(process.cwd(), "build-e2e-drafts-"));
  clockFile = join(dataDir, "clock-shift");
  writeFileSync(clockFile, "0");
  smtp = new TestSmtp();
  await smtp.start();
  server = await startServer(options());
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  if (publishDir) rmSync(publishDir, { recursive: true, force: true });
  if (contentDir) rmSync(join(contentDir, ".."), { recursive: true, force: true });
});

const cellarMaster = "Une nouvelle maîtresse de chai au domaine";
const harvest = "Les vendanges 2026 sont au chai";
const lumiere = "Le Château 2018 couronné d’or";

test("two drafts, one scheduled: at its moment only that one goes live; a title edit's history says that one change", async ({ openPage }) => {
  test.setTimeout(15 * 60_000);
  const { page } = await openPage(phone);
  await signIn(page);

  // A title edit alone, as the browser posts the whole form (its text areas' line ends as CR LF).
  await saveTitle(page, "new-cellar-master", cellarMaster);
  await expect(page.locator(".publication-state")).toContainText(fr("content.publication.draftExplain"));
  await screenshot(page, `content-draft-item-fr-390.png`);
  await page.goto(`${server.url}/admin/content/news/new-cellar-master/history`);
  const newest = page.locator(".revision").first();
  await expect(newest.locator(".changes li")).toHaveCount(1);
  await expect(newest.locator(".changes li")).toContainText(/Titre \(français\)/);
  await expect(newest).toContainText(fr("content.history.current"));
  await expect(page.locator(".revision").nth(1)).toContainText(fr("content.history.live"));
  await screenshot(page, `content-history-fr-390.png`);
  // The file changed by that one line.
  expect(readFileSync(join(contentDir, "news/new-cellar-master.json"), "utf8")).not.toContain("\\r");

  // The second, scheduled two minutes from now.
  await saveTitle(page, "harvest-2026", harvest, parisLocal(2 * 60_000));

  // The publish page lists exactly these two drafts, each with what it changes, none ticked.
  await page.goto(`${server.url}/admin/content/publish`);
  const pending = page.locator(".pending-item");
  await expect(pending).toHaveCount(2);
  await expect(pending.filter({ hasText: cellarMaster })).toContainText(/Titre \(français\)/);
  await expect(pending.filter({ hasText: harvest })).toContainText(/Mise en ligne prévue le/);
  await expect(page.locator('.pending-item input[type="checkbox"]:checked')).toHaveCount(0);
  await screenshot(page, `content-publish-choose-fr-390.png`);
  const wide = (await openPage(desk)).page;
  await signIn(wide);
  await wide.goto(`${server.url}/admin/content/publish`);
  await screenshot(wide, `content-publish-choose-fr-1280.png`);
  await wide.goto(`${server.url}/admin/content`);
  await expect(wide.locator(".content-item").filter({ hasText: cellarMaster }).locator(".publication-tag")).toHaveText(fr("content.publication.draft"));
  await screenshot(wide, `content-list-drafts-fr-1280.png`);
  await wide.goto(`${server.url}/admin/content/news/new-cellar-master`);
  await screenshot(wide, `content-draft-item-fr-1280.png`);
  await wide.goto(`${server.url}/admin/content/news/new-cellar-master/history`);
  await screenshot(wide, `content-history-fr-1280.png`);
  await page.goto(`${server.url}/admin/content`);
  await screenshot(page, `content-list-drafts-fr-390.png`);

  // Three minutes later on the server's clock: the schedule publishes its item, and only it.
  moveClock(3 * 60_000);
  await expect.poll(() => live("/fr/news"), { intervals: [1000] }).toContain(harvest);
  expect(await live("/fr/news")).not.toContain(cellarMaster);
  await page.goto(`${server.url}/admin/content/publish`);
  await expect(newestJob(page)).toContainText(fr("content.publish.bySchedule"));
  await expect(newestJob(page)).toContainText(harvest);
  await expect(page.locator(".pending-item")).toHaveCount(1);
  await expect(page.locator(".pending-item")).toContainText(cellarMaster);
});

test("a server killed during a scheduled publish publishes it after its restart, and the staff pages say so", async ({ openPage }) => {
  test.setTimeout(15 * 60_000);
  const { page } = await openPage(phone);
  await signIn(page);
  await saveTitle(page, "lumiere-gold-2018", lumiere, parisLocal(2 * 60_000));
  const before = jobs().length;
  moveClock(3 * 60_000);
  // The moment's publish has begun (the server's own record): the server is killed at once.
  await expect
    .poll(
      () =>
        jobs()
          .slice(before)
          .some((job) => job.requested_by === '["@schedule"]'),
      { intervals: [25] },
    )
    .toBe(true);
  // Every process of it (both instances, behind nginx on PostgreSQL), then what is left (nginx).
  await Promise.all(
    server.processes.map((child) => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      return exited;
    }),
  );
  await server.stop();
  expect(
    jobs()
      .slice(before)
      .map((job) => job.status),
  ).not.toContain("done");
  server = await startServer(options());
  await expect.poll(() => live("/fr/news"), { intervals: [1000] }).toContain(lumiere);
  expect(jobs().slice(before)).toEqual([
    { requested_by: '["@schedule"]', status: "interrupted", items: '["news/lumiere-gold-2018"]' },
    { requested_by: '["@schedule"]', status: "done", items: '["news/lumiere-gold-2018"]' },
  ]);
  // Every page of the editors says so, until one of them has seen it (her session outlived the server).
  await page.goto(`${server.url}/admin/newsletter`);
  const alert = page.locator(".schedule-alert");
  await expect(alert).toContainText(lumiere);
  await expect(alert).toContainText(/C’est fait/);
  await screenshot(page, `content-schedule-alert-fr-390.png`);
  const wide = (await openPage(desk)).page;
  await signIn(wide);
  await wide.goto(`${server.url}/admin/content/publish`);
  await expect(wide.locator(".schedule-alert")).toBeVisible();
  await screenshot(wide, `content-schedule-alert-fr-1280.png`);
  await alert.getByRole("button", { name: fr("scheduleAlert.seen") }).click();
  await expect(page.locator(".schedule-alert")).toHaveCount(0);
  await page.goto(`${server.url}/admin/content`);
  await expect(page.locator(".schedule-alert")).toHaveCount(0);
});

/** The newsletter e-mails the local SMTP server received for an address (those of the list: its List-Id), parsed. */
const newslettersTo = (address: string) =>
  Promise.all(smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw))).then((mails) =>
    mails.filter((mail) => mail.headerLines.some((line) => line.key === "list-id")),
  );

test("a newsletter in French only, with her own photograph and button: saved, tested, sent to the French subscribers", async ({ openPage }) => {
  test.setTimeout(8 * 60_000);
  // Two visitors sign up in the footer of a page, in French and in English, and confirm.
  const readers = { fr: "camille@example.fr", en: "oliver@example.com" } as const;
  for (const [language, email] of Object.entries(readers)) {
    const visitor = (await openPage({ locale: language === "fr" ? "fr-FR" : "en-GB" })).page;
    await visitor.goto(`${server.url}${language === "fr" ? "/fr/villa" : "/villa"}`);
    const form = visitor.locator('form[aria-labelledby="footer-newsletter-title"]');
    await form.locator('[name="email"]').fill(email);
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => smtp.received.some((mail) => mail.to.includes(email))).toBe(true);
    const confirmation = await simpleParser(smtp.received.find((mail) => mail.to.includes(email))!.raw);
    const link = new URL(/https?:\/\/\S+\/api\/newsletter\/confirm\?token=\S+/.exec(confirmation.text ?? "")![0]);
    const confirmed = await fetch(`${server.url}${link.pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: link.searchParams.get("token")! }),
    });
    expect(confirmed.status).toBe(200);
  }

  const { page } = await openPage(phone);
  await signIn(page);
  await page.goto(`${server.url}/admin/newsletter`);
  await expect(page.locator("main")).toContainText(fr("newsletter.subscribers.some", { count: 2, languages: "anglais 1, français 1" }));
  await page.getByRole("button", { name: fr("newsletter.create") }).click();
  await page.locator('[name="subject.fr"]').fill("Le marché de Noël au domaine");
  await page.locator('[name="body.fr"]').fill("Le marché de Noël ouvre samedi dans la cour du chai.\n\nVenez goûter le millésime 2020.");
  await page.locator('[name="picture.upload"]').setInputFiles({ name: "IMG_7781.JPG", mimeType: "image/jpeg", buffer: await photograph(2400, 1600) });
  await page.locator('[name="alt.fr"]').fill("La cour du chai décorée pour Noël");
  await page.locator('[name="link.0.url"]').fill("https://www.example.com/marche-de-noel");
  await page.locator('[name="link.0.label.fr"]').fill("Voir le programme");
  await page
    .getByRole("button", { name: fr("newsletter.save") })
    .first()
    .click();
  await expect(page.getByText(fr("newsletter.done.saved"))).toBeVisible();
  // Its subject: a click on the photograph moves the focus at once, and says it is not saved yet.
  const picker = page.locator('input[type="image"][name="_focus:picture"]');
  await picker.scrollIntoViewIfNeeded();
  const box = (await picker.boundingBox())!;
  await expect(page.locator("[data-focus-unsaved]")).toBeHidden();
  await picker.click({ position: { x: box.width * 0.3, y: box.height * 0.6 } });
  await expect(page.locator("[data-focus-unsaved]")).toBeVisible();
  await expect(page.locator('[name="picture.focus.x"]')).toHaveValue(/^0\.(29|3|30|31)/);
  await screenshot(page, `newsletter-photo-fr-390.png`);
  // A test to herself in French, with no English version.
  await page.locator('[name="_previewLang"]').selectOption("fr");
  await page.getByRole("button", { name: fr("newsletter.test", { email: editor.email }) }).click();
  await expect(page.getByText(fr("newsletter.done.tested"))).toBeVisible();
  await expect.poll(() => smtp.received.some((mail) => mail.to.includes(editor.email))).toBe(true);
  const trial = await simpleParser(smtp.received.find((mail) => mail.to.includes(editor.email))!.raw);
  expect(trial.subject).toContain("Le marché de Noël au domaine");
  expect(trial.html).toContain('href="https://www.example.com/marche-de-noel"');
  // The picture as it was framed: a name that carries the framing, served to mail programs.
  const picture = /\/api\/newsletter\/pictures\/(upload-[0-9a-f]{16}-(\d+)-(\d+)-100)\.jpg/.exec(String(trial.html))!;
  expect(Number(picture[2])).toBeGreaterThan(250);
  expect((await fetch(`${server.url}/api/newsletter/pictures/${picture[1]}.jpg`)).status).toBe(200);
  const wide = (await openPage(desk)).page;
  await signIn(wide);
  await wide.goto(page.url().split("?")[0]!);
  await screenshot(wide, `newsletter-photo-fr-1280.png`);

  // Sending: the French subscriber gets it, the English one does not, and the page says so.
  await page.getByRole("button", { name: fr("newsletter.send") }).click();
  await expect(page.locator("main")).toContainText(fr("newsletter.sendNone", { language: "Anglais", count: 1 }));
  await screenshot(page, `newsletter-send-fr-390.png`);
  await wide.goto(page.url());
  await screenshot(wide, `newsletter-send-fr-1280.png`);
  await page.getByLabel(fr("newsletter.sendConfirm", { count: 1 })).check();
  await page.getByRole("button", { name: fr("newsletter.sendNow"), exact: true }).click();
  await expect(page.getByText(fr("newsletter.done.sending"))).toBeVisible();
  await expect.poll(async () => (await newslettersTo(readers.fr)).length).toBe(1);
  const [mail] = await newslettersTo(readers.fr);
  expect(mail!.subject).toBe("Le marché de Noël au domaine");
  expect(mail!.text).toContain("Voir le programme\nhttps://www.example.com/marche-de-noel");
  await page.goto(`${server.url}/admin/newsletter`);
  await expect(page.locator(".newsletter-issues li").first()).toContainText(fr("newsletter.counts.sent", { count: 1 }));
  expect(await newslettersTo(readers.en)).toEqual([]);
});
