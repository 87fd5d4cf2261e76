/**
 * The browser tests' fixtures (e2e/README.md). Playwright opens the context and page of each test,
 * keeps their trace and screenshot when it fails, and closes them; these add what every test here
 * needs on top:
 * - `adult` (option, default true): the session has already passed the age gate; a test or a
 *   describe that meets the gate says `test.use({ adult: false })`.
 * - `problems`: the page's console errors and warnings and its uncaught errors, in order.
 * - `requests`: the URL of every request the page made.
 * - `openPage(options)`: more watched pages, each in its own context, for a test that needs
 *   several or other context options than its describe's; all are closed after the test.
 * - `warmPage`: the worker's one tab, in its one shared context (past the gate), watched for the
 *   test's length: each test navigates the same tab, whose cache and renderer earlier pages have
 *   warmed. For walks that open every page and look at each the same way.
 * Each fixture's second argument is Playwright's `use`, named `provide` here: the React hooks
 * lint rule claims the name `use`.
 */
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page, type Request } from "@playwright/test";

export { expect };

/** A page in its own context, with what it logged and requested. */
/** A visitor's booking sent to a running server's API as the tours form sends it, which must be taken (201): its id. */
export async function bookThroughApi(serverUrl: string, payload: Record<string, unknown>): Promise<string> {
  const answer = await fetch(`${serverUrl}/api/tour-bookings`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: serverUrl },
    body: JSON.stringify(payload),
  });
  expect(answer.status, JSON.stringify(payload)).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, and uncaught page errors, in order. */
  problems: string[];
  /** Every request the page made, by URL. */
  requests: string[];
}

/** Context options, and whether the session has passed the age gate (default: the test's `adult`). */
export type PageOptions = BrowserContextOptions & { adult?: boolean };

/** Sets the session's age flag in every page and frame before its scripts run, as a "Yes" would have. */
async function passAgeGate(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => sessionStorage.setItem("ageVerified", "true"));
}

/** What a page logs as a problem (console errors and warnings, uncaught errors), until `stop()`. */
function recordProblems(page: Page): { problems: string[]; stop: () => void } {
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  };
  const onError = (error: Error) => problems.push(`pageerror: ${error.message}`);
  page.on("console", onConsole);
  page.on("pageerror", onError);
  return {
    problems,
    stop: () => {
      page.off("console", onConsole);
      page.off("pageerror", onError);
    },
  };
}

/** The URL of every request a page makes, until `stop()`. */
function recordRequests(page: Page): { requests: string[]; stop: () => void } {
  const requests: string[] = [];
  const onRequest = (request: Request) => requests.push(request.url());
  page.on("request", onRequest);
  return { requests, stop: () => page.off("request", onRequest) };
}

interface Fixtures {
  adult: boolean;
  problems: string[];
  requests: string[];
  openPage: (options?: PageOptions) => Promise<WatchedPage>;
  warmPage: WatchedPage;
}

interface WorkerFixtures {
  warmContext: BrowserContext;
  warmTab: { page?: Page };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  adult: [true, { option: true }],

  context: async ({ context, adult }, provide) => {
    if (adult) await passAgeGate(context);
    await provide(context);
  },

  problems: async ({ page }, provide) => {
    await provide(recordProblems(page).problems);
  },

  requests: async ({ page }, provide) => {
    await provide(recordRequests(page).requests);
  },

  openPage: async ({ browser, adult }, provide) => {
    const opened: BrowserContext[] = [];
    await provide(async ({ adult: passed = adult, ...options } = {}) => {
      const context = await browser.newContext(options);
      opened.push(context);
      if (passed) await passAgeGate(context);
      const page = await context.newPage();
      return { page, context, problems: recordProblems(page).problems, requests: recordRequests(page).requests };
    });
    await Promise.all(opened.map((context) => context.close()));
  },

  // One context for the worker, past the age gate: its pages share the browser's cache, as one
  // visitor's tabs do, so a walk over many pages downloads and compiles the site's scripts once
  // per worker instead of once per page.
  warmContext: [
    async ({ browser }, provide) => {
      const context = await browser.newContext();
      await passAgeGate(context);
      await provide(context);
      await context.close();
    },
    { scope: "worker" },
  ],

  // The worker's tab: a new page costs a renderer process of its own, about twice what loading
  // and hydrating a page in a tab that is already open costs (e2e/README.md, "Where the time goes").
  // A test that closed it or crashed it leaves the next one a new tab.
  warmTab: [
    async ({ warmContext }, provide) => {
      const tab: { page?: Page } = { page: await warmContext.newPage() };
      await provide(tab);
      await tab.page?.close();
    },
    { scope: "worker" },
  ],

  warmPage: async ({ warmContext, warmTab }, provide) => {
    if (!warmTab.page || warmTab.page.isClosed()) warmTab.page = await warmContext.newPage();
    const page = warmTab.page;
    // The tab outlives the test: what it logs and requests is this test's only while it runs.
    const { problems, stop: stopProblems } = recordProblems(page);
    const { requests, stop: stopRequests } = recordRequests(page);
    await provide({ page, context: warmContext, problems, requests });
    stopProblems();
    stopRequests();
  },
});
