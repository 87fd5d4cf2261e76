import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { adminTranslator } from "#locales/admin";
import { expect, test } from "./support/fixtures";
import { everyInstanceServes, startServer, type RunningServer } from "./support/server";
import { addStaffAccount } from "./support/staff";
import { photograph } from "./support/photograph";
import { pace } from "../tests/support/pacing";

/**
 * A publish from the editor, end to end, on the real server and the real publish (pipeline/publish-build.ts):
 * an editor adds a news item in five languages with a photograph and changes a wine's price,
 * previews, publishes (while another client reads the home page every 200 ms and only ever gets
 * the old build's page or the new one's), finds both on the live site, restores the old price
 * from the history, and a build that the content breaks changes nothing live and shows its error.
 *
 * The server is this file's own, on copies: its content folder (a temporary copy of content/,
 * which the editor makes a git repository), its publish folder (PUBLISH_DIR, inside the project as
 * the setting requires) and its database, so the servers of the other browser tests and the
 * project's content/ are untouched. Two builds (preview, restore), quick ones: the served build's kept server bundle
 * renders the pages (pipeline/quick-build.ts). The news item and the
 * price go out in one publish of the two, ticked on the publish page, which puts the preview of
 * the same two online as it was, since nothing was saved after it.
 */
const en = adminTranslator("en").t;
const editor = { email: "redaction@hermitage-lescours.example", password: "les vendanges commencent demain" };
const siteUrl = "http://localhost:3000";
const builtSite = process.env.E2E_BUILD_DIR ?? "build";

const languages = ["en", "fr", "zh", "es", "ja"] as const;
const itemId = "cellar-door-2026";
const title = {
  en: "The cellar door opens on Saturdays",
  fr: "Le chai ouvre ses portes le samedi",
  zh: "酒窖每逢周六对外开放",
  es: "La bodega abre sus puertas los sábados",
  ja: "毎週土曜日にセラーを公開します",
} as const;
const teaser = {
  en: "From next week, visitors may taste the current vintages without booking.",
  fr: "Dès la semaine prochaine, les visiteurs pourront déguster les millésimes du moment sans réserver.",
  zh: "自下周起，访客无需预约即可品尝当季年份酒。",
  es: "A partir de la semana que viene, se podrán catar las añadas actuales sin reserva.",
  ja: "来週から、予約なしで現行ヴィンテージをご試飲いただけます。",
} as const;
const body = {
  en: "Every Saturday from ten to five, the cellar door is open to all.",
  fr: "Chaque samedi de dix heures à dix-sept heures, le chai est ouvert à tous.",
  zh: "每周六上午十点至下午五点，酒窖向所有人开放。",
  es: "Todos los sábados, de diez a cinco, la bodega está abierta a todo el mundo.",
  ja: "毎週土曜日の10時から17時まで、どなたでもセラーにお越しいただけます。",
} as const;
const alt = {
  en: "The open doors of the barrel cellar",
  fr: "Les portes ouvertes du chai à barriques",
  zh: "橡木桶酒窖敞开的大门",
  es: "Las puertas abiertas de la sala de barricas",
  ja: "扉を開けた樽熟成庫",
} as const;

let server: RunningServer;
let contentDir: string;
let publishDir: string;

