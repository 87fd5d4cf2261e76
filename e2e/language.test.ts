import { translator } from "#locales";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { baseUrl, devBaseUrl } from "./support/servers";

test.describe("language switcher", () => {
  test("lists the five languages by their own names, with lang and hreflang, marking the current one", async ({ page }) => {
    await page.goto(`${baseUrl}/fr/shop`);
    await waitForHydration(page);
    await page.getByRole("button", { name: /Langue/ }).click();
    const links = page.locator("header nav [hreflang]");
    const entries = await links.evaluateAll((nodes) =>
      nodes.map((a) => ({
        text: a.textContent,
        lang: a.getAttribute("lang"),
        hreflang: a.getAttribute("hreflang"),
        href: a.getAttribute("href"),
        current: a.getAttribute("aria-current"),
      })),
    );
    expect(entries).toEqual([
      { text: "English", lang: "en", hreflang: "en", href: "/shop", current: null },
      { text: "Français", lang: "fr", hreflang: "fr", href: "/fr/shop", current: "true" },
      { text: "中文", lang: "zh-Hans", hreflang: "zh-Hans", href: "/zh/shop", current: null },
      { text: "Español", lang: "es", hreflang: "es", href: "/es/shop", current: null },
      { text: "日本語", lang: "ja", hreflang: "ja", href: "/ja/shop", current: null },
    ]);
  });

  for (const [lang, path, name] of [
    ["en", "/", "Language: English"],
    ["fr", "/fr", "Langue\u00a0: Français"],
    ["zh", "/zh", "语言：中文"],
    ["es", "/es", "Idioma: Español"],
    ["ja", "/ja", "言語：日本語"],
  ] as const) {
    test(`names the menu button with each language's own punctuation (${lang})`, async ({ page }) => {
      await page.goto(`${baseUrl}${path}`);
      const button = page
        .locator("header nav button[aria-expanded]")
        .filter({ hasText: /English|Français|中文|Español|日本語/ })
        .first();
      expect(await button.evaluate((el) => el.textContent)).toBe(name);
    });
  }

  test("goes to the same page in the chosen language, saves it and sets <html lang>", async ({ page, problems }) => {
    await page.goto(`${baseUrl}/story`);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.getByRole("button", { name: /Language/ }).click();
    await page.getByRole("link", { name: "日本語" }).first().click();
    await page.waitForURL(`${baseUrl}/ja/story`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ja");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ja");
    expect(await page.getByRole("link", { name: "Our Story" }).count()).toBe(0);

    await page.getByRole("button", { name: /言語/ }).click();
    await page.getByRole("link", { name: "Español" }).first().click();
    await page.waitForURL(`${baseUrl}/es/story`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
    expect(problems).toEqual([]);
  });

  test("moves between pages of one language without a new document, and to another language with one", async ({ page, problems }) => {
    const [ja, fr] = [translator("ja").t, translator("fr").t];
    const samePage = () => page.evaluate(() => (window as { samePage?: boolean }).samePage === true);
    await page.goto(`${baseUrl}/ja/story`);
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { samePage: true }));

    // The router knows every page of the page's own language.
    await page
      .getByRole("navigation", { name: ja("nav.label") })
      .getByRole("link", { name: ja("nav.shop") })
      .first()
      .click();
    await page.waitForURL(`${baseUrl}/ja/shop`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ja("shop.hero.title"));
    expect(await samePage()).toBe(true);

    // Another language is another document, whose own router then takes over.
    await page.getByRole("button", { name: /言語/ }).click();
    await page.getByRole("link", { name: "Français" }).first().click();
    await page.waitForURL(`${baseUrl}/fr/shop`);
    await waitForHydration(page);
    expect(await samePage()).toBe(false);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr("shop.hero.title"));
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page
      .getByRole("navigation", { name: fr("nav.label") })
      .getByRole("link", { name: fr("nav.story") })
      .first()
      .click();
    await page.waitForURL(`${baseUrl}/fr/story`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr("story.hero.title"));
    expect(await samePage()).toBe(true);
    expect(problems).toEqual([]);
  });

  test("takes a visitor with a saved language from an English URL to the same page in that language", async ({ page, context, problems }) => {
    await context.addInitScript(() => {
      if (!localStorage.getItem("language")) localStorage.setItem("language", "fr");
    });
    await page.goto(`${baseUrl}/wine-tours`);
    await page.waitForURL(`${baseUrl}/fr/wine-tours`);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).not.toBe("Wine Tours");

    // Choosing English again is saved and honoured on the next full load.
    await page.getByRole("button", { name: /Langue/ }).click();
    await page.getByRole("link", { name: "English" }).first().click();
    await page.waitForURL(`${baseUrl}/wine-tours`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    await page.goto(`${baseUrl}/villa`);
    expect(page.url()).toBe(`${baseUrl}/villa`);
    expect(problems).toEqual([]);
  });

  test("keeps the query when switching, without a hydration warning", async ({ page, problems }) => {
    test.skip(!devBaseUrl, "needs the development build (npm run build:dev)");
    await page.goto(`${devBaseUrl}/contact?subject=order`);
    await waitForHydration(page);
    await expect.poll(() => page.locator('header nav a[hreflang="fr"]').first().getAttribute("href")).toBe("/fr/contact?subject=order");
    expect(problems).toEqual([]);
  });

  test("serves each page with only its own language's strings", async () => {
    const fr = await (await fetch(`${baseUrl}/fr/story`)).text();
    const en = await (await fetch(`${baseUrl}/story`)).text();
    expect(fr).toContain('lang="fr"');
    expect(fr).not.toContain("Are you 18 years of age or older?");
    expect(en).toContain("Are you 18 years of age or older?");
    // No other language's age question rides along in the English page.
    const ja = await (await fetch(`${baseUrl}/ja/story`)).text();
    const jaQuestion = /<p id="age-gate-question"[^>]*>([^<]+)</.exec(ja)?.[1];
    expect(jaQuestion).toBeTruthy();
    expect(en).not.toContain(jaQuestion!);
  });
});

test.describe("mobile menu", () => {
  test("opens behind a button with aria-expanded and closes when a link is chosen", async ({ openPage }) => {
    const { page, problems } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Open menu" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator("#mobile-menu").isVisible()).toBe(false);
    // Desktop links are hidden on a phone.
    expect(await page.locator("header nav ul").first().isVisible()).toBe(false);
    await button.click();
    const close = page.getByRole("button", { name: "Close menu" });
    expect(await close.getAttribute("aria-expanded")).toBe("true");
    const menu = page.locator("#mobile-menu");
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole("link").allInnerTexts()).toEqual(
      expect.arrayContaining(["Home", "Our Story", "Shop Wines", "Wine Tours", "The Villa", "Contact"]),
    );
    await menu.getByRole("link", { name: "The Villa" }).click();
    await page.waitForURL(`${baseUrl}/villa`);
    expect(await menu.isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
    expect(problems).toEqual([]);
  });

  test("shows the desktop links in order on a wide screen", async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/`);
    const links = page.locator("header nav > ul").first().getByRole("link");
    expect(await links.allInnerTexts()).toEqual(["Home", "Our Story", "Shop Wines", "Wine Tours", "The Villa", "Contact"]);
    const cart = page.locator("header .snipcart-checkout");
    expect(await cart.isVisible()).toBe(true);
    expect(await cart.locator(".snipcart-items-count").innerText()).toBe("0");
  });
});
