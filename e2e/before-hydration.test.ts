/**
 * Paint first: the page is on screen before one byte of the framework, which starts
 * after the `load` event or at the visitor's first interaction. Everything that matters works
 * before it arrives: these tests hold the framework's JavaScript back (a slow handler that never
 * answers while the test runs) and use the page as a visitor would.
 */
import type { Page, Route } from "@playwright/test";
import { content } from "#content";
import { localNames, wineNameIn } from "#content/names";
import { drinkingAge } from "#core/languages";
import { defaultCutoffHours } from "#forms/tour-booking";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { untilIdle } from "./support/settle";
import { baseUrl, dataDir } from "./support/servers";
import { text } from "./support/visit";
import { openServerDatabase } from "./support/databases";

/** Holds every JavaScript file of the build back: the page stays as its HTML made it. */
async function holdFramework(page: Page): Promise<string[]> {
  const held: string[] = [];
  await page.route(/\/assets\/.*\.js$/, (route: Route) => {
    held.push(new URL(route.request().url()).pathname);
    // Never answered while the test runs: the framework has not arrived.
  });
  return held;
}

const hydrated = (page: Page) => page.evaluate(() => "__reactRouterRouteModules" in window);

test.describe("the framework after the first paint", () => {
  test("is requested only after the load event and the first contentful paint on screen when the visitor does nothing, then hydrates", async ({ openPage }) => {
    // The paint is reported once the frame is presented, at times after the load event: four pages,
    // each a first visit, so that a starter that did not wait for it would be caught.
    for (const path of ["/shop", "/", "/fr/wine-tours", "/ja/news"]) {
      const { page, problems } = await openPage();
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/.*\.js$/.test(entry.name));
        return {
          load: navigation.loadEventStart,
          paint: paint?.startTime,
          firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
          scripts: scripts.length,
        };
      });
      expect(timing.scripts, path).toBeGreaterThan(3);
      expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.load);
      expect(timing.paint, path).toBeDefined();
      expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.paint!);
      expect(problems, path).toEqual([]);
    }
  });

  test("starts at once when the visitor presses a key before the page has loaded", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/.*\.js$/.test(request.url())) scripts.push(request.url());
    });
    // An image that never arrives keeps the load event from firing.
    const heldImages: string[] = [];
    await page.route(/\.(avif|webp|jpe?g)$/, (route) => {
      heldImages.push(route.request().url());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: "domcontentloaded" });
    // The page got as far as it can without its load event: its images asked for, nothing left
    // to run. A framework that started without waiting for load or a key would have asked by now.
    await expect.poll(() => heldImages.length).toBeGreaterThan(0);
    await untilIdle(page);
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
    await page.keyboard.press("Tab");
    await expect.poll(() => scripts.length).toBeGreaterThan(3);
  });

  test("runs React Router's own boot script, as the build wrote it, under the page's Content-Security-Policy", async ({ openPage }) => {
    const routes = { "/shop": ["root", "en/layout", "en/shop"], "/ja/news": ["root", "ja/layout", "ja/news"] };
    for (const [path, ids] of Object.entries(routes)) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const held = /<script type="text\/x-boot-module" id="boot-module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
      expect(held, path).toMatch(/^import /);
      const { page, problems } = await openPage();
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      const running = await page.evaluate(() => [...document.querySelectorAll('script[type="module"]')].map((script) => script.textContent));
      expect(running, path).toEqual([held]);
      // React Router's script, not ours, handed it the page's route modules.
      const registered = await page.evaluate(() => Object.keys((window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules ?? {}));
      expect(registered, path).toEqual(ids);
      expect(problems, path).toEqual([]);
    }
  });

  test("leaves no modulepreload in any page's head", async () => {
    const html = await (await fetch(`${baseUrl}/fr/wine-tours`)).text();
    // The starter adds them once the page has painted.
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).not.toMatch(/<script type="module"[^>]*>\s*import /);
  });
});

