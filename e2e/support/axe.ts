import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import type { Language } from "#core/languages";
import { publicPaths } from "../../app/lib/site-paths.server";
import { openPage, waitForHydration } from "./browser";

/** WCAG 2.2 AA, as axe tags it. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe's violations on the page as it is now, one line per failing node. */
export async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} — ${node.failureSummary?.split("\n")[1]?.trim() ?? ""}`),
  );
}

/**
 * Runs axe on every prerendered page of some languages, hydrated, and expects no violation. The
 * sweep is split over two test files (e2e/a11y-pages-*.test.ts) so both browser-test workers share it.
 */
export async function sweepPages(browser: Browser, baseUrl: string, languages: readonly Language[]): Promise<void> {
  const { page, context } = await openPage(browser);
  const found: Record<string, string[]> = {};
  const paths = publicPaths().filter((entry) => languages.includes(entry.lang));
  expect(paths.length).toBeGreaterThan(0);
  for (const { path } of paths) {
    await page.goto(`${baseUrl}${path}`);
    await waitForHydration(page);
    const problems = await violations(page);
    if (problems.length > 0) found[path] = problems;
  }
  await context.close();
  expect(found).toEqual({});
}