/** The text of a built page's `<title>`. */
const builtTitle = (path: string) =>
  /<title>([^<]*)<\/title>/.exec(readFileSync(join(builtSite, "client", path, "index.html"), "utf8"))![1]!.replace(/&#x27;/g, "'");

/** The JSON-LD objects of a page of the live site. */
async function structuredData(path: string): Promise<Record<string, unknown>[]> {
  const html = await (await fetch(`${server.url}${path}`)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** Ticks the publish page's boxes of these items (`news/<id>`): a publish or preview takes those, and nothing else. */
async function tick(page: Page, ...items: string[]) {
  for (const item of items) await page.locator(`[name="item.${item}"]`).check();
}

/** The newest publish (or preview) on the publish page, as the page shows it. */
const newestJob = (page: Page) => page.locator(".publish-job").first();

/**
 * Waits for the newest job on the publish page to reach `status` (the page reloads itself every
 * 3 s while a build runs). The limit is a last resort: a full build takes about a minute here,
 * several when the machine's two cores are busy with other work.
 */
async function finished(page: Page, status: "done" | "failed" | "previewed"): Promise<void> {
  const words = status === "previewed" ? en("content.preview.status.done") : en(`content.publish.status.${status}`);
  await expect(newestJob(page)).toContainText(words);
}

/** A client reading `/` every 200 ms until stopped, keeping every answer. */
function pollHome() {
  // Each process on its own (two instances behind nginx on PostgreSQL): each must switch once, for good.
  const answers = new Map(server.instances.map((instance) => [instance, [] as { status: number; body: string }[]]));
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      for (const [instance, seen] of answers) {
        const response = await fetch(`${instance}/`);
        seen.push({ status: response.status, body: await response.text() });
      }
      await pace(200);
    }
  })();
  return {
    answers,
    /** Whether every instance's last answer was `body`. */
    allServe: (body: string) => [...answers.values()].every((seen) => seen.at(-1)?.body === body),
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-content-e2e-data-"));
  const added = await addStaffAccount(dataDir, { ...editor, role: "editor" });
  expect(added.status, added.output).toBe(0);
  contentDir = join(mkdtempSync(join(tmpdir(), "lescours-content-e2e-")), "content");
  cpSync("content", contentDir, { recursive: true, filter: (source) => !source.includes("__tests__") });
  publishDir = mkdtempSync(join(process.cwd(), "build-e2e-publish-"));
  server = await startServer({ buildDir: builtSite, dataDir, env: { CONTENT_DIR: contentDir, PUBLISH_DIR: publishDir, SITE_URL: siteUrl } });
});

test.afterAll(async () => {
  await server?.stop();
  if (publishDir) rmSync(publishDir, { recursive: true, force: true });
  if (contentDir) rmSync(join(contentDir, ".."), { recursive: true, force: true });
});

