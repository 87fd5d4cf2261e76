import type { Page } from "@playwright/test";
import { publicPaths } from "../app/lib/site-paths.server";
import { content } from "#content";
import { languages } from "#core/languages";
import { splitLanguage } from "#core/paths";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { baseUrl, devBaseUrl } from "./support/servers";
import { untilIdle } from "./support/settle";
import { pathIn, text } from "./support/visit";

/** Opens `path` from `origin` and returns what the page logged (console errors, warnings, page errors) while it hydrated. */
async function hydrationProblems(page: Page, problems: string[], origin: string, path: string): Promise<string[]> {
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
  // Hydration reports late (after its commit, from its effects): by the time the page is idle, it has.
  await untilIdle(page);
  return problems;
}

test.describe("every prerendered page", () => {
  const paths = publicPaths(content).map((p) => p.path);

  test("is served as HTML that already holds its heading, navigation and footer", async () => {
    for (const path of paths) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      // The heading's text, possibly inside an inline element (a wine's French name is marked lang="fr").
      expect(html, path).toMatch(/<h1[^>]*>(<span[^>]*>)?[^<]+/);
      expect(html, path).toContain("<footer");
      expect(html, path).toContain("snipcart-items-count");
    }
  });

  // One test per page: each in its own context, spread over the workers.
  for (const path of paths) {
    test(`${path} hydrates without a console error or warning (production build)`, async ({ warmPage: { page, problems } }) => {
      expect(await hydrationProblems(page, problems, baseUrl, path)).toEqual([]);
    });
  }

  // The development build says more (React's warnings name the differing attribute or text), at a
  // development build's cost: each page once, in a language that turns with the page (every page
  // and every language are in the walk; the production walk above sees all 85).
  const devPaths = [...new Set(publicPaths(content).map((p) => p.english))].map((english, index) => {
    const lang = languages[index % languages.length]!;
    return publicPaths(content).find((p) => p.english === english && p.lang === lang)!.path;
  });
  test("walks every page and every language in the development build", () => {
    expect(new Set(devPaths.map((path) => splitLanguage(path).lang))).toEqual(new Set(languages));
    expect(new Set(devPaths.map((path) => splitLanguage(path).path)).size).toBe(new Set(publicPaths(content).map((p) => p.english)).size);
  });

  for (const path of devPaths) {
    test(`${path} hydrates without a hydration warning (development build)`, async ({ warmPage: { page, problems } }) => {
      test.skip(!devBaseUrl, "needs the development build (npm run build:dev)");
      expect(await hydrationProblems(page, problems, devBaseUrl, path)).toEqual([]);
    });
  }

  test("shows © and the current year in the footer", async ({ page }) => {
    await page.goto(`${baseUrl}/fr/villa`);
    await waitForHydration(page);
    const text = await page.getByTestId("copyright").innerText();
    expect(text).toContain(`© ${new Date().getFullYear()}`);
    const footer = await page.locator("footer").innerText();
    expect(footer).toContain("L’abus d’alcool est dangereux pour la santé, à consommer avec modération");
    // French pages show the sentence once: no note about the law under it.
    expect(footer.split("L’abus d’alcool").length).toBe(2);
  });

  for (const lang of languages) {
    test(`lists the sister brands in the ${lang} footer under a heading true of an estate and a wine alike`, async ({ page }) => {
      await page.goto(`${baseUrl}${pathIn(lang, "/story")}`);
      const heading = page.locator("footer h2", { hasText: text(lang, "footer.otherBrands") });
      expect(await heading.count()).toBe(1);
      const links = heading.locator("xpath=following-sibling::ul[1]//a");
      expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))).toEqual(content.site.sisterBrands.map((brand) => brand.url));
      if (lang === "en") expect(await heading.innerText()).toMatch(/brands/i);
    });
  }
});
