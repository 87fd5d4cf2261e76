import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { sweepPages } from "./support/axe";
import { launchBrowser } from "./support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("axe (WCAG 2.2 AA) on every prerendered page", () => {
  it("finds no violation in es, ja", async () => {
    await sweepPages(browser, baseUrl, ["es", "ja"]);
  }, 600_000);
});