test("an editor adds a news item with a photograph and changes a price, previews, publishes, restores, and a broken build changes nothing live", async ({
  openPage,
}) => {
  // Two builds: seconds each as quick builds, minutes if the served build cannot be reused.
  test.setTimeout(30 * 60_000);
  const { page } = await openPage({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

  // Signs in (an editor's account asks for no second factor unless it enrolled one; an admin's does).
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel(en("signIn.email")).fill(editor.email);
  await page.getByLabel(en("signIn.password")).fill(editor.password);
  await page.getByRole("button", { name: en("signIn.submit"), exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/admin/login");

  // A news item in five languages, with a photograph from a camera.
  await page.goto(`${server.url}/admin/content/news/new`);
  await page.locator('[name="_id"]').fill(itemId);
  await page.locator('[name="date"]').fill("2026-11-26");
  await page.locator('[name="category"]').selectOption("general");
  await page.locator('[name="icon"]').selectOption("estate");
  for (const lang of languages) {
    await page.locator(`[name="title.${lang}"]`).fill(title[lang]);
    await page.locator(`[name="description.${lang}"]`).fill(teaser[lang]);
    await page.locator(`[name="content.${lang}"]`).fill(body[lang]);
    await page.locator(`[name="photo.alt.${lang}"]`).fill(alt[lang]);
  }
  await page.locator('[name="photo.scene.upload"]').setInputFiles({ name: "IMG_4410.JPG", mimeType: "image/jpeg", buffer: await photograph(2000, 1125) });
  await page
    .getByRole("button", { name: en("content.save") })
    .first()
    .click();
  await expect(page.getByText(en("content.done.created"))).toBeVisible();
  await expect(page.locator("img.picture-preview")).toBeVisible();

  // A price: 175 € becomes 182 €.
  await page.goto(`${server.url}/admin/content/wines/chateau-2020`);
  await expect(page.locator('[name="price"]')).toHaveValue("175");
  await page.locator('[name="price"]').fill("182");
  await page
    .getByRole("button", { name: en("content.save") })
    .first()
    .click();
  await expect(page.getByText(en("content.done.saved"))).toBeVisible();

  // Preview of the two drafts, ticked: built, not put live; the changed pages open from the publish page.
  await page.goto(`${server.url}/admin/content/publish`);
  await tick(page, `news/${itemId}`, "wines/chateau-2020");
  await page.getByRole("button", { name: en("content.preview.button") }).click();
  await expect(page.getByText(en("content.done.previewing"))).toBeVisible();
  await finished(page, "previewed");
  await expect(newestJob(page)).toContainText(en("content.preview.kind"));
  // When the preview was asked for, as its heading shows it (after the dash).
  const previewAskedAt = ((await newestJob(page).locator("h3").textContent()) ?? "").split(" — ").at(-1)!.trim();
  // The changed pages by their titles: the staff member's language first, the others folded away.
  await newestJob(page).locator(".other-languages summary").click();
  await expect(newestJob(page).getByRole("link", { name: builtTitle("ja/news"), exact: true })).toBeVisible();
  await newestJob(page)
    .getByRole("link", { name: builtTitle("news"), exact: true })
    .click();
  await expect(page.locator(`article#${itemId}`)).toContainText(title.en);
  const homeBefore = await (await fetch(`${server.url}/`)).text();
  expect(homeBefore).toBe(readFileSync(join(builtSite, "client", "index.html"), "utf8"));
  expect(await (await fetch(`${server.url}/news`)).text()).not.toContain(title.en);

  // Publish the same two, while another client reads the home page every 200 ms.
  await page.goto(`${server.url}/admin/content/publish`);
  await tick(page, `news/${itemId}`, "wines/chateau-2020");
  const reader = pollHome();
  await page.getByRole("button", { name: en("content.publish.button") }).click();
  await expect(page.getByText(en("content.done.publishing"))).toBeVisible();
  await finished(page, "done");
  // Nothing was saved since the preview: the preview's build went online, not a new one.
  await expect(newestJob(page)).toContainText(en("content.publish.fromPreview", { time: previewAskedAt }));
  const live = realpathSync(join(publishDir, "current"));
  const homeAfter = readFileSync(join(live, "client", "index.html"), "utf8");
  expect(homeAfter).not.toBe(homeBefore);
  // Every instance serves it: the one that published at once, another (of two) once it sees the
  // publish folder's `current` change (it looks every few seconds).
  await expect.poll(() => reader.allServe(homeAfter), { intervals: [200] }).toBe(true);
  await reader.stop();
  for (const seen of reader.answers.values()) {
    expect(seen.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    const kinds = seen.map((answer) => (answer.body === homeBefore ? "old" : answer.body === homeAfter ? "new" : "other"));
    expect(kinds.filter((kind) => kind === "other")).toEqual([]);
    expect(kinds[0]).toBe("old");
    expect(kinds).toContain("new");
    // Once the new page was served, never the old one again.
    expect(kinds.slice(kinds.indexOf("new")).every((kind) => kind === "new")).toBe(true);
  }

  // The news item on the live site, in English and Japanese, with its photograph.
  const visitor = (await openPage({ locale: "en-GB" })).page;
  await visitor.goto(`${server.url}/news`);
  const card = visitor.locator(`article#${itemId}`);
  await expect(card).toContainText(title.en);
  await expect(card.locator("img")).toHaveAttribute("alt", alt.en);
  // A Japanese reader of their own: a page that has hydrated saves its language, and the English
  // visitor's next English page would then be sent on to Japanese (spec §1).
  const japaneseReader = (await openPage({ locale: "ja-JP" })).page;
  await japaneseReader.goto(`${server.url}/ja/news`);
  await expect(japaneseReader.locator(`article#${itemId}`)).toContainText(title.ja);
  // The news pages in the sitemap (the item has no page of its own: it is a card of /news), last
  // changed on the new item's date, which is newer than every sample item's.
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>${siteUrl}/news</loc>\n    <lastmod>2026-11-26</lastmod>`);
  expect(sitemap).toContain(`<loc>${siteUrl}/ja/news</loc>\n    <lastmod>2026-11-26</lastmod>`);
  // Its NewsArticle, with its own photograph, which the server serves.
  const article = (await structuredData("/ja/news")).find((data) => data["@type"] === "NewsArticle" && String(data.url).endsWith(`#${itemId}`));
  expect(article).toMatchObject({
    headline: title.ja,
    description: teaser.ja,
    datePublished: "2026-11-26",
    image: [`${siteUrl}/og/news/${itemId}.jpg`, `${siteUrl}/og/news/${itemId}-4x3.jpg`, `${siteUrl}/og/news/${itemId}-1x1.jpg`],
  });
  const picture = await fetch(`${server.url}/og/news/${itemId}.jpg`);
  expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/jpeg"]);

  // The new price on the wine's page, its buy button and its structured data.
  await visitor.goto(`${server.url}/shop/chateau-2020`);
  await expect(visitor.locator("main")).toContainText("€182 incl. VAT");
  await expect(visitor.locator("[data-item-price]").first()).toHaveAttribute("data-item-price", "182.00");
  expect((await structuredData("/shop/chateau-2020")).find((data) => data["@type"] === "Product")).toMatchObject({ offers: { price: "182.00" } });

  // The earlier price restored from the wine's history: put back in the form, saved, then published.
  await page.goto(`${server.url}/admin/content/wines/chateau-2020/history`);
  await page
    .getByRole("button", { name: en("content.history.restore") })
    .first()
    .click();
  await expect(page.locator('[name="price"]')).toHaveValue("175");
  await page
    .getByRole("button", { name: en("content.restore.save") })
    .first()
    .click();
  await expect(page.getByText(en("content.done.saved"))).toBeVisible();
  await page.goto(`${server.url}/admin/content/publish`);
  await tick(page, "wines/chateau-2020");
  await page.getByRole("button", { name: en("content.publish.button") }).click();
  // Progress: the build's steps, in words, as they finish.
  await expect(newestJob(page).locator(".publish-steps-details summary")).toBeVisible();
  await finished(page, "done");
  await expect.poll(() => everyInstanceServes(server, "/shop/chateau-2020", 'data-item-price="175.00"'), { intervals: [200] }).toBe(true);
  await visitor.goto(`${server.url}/shop/chateau-2020`);
  await expect(visitor.locator("main")).toContainText("€175 incl. VAT");
  await expect(visitor.locator("[data-item-price]").first()).toHaveAttribute("data-item-price", "175.00");
  expect((await structuredData("/shop/chateau-2020")).find((data) => data["@type"] === "Product")).toMatchObject({ offers: { price: "175.00" } });

  // A content file changed outside the editor (by hand, or pulled from elsewhere) that the build's schemas refuse.
  const liveBefore = realpathSync(join(publishDir, "current"));
  const homeLive = await (await fetch(`${server.url}/`)).text();
  writeFileSync(join(contentDir, "news", "typed-by-hand.json"), JSON.stringify({ date: "next Tuesday", title: { en: "Typed by hand" } }));
  await page.goto(`${server.url}/admin/content/publish`);
  // Listed as a draft like any other, and ticked.
  await tick(page, "news/typed-by-hand");
  await page.getByRole("button", { name: en("content.publish.button") }).click();
  await finished(page, "failed");
  await expect(newestJob(page).locator(".publish-log")).toContainText("typed-by-hand.json");
  expect(realpathSync(join(publishDir, "current"))).toBe(liveBefore);
  expect(await (await fetch(`${server.url}/`)).text()).toBe(homeLive);
  await visitor.goto(`${server.url}/shop/chateau-2020`);
  await expect(visitor.locator("[data-item-price]").first()).toHaveAttribute("data-item-price", "175.00");
});
