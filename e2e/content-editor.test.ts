import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FrameLocator, Locator, Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { adminTranslator } from "#locales/admin";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { expect, test } from "./support/fixtures";
import { everyInstanceServes, shiftClock, startServer, type RunningServer } from "./support/server";
import { addStaffAccount } from "./support/staff";
import { photograph } from "./support/photograph";
import { screenshot } from "./support/screenshots";

/**
 * The content editor and the newsletter as the estate's office manager uses them, on a phone (390 px) in French,
 * against the real server and real publishes (quick builds with the served build's kept bundle,
 * pipeline/quick-build.ts): a new news item with a photograph whose subject she picks on the
 * picture, its live preview beside the form with the picture and the site's fonts; a price change;
 * a preview that lists the changed pages by title and the changed fields before → after, and shows
 * the new photograph and the fonts; the item scheduled two minutes later (the server's clock moved
 * through `CLOCK_SHIFT_FILE`, e2e/support/shift-clock.ts, rather than waited for) and live after;
 * the older price restored as a change she reviews, saves and publishes.
 *
 * The server is this file's own, on copies of the content, the publish folder and the database.
 */
const fr = adminTranslator("fr").t;
const editor = { email: "redaction@hermitage-lescours.example", password: "les vendanges commencent demain" };
const builtSite = process.env.E2E_BUILD_DIR ?? "build";

const languages = ["en", "fr", "zh", "es", "ja"] as const;
const itemId = "cellar-door-2026";
const item = {
  title: {
    en: "The cellar door opens on Saturdays",
    fr: "Le chai ouvre ses portes le samedi",
    zh: "酒窖每逢周六对外开放",
    es: "La bodega abre sus puertas los sábados",
    ja: "毎週土曜日にセラーを公開します",
  },
  description: {
    en: "From next week, visitors may taste the current vintages without booking.",
    fr: "Dès la semaine prochaine, les visiteurs pourront déguster les millésimes du moment sans réserver.",
    zh: "自下周起，访客无需预约即可品尝当季年份酒。",
    es: "A partir de la semana que viene, se podrán catar las añadas actuales sin reserva.",
    ja: "来週から、予約なしで現行ヴィンテージをご試飲いただけます。",
  },
  content: {
    en: "Every Saturday from ten to five, the cellar door is open to all.",
    fr: "Chaque samedi de dix heures à dix-sept heures, le chai est ouvert à tous.",
    zh: "每周六上午十点至下午五点，酒窖向所有人开放。",
    es: "Todos los sábados, de diez a cinco, la bodega está abierta a todo el mundo.",
    ja: "毎週土曜日の10時から17時まで、どなたでもセラーにお越しいただけます。",
  },
  alt: {
    en: "The open doors of the barrel cellar",
    fr: "Les portes ouvertes du chai à barriques",
    zh: "橡木桶酒窖敞开的大门",
    es: "Las puertas abiertas de la sala de barricas",
    ja: "扉を開けた樽熟成庫",
  },
} as const;

let server: RunningServer;
let smtp: TestSmtp;
let contentDir: string;
let publishDir: string;
let clockFile: string;

/** The newest publish or preview on the publish page (it reloads itself while one runs). */
const newestJob = (page: Page) => page.locator(".publish-job").first();

/** Waits for the newest job to be finished (a quick build takes seconds; several on two busy cores). */
async function finished(page: Page, words: string): Promise<void> {
  await expect(newestJob(page)).toContainText(words);
}

/** Whether an image has loaded (its bytes arrived and decoded), in a page or a frame. */
const loaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

/** The site's own faces that have loaded in a document (the preview shows the page with them). */
const loadedFaces = (root: Locator) =>
  root.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replace(/"/g, ""));
  });

/** The page of the live site, as a visitor gets it. */
const live = async (path: string) => (await fetch(`${server.url}${path}`)).text();