test.describe("before the framework arrives", () => {
  test("the age gate refuses Escape, and Yes closes it for the whole session", async ({ openPage }) => {
    const { page } = await openPage({ adult: false });
    await holdFramework(page);
    await page.goto(`${baseUrl}/fr/shop`, { waitUntil: "load" });
    const gate = page.getByRole("dialog", { name: text("fr", "ageGate.title", { estate: localNames(content.site, "fr").estate }) });
    expect(await gate.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    // Whatever the key set off has run once the page is idle.
    await untilIdle(page);
    expect(await gate.isVisible()).toBe(true);
    await page.getByRole("button", { name: text("fr", "ageGate.yes", { age: drinkingAge("fr") }) }).click();
    await expect.poll(() => gate.isVisible()).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem("ageVerified"))).toBe("true");
    expect(await hydrated(page)).toBe(false);
    await page.goto(`${baseUrl}/fr/story`, { waitUntil: "load" });
    expect(await page.locator("#age-gate").isVisible()).toBe(false);
  });

  test("the age gate's No leaves for a search engine", async ({ openPage }) => {
    const { page } = await openPage({ adult: false });
    await holdFramework(page);
    await page.route("https://www.google.com/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Search</title>" }));
    await page.goto(`${baseUrl}/`, { waitUntil: "load" });
    await page.getByRole("button", { name: text("en", "ageGate.no", { age: drinkingAge("en") }) }).click();
    await page.waitForURL("https://www.google.com/");
  });

  test("the language menu opens, and the chosen language is kept for the next visits", async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
    await holdFramework(page);
    await page.goto(`${baseUrl}/shop`, { waitUntil: "load" });
    await page.getByRole("button", { name: new RegExp(text("en", "language.label")) }).click();
    const francais = page.getByRole("link", { name: "Français" });
    await expect.poll(() => francais.isVisible()).toBe(true);
    await francais.click();
    await page.waitForURL(`${baseUrl}/fr/shop`);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("fr");
    // An English address now opens in French, before the page paints.
    await page.goto(`${baseUrl}/villa`);
    await page.waitForURL(`${baseUrl}/fr/villa`);
  });

  test("the mobile menu opens and its links lead to their pages", async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 844 } });
    await holdFramework(page);
    await page.goto(`${baseUrl}/ja`, { waitUntil: "load" });
    const menu = page.locator("#mobile-menu");
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: text("ja", "nav.openMenu") }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole("link", { name: text("ja", "nav.wineTours") }).click();
    await page.waitForURL(`${baseUrl}/ja/wine-tours`);
    expect(await hydrated(page)).toBe(false);
  });

  test("View Wine Summary opens the sheet's picture, and its close button closes it", async ({ page }) => {
    await holdFramework(page);
    await page.goto(`${baseUrl}/ja/shop/chateau-2020`, { waitUntil: "load" });
    const dialog = page.getByTestId("summary-dialog");
    expect(await dialog.isVisible()).toBe(false);
    await page.getByRole("button", { name: text("ja", "wine.summary.open") }).click();
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    await expect(dialog.locator("img")).toBeVisible();
    await dialog.getByRole("button", { name: text("ja", "wine.summary.close") }).click();
    await expect(dialog).toBeHidden();
    expect(await hydrated(page)).toBe(false);
  });

  test("the tours form names the terms, the privacy policy and the missing right of withdrawal above its button", async ({ page }) => {
    await holdFramework(page);
    await page.goto(`${baseUrl}/fr/wine-tours`, { waitUntil: "load" });
    const notice = page.getByTestId("booking-terms");
    // Before a time is chosen (and without script none can be), the schedule's own cut-off.
    expect(await notice.innerText()).toBe(text("fr", "wineTours.form.notice.terms", { hours: defaultCutoffHours }));
    expect(await page.getByTestId("booking-notice").innerText()).toContain(text("fr", "wineTours.form.notice.thanks"));
    expect(await notice.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(["/fr/terms", "/fr/privacy"]);
    await notice.getByRole("link").first().click();
    await page.waitForURL(`${baseUrl}/fr/terms`);
    expect(await hydrated(page)).toBe(false);
  });

  test("the buy button leads to the order inquiry", async ({ page }) => {
    await holdFramework(page);
    await page.goto(`${baseUrl}/es/shop/chateau-2020`, { waitUntil: "load" });
    await page.locator("button.snipcart-add-item").click();
    await page.waitForURL((url) => url.pathname === "/es/contact");
    // The wine as the page names it, in its language (with L’Hermitage's apostrophe).
    expect(new URL(page.url()).searchParams.get("subject")).toContain(
      `${wineNameIn(
        content.site,
        content.wines.find((w) => w.id === "chateau-2020")!,
        "es",
      )} 2020`,
    );
  });

  test("a contact message is posted, stored and answered with a page in the visitor's language", async ({ page }) => {
    const held = await holdFramework(page);
    await page.goto(`${baseUrl}/es/contact`, { waitUntil: "load" });
    const stamp = `antes-${Date.now()}`;
    const form = page.locator("#contact-form form");
    await form.locator('[name="name"]').fill("Lucía Pérez");
    await form.locator('[name="email"]').fill("lucia@example.es");
    await form.locator('[name="message"]').fill(`Quisiera visitar la finca. ${stamp}`);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/api/contact-messages`);
    expect(held.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text("es", "contact.form.success.title"));
    expect(await page.getByRole("link", { name: text("es", "forms.native.backToPage") }).getAttribute("href")).toBe("/es/contact");
    const db = openServerDatabase(dataDir, { readonly: true });
    const rows = db.prepare("SELECT language, page, name FROM contact_messages WHERE message LIKE ?").all(`%${stamp}`);
    db.close();
    expect(rows).toEqual([{ language: "es", page: "/es/contact", name: "Lucía Pérez" }]);
  });

  test("a villa enquiry is posted and stored as a contact message from the villa page, its subject filled in", async ({ page }) => {
    const held = await holdFramework(page);
    await page.goto(`${baseUrl}/ja/villa`, { waitUntil: "load" });
    const stamp = `villa-${Date.now()}`;
    const form = page.locator("#villa-enquiry form");
    await form.locator('[name="name"]').fill("山田 花子");
    await form.locator('[name="email"]').fill("hanako@example.jp");
    await form.locator('[name="message"]').fill(`8月3日から10日まで、6名です。${stamp}`);
    await form.getByRole("button", { name: text("ja", "villa.enquiry.submit") }).click();
    await page.waitForURL(`${baseUrl}/api/contact-messages`);
    expect(held.length).toBeGreaterThan(0);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text("ja", "contact.form.success.title"));
    expect(await page.getByRole("link", { name: text("ja", "forms.native.backToPage") }).getAttribute("href")).toBe("/ja/villa");
    const db = openServerDatabase(dataDir, { readonly: true });
    const rows = db.prepare("SELECT language, page, name, subject FROM contact_messages WHERE message LIKE ?").all(`%${stamp}`);
    db.close();
    expect(rows).toEqual([{ language: "ja", page: "/ja/villa", name: "山田 花子", subject: text("ja", "villa.enquiry.subject") }]);
  });

  test("the newsletter sign-up is posted and answered in the visitor's language", async ({ page }) => {
    await holdFramework(page);
    await page.goto(`${baseUrl}/zh/news`, { waitUntil: "load" });
    const form = page.locator('form[aria-labelledby="newsletter-title"]');
    await form.locator('[name="email"]').fill(`wei-${Date.now()}@example.cn`);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/api/newsletter-signups`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text("zh", "news.newsletter.success.title"));
  });

  test("the newsletter sign-up in every page's footer is posted and answered in the visitor's language", async ({ page }) => {
    await holdFramework(page);
    await page.goto(`${baseUrl}/ja/villa`, { waitUntil: "load" });
    const form = page.locator('form[aria-labelledby="footer-newsletter-title"]');
    await expect(page.locator("#footer-newsletter-title")).toHaveText(text("ja", "footer.newsletter.title"));
    const email = `haruka-${Date.now()}@example.jp`;
    await form.getByLabel(text("ja", "news.newsletter.email")).fill(email);
    await form.getByRole("button", { name: text("ja", "footer.newsletter.submit") }).click();
    await page.waitForURL(`${baseUrl}/api/newsletter-signups`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text("ja", "news.newsletter.success.title"));
    const db = openServerDatabase(dataDir, { readonly: true });
    const rows = db.prepare("SELECT language, page, confirmed_at FROM newsletter_subscribers WHERE email = ?").all(email);
    db.close();
    // Stored as a pending subscription: the double opt-in's e-mail confirms it.
    expect(rows).toEqual([{ language: "ja", page: "/ja/villa", confirmed_at: null }]);
  });
});

test.describe("after a late framework", () => {
  test("the page hydrates where the visitor left it: a menu opened before stays usable", async ({ openPage }) => {
    const { page, problems } = await openPage({ viewport: { width: 390, height: 844 } });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${baseUrl}/fr/villa`, { waitUntil: "load" });
    const button = page.locator('button[popovertarget="mobile-menu"]');
    await button.click();
    release();
    await waitForHydration(page);
    const menu = page.locator("#mobile-menu");
    // React found the menu open: the button says so, and offers to close it.
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(button).toHaveAccessibleName(text("fr", "nav.closeMenu"));
    await menu.getByRole("link", { name: text("fr", "nav.contact") }).click();
    await page.waitForURL(`${baseUrl}/fr/contact`);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(text("fr", "contact.hero.title"));
    expect(problems).toEqual([]);
  });
});
