import { describe, inject, it } from "vitest";
import { sweepPages } from "./support/axe";
import { sharedBrowser } from "./support/browser";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("axe (WCAG 2.2 AA) on every prerendered page", () => {
  it("finds no violation in en, fr, zh", async () => {
    await sweepPages(browser(), baseUrl, ["en", "fr", "zh"]);
  }, 600_000);
});