/** A moment in Paris time as a `datetime-local` input takes it. */
function parisLocal(at: Date): string {
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
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The text of a built page's `<title>`. */
const builtTitle = (path: string) =>
  /<title>([^<]*)<\/title>/.exec(readFileSync(join(builtSite, "client", path, "index.html"), "utf8"))![1]!.replace(/&#x27;/g, "'");

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel(fr("signIn.email")).fill(editor.email);
  await page.getByLabel(fr("signIn.password")).fill(editor.password);
  await page.getByRole("button", { name: fr("signIn.submit"), exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/admin/login");
}

async function save(page: Page, words = fr("content.save")) {
  await page.getByRole("button", { name: words }).first().click();
}

/** Publishes these items (`news/<id>`), ticked on the publish page, and waits for the publish to be done. */
async function publishAndWait(page: Page, ...items: string[]) {
  await page.goto(`${server.url}/admin/content/publish`);
  for (const item of items) await page.locator(`[name="item.${item}"]`).check();
  await page.getByRole("button", { name: fr("content.publish.button") }).click();
  await finished(page, fr("content.publish.status.done"));
}

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-editor-e2e-data-"));
  const added = await addStaffAccount(dataDir, { ...editor, role: "editor" });
  expect(added.status, added.output).toBe(0);
  contentDir = join(mkdtempSync(join(tmpdir(), "lescours-editor-e2e-")), "content");
  cpSync("content", contentDir, { recursive: true, filter: (source) => !source.includes("__tests__") });
  publishDir = mkdtempSync(join(process.cwd(), "build-e2e-editor-"));
  clockFile = join(dataDir, "clock-shift");
  writeFileSync(clockFile, "0");
  smtp = new TestSmtp();
  await smtp.start();
  server = await startServer({
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
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  if (publishDir) rmSync(publishDir, { recursive: true, force: true });
  if (contentDir) rmSync(join(contentDir, ".."), { recursive: true, force: true });
});

test("an editor on a phone in French: a photograph framed on its subject, a live preview, a preview with the changes in words, a scheduled item, a price restored as a reviewed change", async ({
  openPage,
}) => {
  test.setTimeout(15 * 60_000);
  const { page } = await openPage({ locale: "fr-FR", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signIn(page);

  // A news item in five languages with a photograph.
  await page.goto(`${server.url}/admin/content/news/new`);
  await page.locator('[name="_id"]').fill(itemId);
  await page.locator('[name="date"]').fill("2026-11-26");
  // The choices are in French: no raw value shows.
  await expect(page.locator('[name="icon"] option[value="leaf"]')).toHaveText(fr("content.choice.leaf"));
  await page.locator('[name="category"]').selectOption("general");
  await page.locator('[name="icon"]').selectOption("estate");
  for (const lang of languages) {
    await page.locator(`[name="title.${lang}"]`).fill(item.title[lang]);
    await page.locator(`[name="description.${lang}"]`).fill(item.description[lang]);
    await page.locator(`[name="content.${lang}"]`).fill(item.content[lang]);
    await page.locator(`[name="photo.alt.${lang}"]`).fill(item.alt[lang]);
  }
  // The translation state says it in words, and follows the typing.
  await expect(page.locator(".translation-state")).toContainText(fr("content.state.complete"));
  await page.locator('[name="title.ja"]').fill("");
  await expect(page.locator(".translation-state")).toContainText(fr("content.state.written.other", { language: "Japonais", filled: 3, total: 4 }));
  await expect(page.locator('details[data-language="ja"] .language-status').first()).toHaveText(fr("content.language.missing"));
  await page.locator('[name="title.ja"]').fill(item.title.ja);
  // 3:2, so the 16:9 frame has room to move.
  await page.locator('[name="photo.scene.upload"]').setInputFiles({ name: "IMG_5120.JPG", mimeType: "image/jpeg", buffer: await photograph(2400, 1600) });
  await save(page);
  await expect(page.getByText(fr("content.done.created"))).toBeVisible();

  // Its subject, chosen on the picture (a quarter across, two fifths down), and a tighter frame.
  const picker = page.locator('input[type="image"][name="_focus:photo"]');
  await picker.scrollIntoViewIfNeeded();
  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.4 } });
  await expect(page.locator('[name="photo.focus.x"]')).toHaveValue(/^0\.2[4-6]/);
  await expect(page.locator('[name="photo.focus.y"]')).toHaveValue(/^0\.(39|4|40|41)/);
  await page.locator('[name="photo.zoom"]').selectOption("1.5");
  // The live preview: the site's own news page in French, with the photograph and the site's faces.
  const frame: FrameLocator = page.frameLocator('iframe[name="live-preview"]');
  const card = frame.locator(`article#${itemId}`);
  await expect(card).toContainText(item.title.fr);
  // Drawn again a moment after the zoom changed (the frame is replaced): read once it shows that framing.
  await expect(card.locator("img")).toHaveAttribute("src", /zoom=1\.5/);
  await card.locator("img").scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(card.locator("img"))).toBe(true);
  expect(await loadedFaces(card)).toEqual(expect.arrayContaining(["Cormorant Garamond", "Source Sans 3"]));
  // It follows the typing.
  await page.locator('[name="title.fr"]').fill("Le chai ouvre le samedi");
  await expect(card).toContainText("Le chai ouvre le samedi");
  await page.locator('[name="title.fr"]').fill(item.title.fr);
  // Search-engine fields, with their length counted as Google does (a Japanese character counts two).
  await page.getByText(fr("content.field.seo")).first().click();
  await page.locator('[name="seo.title.ja"]').fill("土曜日はセラーへ");
  await expect(page.locator('details[data-language="ja"] .search-count').first()).toHaveText(fr("content.search.length", { length: 16, limit: 60 }));
  await save(page);
  await expect(page.getByText(fr("content.done.saved"))).toBeVisible();
  const stored = JSON.parse(readFileSync(join(contentDir, "news", `${itemId}.json`), "utf8")) as {
    photo: { scene: string; focus: { x: number; y: number }; zoom: number };
    seo: { title: Record<string, string> };
  };
  expect(stored.photo.focus.x).toBeCloseTo(0.25, 1);
  expect(stored.photo.focus.y).toBeCloseTo(0.4, 1);
  expect(stored.photo.zoom).toBe(1.5);
  expect(stored.seo.title).toEqual({ ja: "土曜日はセラーへ" });
  await screenshot(page, `content-editor-fr-390.png`);

  // A price: 175 € becomes 185 €.
  await page.goto(`${server.url}/admin/content/wines/chateau-2020`);
  await page.locator('[name="price"]').fill("185");
  await save(page);
  await expect(page.getByText(fr("content.done.saved"))).toBeVisible();

  // The preview: ready in seconds, not online; the changed pages by their titles, the changes in words.
  await page.goto(`${server.url}/admin/content/publish`);
  for (const item of [`news/${itemId}`, "wines/chateau-2020"]) await page.locator(`[name="item.${item}"]`).check();
  await page.getByRole("button", { name: fr("content.preview.button") }).click();
  await finished(page, fr("content.preview.status.done"));
  const preview = newestJob(page);
  await expect(preview).toContainText(fr("content.preview.notLive"));
  // Exactly the pages the change touches (home, news, shop and the wine, in five languages): the others came out byte for byte as the live ones.
  await expect(preview.locator(".preview-pages li")).toHaveCount(20);
  await expect(preview.getByRole("link", { name: builtTitle("fr/news"), exact: true })).toBeVisible();
  await expect(preview).toContainText(/Prix\s:\s175\s€\s→\s185\s€/);
  await expect(preview.locator(".preview-item").filter({ hasText: item.title.fr })).toContainText(fr("content.preview.itemAdded"));
  await screenshot(page, `content-preview-fr-390.png`);
  expect(await live("/fr/shop/chateau-2020")).toContain('data-item-price="175.00"');
  // The preview of the French news page: the new photograph (served with the preview) and the site's fonts.
  await preview.getByRole("link", { name: builtTitle("fr/news"), exact: true }).click();
  const shown = page.locator(`article#${itemId}`);
  await expect(shown).toContainText(item.title.fr);
  await shown.locator("img").scrollIntoViewIfNeeded();
  await expect(shown.locator("img")).toHaveAttribute("src", /^\/admin\/content\/preview\/\d+\/assets\//);
  await expect.poll(() => loaded(shown.locator("img"))).toBe(true);
  expect(await loadedFaces(shown)).toEqual(expect.arrayContaining(["Cormorant Garamond", "Source Sans 3"]));

  // Scheduled an hour from now (Paris time), far more than a publish takes on the busiest machine:
  // the list says so, and a publish leaves it off the site.
  const now = Date.now();
  await page.goto(`${server.url}/admin/content/news/${itemId}`);
  await page.locator('[name="publishAt"]').fill(parisLocal(new Date(now + 60 * 60_000)));
  await save(page);
  await expect(page.getByText(fr("content.done.saved"))).toBeVisible();
  await page.goto(`${server.url}/admin/content`);
  await expect(page.locator(".content-item").filter({ hasText: item.title.fr })).toContainText(/Mise en ligne prévue le/);
  await publishAndWait(page, `news/${itemId}`, "wines/chateau-2020");
  await expect.poll(() => everyInstanceServes(server, "/fr/shop/chateau-2020", 'data-item-price="185.00"'), { intervals: [500] }).toBe(true);
  expect(await live("/fr/news")).not.toContain(item.title.fr);
  // An hour and a minute later on the server's clock: the schedule publishes by itself, and the item is live.
  writeFileSync(clockFile, String(61 * 60_000));
  await expect.poll(() => live("/fr/news"), { intervals: [1000] }).toContain(item.title.fr);
  await page.goto(`${server.url}/admin/content/publish`);
  await expect(newestJob(page)).toContainText(fr("content.publish.bySchedule"));

  // The history says what changed, in words; the older price comes back as a change to review.
  await page.goto(`${server.url}/admin/content/wines/chateau-2020/history`);
  const versions = page.locator(".revision");
  await expect(versions.first()).toContainText(/Prix\s:\s175\s€\s→\s185\s€/);
  await versions
    .nth(1)
    .getByRole("button", { name: fr("content.history.restore") })
    .click();
  await expect(page.locator(".notice-restored")).toContainText(/Prix\s:\s185\s€\s→\s175\s€/);
  await expect(page.locator('[name="price"]')).toHaveValue("175");
  // Nothing changed yet: not saved, not published.
  expect(JSON.parse(readFileSync(join(contentDir, "wines", "chateau-2020.json"), "utf8"))).toMatchObject({ price: 185 });
  await screenshot(page, `content-restore-fr-390.png`);
  await save(page, fr("content.restore.save"));
  await expect(page.getByText(fr("content.done.saved"))).toBeVisible();
  // Saved, not published: the live site keeps the published price.
  expect(await live("/fr/shop/chateau-2020")).toContain('data-item-price="185.00"');
  await publishAndWait(page, "wines/chateau-2020");
  await expect.poll(() => everyInstanceServes(server, "/fr/shop/chateau-2020", 'data-item-price="175.00"'), { intervals: [500] }).toBe(true);
  await page.goto(`${server.url}/admin/content/wines/chateau-2020/history`);
  await expect(versions.first()).toContainText(/Prix\s:\s185\s€\s→\s175\s€/);
});

/** The newsletter e-mails the local SMTP server received for an address (those of the list: its List-Id), parsed. */
const newslettersTo = (address: string) =>
  Promise.all(smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw))).then((mails) =>
    mails.filter((mail) => mail.headerLines.some((line) => line.key === "list-id")),
  );

