import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

/**
 * Pictures of the staff pages for the docs (docs/screenshots/), taken only when asked:
 * `E2E_SCREENSHOTS=1 npx playwright test …`. A test run takes none: each whole page costs the
 * browser a render and a PNG, and the pictures in the docs change only when someone means them to.
 */
export const keepScreenshots = Boolean(process.env.E2E_SCREENSHOTS);

/** The page (whole, unless `fullPage` is false) into docs/screenshots/<file>, when this run keeps them. */
export async function screenshot(page: Page, file: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (!keepScreenshots) return;
  mkdirSync("docs/screenshots", { recursive: true });
  await page.screenshot({ path: `docs/screenshots/${file}`, fullPage });
}
