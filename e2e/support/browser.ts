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
 * The features Playwright 1.65 turns off (its `--disable-features` flag). Chromium keeps only the
 * last `--disable-features` of its command line, so a flag of ours has to repeat them;
 * e2e/browser.test.ts fails if Playwright's list ever names one that is not here.
 */
const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * The flags of a Chromium that Playwright drives: the ones above, and no address-bar popup.
 * Playwright opens every browser context in a window of its own, and Chromium 156 gives each
 * window's address bar two popups built as web pages (WebUI), in a renderer process of their own
 * that starts with the window: about 1 s of CPU for every context, that is for every browser test,
 * on these two cores. A new context with a page that loads and hydrates `/contact`, `/fr/villa`,
 * `/ja/news` or `/es/shop` took 5.0–5.3 s of CPU (2.6–2.7 s wall) with the popups and 2.5–3.1 s
 * (1.4–1.7 s wall) without them (e2e/README.md, "Where the time goes"). Nothing the site does
 * involves the address bar.
 *
 * Nor a spare renderer (`SpareRendererForSitePerProcess`): Chromium starts a renderer process
 * ahead of the next navigation, for the context it last used, and a test's next context cannot
 * use it. Fresh contexts loading and hydrating the same four pages, three alternating rounds:
 * 1.97–2.13 s of CPU per page without it, 2.23–2.51 s with it.
 */
export const playwrightArgs = [
  ...chromiumArgs,
  `--disable-features=${[...playwrightDisabledFeatures, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "SpareRendererForSitePerProcess"].join(",")}`,
];

/**
 * The test runner's flags (playwright.config.ts): the above, and V8 in each page stopping at its
 * baseline compiler (Sparkplug), without the optimizing tiers. A test's page lives seconds and runs
 * cold code (hydration, a form, axe once), so the optimizing compilers' background work seldom paid
 * for itself: 186 tests (pages, axe, tours, wines), four alternating runs, 162–170 CPU-seconds without
 * the flag and 154–157 with it (the pages' processes 45–48 → 40–41). And the GPU process's work (with
 * `--disable-gpu`, software compositing) done in the browser process, with no process and no IPC of
 * its own: 134 tests (pages, tours) on two workers, five alternating pairs, 100–135 CPU-seconds of
 * the machine without it and 95–125 with it, lower in four pairs of five (kernel time 22–28 → 20–23).
 * Never for a benchmark's browser (`launchBrowser` below, Lighthouse), which must run pages as
 * visitors' browsers do.
 */
export const testRunnerArgs = [...playwrightArgs, "--js-flags=--max-opt=1", "--in-process-gpu"];

/**
 * Debian's Chromium with the flags above, for scripts outside the test runner (the browser tests
 * get theirs from playwright.config.ts: these, and the two `testRunnerArgs` adds).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, args: playwrightArgs });
}

/** Waits until React has hydrated the page (the router marks itself on window). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => "__reactRouterRouteModules" in window && document.readyState === "complete");
  await page.waitForFunction(() => {
    const root = document.getElementById("age-gate") ?? document.querySelector("main");
    return root !== null && Object.keys(root).some((key) => key.startsWith("__reactFiber"));
  });
}