test("the newsletter on a phone in French: composed in two languages, sent once to each confirmed subscriber in their language, with a one-click unsubscribe that works", async ({
  openPage,
}) => {
  test.setTimeout(6 * 60_000);
  // Three visitors sign up on the site and confirm through the link of their e-mail (double opt-in).
  const readers = { fr: "camille@example.fr", en: "oliver@example.com", ja: "hanako@example.jp" } as const;
  for (const [language, email] of Object.entries(readers)) {
    const answer = await fetch(`${server.url}/api/newsletter-signups`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ language, page: language === "en" ? "/news" : `/${language}/news`, email }),
    });
    expect(answer.status).toBe(201);
  }
  for (const email of Object.values(readers)) {
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

  const { page } = await openPage({ locale: "fr-FR", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signIn(page);
  await page.goto(`${server.url}/admin/newsletter`);
  await expect(page.locator("main")).toContainText(fr("newsletter.subscribers.some", { count: 3, languages: "anglais 1, français 1, japonais 1" }));
  await page.getByRole("button", { name: fr("newsletter.create") }).click();
  await page.locator('[name="subject.en"]').fill("News from the cellar");
  await page.locator('[name="body.en"]').fill("The 2026 harvest is in the cellar.\n\nCome and taste it this winter.");
  await page.locator('[name="subject.fr"]').fill("Des nouvelles du chai");
  await page.locator('[name="body.fr"]').fill("Les vendanges 2026 sont au chai.\n\nVenez les déguster cet hiver.");
  await page.locator('[name="picture"][value="cellar"]').check();
  await page.locator('[name="alt.en"]').fill("The barrel cellar");
  await page.locator('[name="alt.fr"]').fill("Le chai à barriques");
  await page.locator('[name="wine.chateau-2020"]').check();
  // The e-mail as the Japanese reader gets it: the English version, which the page says.
  await page.locator('[name="_previewLang"]').selectOption("ja");
  await page.getByRole("button", { name: fr("newsletter.preview.button") }).click();
  await expect(page.locator("#preview")).toContainText("News from the cellar");
  await expect(page.locator("#preview")).toContainText(fr("newsletter.preview.fallback", { language: "japonais" }));
  // The e-mail itself in the frame, as its HTML part lays it out: the picture loaded, nothing wider than the phone.
  const mailFrame = page.frameLocator(".mail-frame");
  await expect(mailFrame.locator("body")).toContainText("Come and taste it this winter.");
  await expect.poll(() => mailFrame.locator('img[alt="The barrel cellar"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  expect(await mailFrame.locator("html").evaluate((html) => html.scrollWidth <= html.clientWidth)).toBe(true);
  await page.locator(".mail-frame").scrollIntoViewIfNeeded();
  await screenshot(page, `newsletter-fr-390.png`, { fullPage: false });
  await page.getByRole("button", { name: fr("newsletter.send") }).click();
  await expect(page.locator("main")).toContainText(fr("newsletter.sendEnglish", { language: "Japonais", count: 1 }));
  await page.getByLabel(fr("newsletter.sendConfirm", { count: 3 })).check();
  await page.getByRole("button", { name: fr("newsletter.sendNow"), exact: true }).click();
  await expect(page.getByText(fr("newsletter.done.sending"))).toBeVisible();

  // The local SMTP server: one e-mail each, in their language, with the one-click headers.
  for (const email of Object.values(readers)) await expect.poll(async () => (await newslettersTo(email)).length).toBe(1);
  const mails = Object.fromEntries(
    await Promise.all(Object.entries(readers).map(async ([language, email]) => [language, (await newslettersTo(email))[0]!] as const)),
  );
  expect(mails.fr!.subject).toBe("Des nouvelles du chai");
  expect(mails.en!.subject).toBe("News from the cellar");
  expect(mails.ja!.subject).toBe("News from the cellar");
  expect(mails.fr!.text).toContain("/fr/shop/chateau-2020");
  expect(mails.fr!.html).toContain('/fr/shop/chateau-2020"');
  expect(mails.fr!.html).toContain('alt="Le chai à barriques"');
  /** The address of a mail's List-Unsubscribe header, as written. */
  const unsubscribeLink = (mail: (typeof mails)[string] | undefined) =>
    /^List-Unsubscribe: <(https?:\/\/[^>]+)>$/i.exec(mail!.headerLines.find((line) => line.key === "list-unsubscribe")!.line.replace(/\r?\n\s+/g, " "))?.[1];
  for (const mail of Object.values(mails)) {
    expect(mail.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(unsubscribeLink(mail)).toMatch(/\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+$/);
  }
  // Oliver's mail program unsubscribes him in one click: a POST from its own servers to the link of the header.
  const oneClick = new URL(unsubscribeLink(mails.en)!);
  const unsubscribed = await fetch(`${server.url}${oneClick.pathname}${oneClick.search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(unsubscribed.status).toBe(200);
  // The history: three sent, none failed, one unsubscribed since; still one e-mail each.
  await page.goto(`${server.url}/admin/newsletter`);
  const sent = page.locator(".newsletter-issues li").first();
  await expect(sent).toContainText(fr("newsletter.counts.sent", { count: 3 }));
  await expect(sent).toContainText(fr("newsletter.counts.failed", { count: 0 }));
  await expect(sent).toContainText(fr("newsletter.counts.unsubscribed", { count: 1 }));
  await screenshot(page, `newsletter-sent-fr-390.png`);
  for (const email of Object.values(readers)) expect(await newslettersTo(email)).toHaveLength(1);
});
