import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.2 AA, as axe tags it. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe's violations on the page as it is now, one line per failing node.
 *
 * A page without frames is checked with one `axe.run` inside it (AxeBuilder's legacy mode): the
 * default mode runs axe per frame and then combines the results in a blank page it opens for the
 * purpose, which about doubled the CPU of each check (12 checks, three runs: 0.78–1.93 s each
 * against 0.42–1.11 s, the same rules passed and failed; e2e/README.md, "Where the time goes"). A
 * page that holds a frame (a map or a video let in) keeps the default mode, which also checks
 * inside other origins' frames.
 */
export async function violations(page: Page): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(wcagTags);
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const result = await builder.analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} — ${node.failureSummary?.split("\n")[1]?.trim() ?? ""}`),
  );
}
