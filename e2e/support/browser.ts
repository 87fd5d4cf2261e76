import { afterAll, beforeAll } from "vitest";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

/** Debian's Chromium; the wrapper script at /usr/bin/chromium also works. */
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
}

/**
 * One Chromium for a test file: launched before its first test and closed after its last. Called
 * at the top of the file; the function it returns gives the running browser.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is launched in beforeAll");
    return browser;
  };
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, and uncaught page errors, in order. */
  problems: string[];
  /** Every request the page made, by URL. */
  requests: string[];
}

/**
 * A fresh context and page that records console errors, page errors and requests. By default
 * the session has already passed the age gate; pass `adult: false` to meet it.
 */
export async function openPage(
  browser: Browser,
  { adult = true, ...options }: BrowserContextOptions & { adult?: boolean } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  if (adult) await context.addInitScript(() => sessionStorage.setItem("ageVerified", "true"));
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("request", (request) => requests.push(request.url()));
  return { page, context, problems, requests };
}

/** Waits until React has hydrated the page (the router marks itself on window). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => "__reactRouterRouteModules" in window && document.readyState === "complete");
  await page.waitForFunction(() => {
    const root = document.getElementById("age-gate") ?? document.querySelector("main");
    return root !== null && Object.keys(root).some((key) => key.startsWith("__reactFiber"));
  });
}
