import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { executablePath, playwrightArgs } from "./support/browser";
import { expect, test } from "./support/fixtures";

/**
 * The browser the tests run in (e2e/support/browser.ts, `playwrightArgs`): what it is launched
 * with, read from the running process, and what a new context costs it.
 */

/** The features each `--disable-features` flag of a command line names, in order. */
function disabledFeatureLists(commandLine: string[]): string[][] {
  return commandLine.filter((arg) => arg.startsWith("--disable-features=")).map((arg) => arg.slice("--disable-features=".length).split(","));
}

test("keeps every feature Playwright turns off turned off: Chromium reads only the last --disable-features", async () => {
  const server = await chromium.launchServer({ executablePath, args: playwrightArgs });
  try {
    const commandLine = readFileSync(`/proc/${server.process().pid}/cmdline`, "utf8").split("\0");
    const lists = disabledFeatureLists(commandLine);
    // Playwright's own list first, then ours.
    expect(lists.length).toBeGreaterThanOrEqual(2);
    const effective = new Set(lists.at(-1));
    for (const list of lists.slice(0, -1)) for (const feature of list) expect(effective, `Playwright turns off ${feature}`).toContain(feature);
  } finally {
    await server.close();
  }
});

test("opens no address-bar popup for a new context: each context's window costs no renderer of its own", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    await (await context.newPage()).goto("about:blank");
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send("Target.getTargets")) as { targetInfos: { type: string; url: string }[] };
    expect(targetInfos.filter((target) => target.url.startsWith("chrome://")).map((target) => target.url)).toEqual([]);
    expect(targetInfos.some((target) => target.type === "page" && target.url === "about:blank")).toBe(true);
  } finally {
    await context.close();
  }
});
