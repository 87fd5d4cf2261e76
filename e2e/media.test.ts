import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { baseUrl } from "./support/servers";
import { afterFrames, trackRequests, untilSettled } from "./support/settle";

const video = (page: Page) => page.locator("main section video");
const toggle = (page: Page) => page.locator("main section button[data-video-toggle]");

/**
 * Opens the home page and waits until the hero has decided about its video: the page loaded
 * and hydrated, then idle with no request in flight. The hero decides once both have happened,
 * with no timer; a video it wanted would have been asked for, and its code would have arrived.
 */
async function openHomeAndSettle(page: Page): Promise<void> {
  const requests = trackRequests(page);
  await page.goto(baseUrl, { waitUntil: "load" });
  await waitForHydration(page);
  // A video file the hero asked for would stream on: it is left aside here, and the test sees it.
  await untilSettled(page, requests, /\/media\//);
}

test.describe("home hero video", () => {
  test("plays a muted, looping, inline video over the poster after the page has loaded", async ({ openPage }) => {
    const { page, requests } = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(baseUrl);
    await waitForHydration(page);
    await expect.poll(() => video(page).count()).toBe(1);
    const props = await video(page).evaluate((v: HTMLVideoElement) => ({
      muted: v.muted,
      mutedAttribute: v.hasAttribute("muted"),
      loop: v.loop,
      playsInline: v.playsInline,
      autoplay: v.autoplay,
      preload: v.preload,
      poster: v.poster,
      sources: [...v.querySelectorAll("source")].map((s) => [s.type, s.getAttribute("src")]),
      hidden: v.getAttribute("aria-hidden"),
    }));
    expect(props).toMatchObject({ muted: true, mutedAttribute: true, loop: true, playsInline: true, autoplay: true, preload: "none", hidden: "true" });
    // The video's poster is the picture already on screen: the same estate-hero file.
    const posterSrc = await page
      .locator("main section picture img")
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(props.poster).toBe(posterSrc);
    expect(props.poster).toMatch(/\/assets\/estate-hero-[\w-]+\.(avif|webp|jpe?g)$/);
    expect(props.sources.map(([type]) => type)).toEqual(["video/webm", "video/mp4"]);
    for (const [, src] of props.sources) expect(src).toMatch(/^\/media\/hero-estate-[0-9a-f]{10}\.(webm|mp4)$/);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
    expect(requests.some((url) => url.includes("/media/hero-estate-"))).toBe(true);
  });

  test("is paused and played again by a visible button whose label says what it will do", async ({ openPage }) => {
    const { page, problems } = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto(baseUrl);
    await waitForHydration(page);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    const button = page.getByRole("button", { name: "Pause video" });
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect.poll(() => toggle(page).getAttribute("aria-label")).toBe("Play video");
    await page.getByRole("button", { name: "Play video" }).click();
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await expect.poll(() => toggle(page).getAttribute("aria-label")).toBe("Pause video");
    expect(problems).toEqual([]);
  });

  test("labels the button in the page's language", async ({ page }) => {
    await page.goto(`${baseUrl}/fr`);
    await waitForHydration(page);
    await expect.poll(() => toggle(page).getAttribute("aria-label")).toBe("Mettre la vidéo en pause");
  });

  test("shows only the poster with prefers-reduced-motion: reduce", async ({ openPage }) => {
    const { page, requests } = await openPage({ reducedMotion: "reduce" });
    await openHomeAndSettle(page);
    expect(await video(page).count()).toBe(0);
    expect(await toggle(page).count()).toBe(0);
    expect(
      await page
        .locator("main section picture img")
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    expect(requests.filter((url) => url.includes("/media/") || url.includes("background-video"))).toEqual([]);
  });

  test("shows only the poster when the browser asks to save data", async ({ page, context, requests }) => {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => ({ saveData: true }) });
    });
    await openHomeAndSettle(page);
    expect(await video(page).count()).toBe(0);
    expect(requests.filter((url) => url.includes("/media/"))).toEqual([]);
  });

  test("waits behind the age gate and starts once the visitor confirms their age", async ({ openPage }) => {
    const { page, requests } = await openPage({ adult: false });
    // The video's code arrives after the load event and waits for the answer: settled, it has.
    await openHomeAndSettle(page);
    expect(await video(page).count()).toBe(0);
    expect(requests.filter((url) => url.includes("/media/"))).toEqual([]);
    await page.getByRole("button", { name: "Yes, I am 18 or older" }).click();
    await expect.poll(() => video(page).count()).toBe(1);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  });
});

// What every page fetches before its first paint (preloads, priorities, fonts): e2e/first-paint.test.ts.
test.describe("the hero video's code", () => {
  test("loads the video's code only after the page, and serves the video files with a long cache", async ({ page }) => {
    expect(readFileSync("build/client/index.html", "utf8")).not.toContain("background-video");
    await page.goto(baseUrl);
    await expect.poll(() => video(page).count()).toBe(1);
    const sources = await video(page).evaluate((v: HTMLVideoElement) => [...v.querySelectorAll("source")].map((s) => s.getAttribute("src")!));
    for (const src of sources) {
      const response = await fetch(`${baseUrl}${src}`, { method: "HEAD" });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });
});

test.describe("web fonts", () => {
  /**
   * Sums layout shifts while the fonts arrive late: every font request is held until the page
   * has painted (its first contentful paint, in the fallback faces), then let through; the sum
   * is read once the fonts are in and two more frames have been laid out and painted.
   */
  async function shiftWhileFontsArrive(page: Page, path: string): Promise<number> {
    let fontsServed = 0;
    let releaseFonts = () => {};
    const painted = new Promise<void>((resolve) => (releaseFonts = resolve));
    await page.route("**/*.woff2", async (route) => {
      await painted;
      fontsServed += 1;
      await route.continue();
    });
    await page.addInitScript(() => {
      const win = window as unknown as { layoutShift: number; shifts: PerformanceObserver };
      win.layoutShift = 0;
      const add = (entries: PerformanceEntryList) => {
        for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) win.layoutShift += entry.value;
        }
      };
      win.shifts = new PerformanceObserver((list) => add(list.getEntries()));
      win.shifts.observe({ type: "layout-shift", buffered: true });
      // Entries recorded but not yet handed to the observer are taken when the sum is read.
      (window as unknown as { readShift: () => number }).readShift = () => {
        add(win.shifts.takeRecords());
        return win.layoutShift;
      };
    });
    const loaded = page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length).catch(() => 0)).toBe(1);
    releaseFonts();
    await loaded;
    await page.evaluate(() => document.fonts.ready);
    await afterFrames(page);
    const shift = await page.evaluate(() => (window as unknown as { readShift: () => number }).readShift());
    expect(fontsServed).toBeGreaterThan(0);
    return shift;
  }

  for (const [path, viewport] of [
    ["/", { width: 390, height: 844 }],
    ["/", { width: 1366, height: 768 }],
    ["/shop/chateau-2020", { width: 390, height: 844 }],
    ["/shop/chateau-2020", { width: 1366, height: 768 }],
    ["/story", { width: 1366, height: 768 }],
  ] as const) {
    test(`moves nothing on ${path} (${viewport.width}×${viewport.height}) when the fonts arrive late: CLS ≤ 0.01`, async ({ openPage }) => {
      const { page } = await openPage({ viewport });
      expect(await shiftWhileFontsArrive(page, path)).toBeLessThanOrEqual(0.01);
    });
  }
});
