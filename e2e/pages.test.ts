import { describe, expect, inject, it } from "vitest";
import { publicPaths } from "../app/lib/site-paths.server";
import { content } from "#content";
import { languages } from "#core/languages";
import { pathIn, text } from "./support/visit";
import { sharedBrowser, openPage, waitForHydration } from "./support/browser";

const baseUrl = inject("baseUrl");
const devBaseUrl = inject("devBaseUrl");
const browser = sharedBrowser();

/** Visits each path in one page, collecting any console error, warning or page error. */
async function visitAll(origin: string, paths: string[]): Promise<Record<string, string[]>> {
  const { page, context, problems } = await openPage(browser());
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    problems.length = 0;
    const response = await page.goto(`${origin}${path}`);
    expect(response?.status(), path).toBe(200);
    await waitForHydration(page);
    // Give late hydration reports a moment to arrive.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    if (problems.length > 0) found[path] = [...problems];
  }
  await context.close();
  return found;
}

describe("every prerendered page", () => {
  const paths = publicPaths().map((p) => p.path);

  it("is served as HTML that already holds its heading, navigation and footer", async () => {
    for (const path of paths) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      // The heading's text, possibly inside an inline element (a wine's French name is marked lang="fr").
      expect(html, path).toMatch(/<h1[^>]*>(<span[^>]*>)?[^<]+/);
      expect(html, path).toContain("<footer");
      expect(html, path).toContain("snipcart-items-count");
    }
  });

  it("hydrates without a console error or warning (production build)", async () => {
    expect(await visitAll(baseUrl, paths)).toEqual({});
  });

  it.skipIf(!devBaseUrl)("hydrates without a hydration warning (development build)", async () => {
    expect(await visitAll(devBaseUrl, paths)).toEqual({});
  });

  it("shows © and the current year in the footer", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl}/fr/villa`);
    await waitForHydration(page);
    const text = await page.getByTestId("copyright").innerText();
    expect(text).toContain(`© ${new Date().getFullYear()}`);
    const footer = await page.locator("footer").innerText();
    expect(footer).toContain("L’abus d’alcool est dangereux pour la santé, à consommer avec modération");
    // French pages show the sentence once: no note about the law under it.
    expect(footer.split("L’abus d’alcool").length).toBe(2);
    await context.close();
  });

  it.each(languages)("lists the sister brands in the %s footer under a heading true of an estate and a wine alike", async (lang) => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl}${pathIn(lang, "/story")}`);
    const heading = page.locator("footer h2", { hasText: text(lang, "footer.otherBrands") });
    expect(await heading.count()).toBe(1);
    const links = heading.locator("xpath=following-sibling::ul[1]//a");
    expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))).toEqual(content.site.sisterBrands.map((brand) => brand.url));
    if (lang === "en") expect(await heading.innerText()).toMatch(/brands/i);
    await context.close();
  });
});
