import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { publicPaths } from "../app/lib/site-paths";
import { launchBrowser, openPage, waitForHydration } from "./support/browser";

const baseUrl = inject("baseUrl");
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** axe's violations on the page as it is now, one line per failing node. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(tags).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} — ${node.failureSummary?.split("\n")[1]?.trim() ?? ""}`),
  );
}

describe("axe (WCAG 2.2 AA)", () => {
  it("finds no violation on any prerendered page in any language", async () => {
    const { page, context } = await openPage(browser);
    const found: Record<string, string[]> = {};
    for (const { path } of publicPaths()) {
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      const problems = await violations(page);
      if (problems.length > 0) found[path] = problems;
    }
    await context.close();
    expect(found).toEqual({});
  }, 600_000);

  it("finds no violation with the age gate open, in every language", async () => {
    const { page, context } = await openPage(browser, { adult: false });
    const found: Record<string, string[]> = {};
    for (const path of ["/", "/fr", "/zh", "/es", "/ja"]) {
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      expect(await page.locator("#age-gate").isVisible()).toBe(true);
      const problems = await violations(page);
      if (problems.length > 0) found[path] = problems;
    }
    await context.close();
    expect(found).toEqual({});
  });

  it("finds no violation with the mobile menu and the language menu open", async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${baseUrl}/es/villa`);
    await waitForHydration(page);
    await page.locator('button[aria-controls="mobile-menu"]').click();
    expect(await page.locator("#mobile-menu").isVisible()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await context.close();

    const desktop = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await desktop.page.goto(`${baseUrl}/ja/story`);
    await waitForHydration(desktop.page);
    await desktop.page.locator("header nav button[aria-expanded]").first().click();
    expect(await violations(desktop.page)).toEqual([]);
    await desktop.context.close();
  });
});

describe("keyboard", () => {
  it("reaches a visible skip link first, and it moves focus to the main content", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/shop`);
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await context.close();
  });

  it("shows a focus outline on every control reached by Tab in the header", async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { tag: el.tagName, width: parseFloat(style.outlineWidth), styleName: style.outlineStyle };
      });
      expect(outline.styleName, `${i}: ${outline.tag}`).not.toBe("none");
      expect(outline.width, `${i}: ${outline.tag}`).toBeGreaterThanOrEqual(2);
    }
    await context.close();
  });
});
