import { chromium, type Browser, type Page } from "playwright-core";

/** Debian's Chromium; the wrapper script at /usr/bin/chromium also works. */
export const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Chromium's flags for these machines: no sandbox (containers), nothing fetched from outside. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
];

/**
 * Debian's Chromium with the flags above, for scripts outside the test runner (the browser tests
 * get theirs from playwright.config.ts, with the same options).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, args: chromiumArgs });
}

/** Waits until React has hydrated the page (the router marks itself on window). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => "__reactRouterRouteModules" in window && document.readyState === "complete");
  await page.waitForFunction(() => {
    const root = document.getElementById("age-gate") ?? document.querySelector("main");
    return root !== null && Object.keys(root).some((key) => key.startsWith("__reactFiber"));
  });
}
