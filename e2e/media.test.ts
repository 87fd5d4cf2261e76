import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { sharedBrowser, openPage, waitForHydration } from "./support/browser";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

const video = (page: Page) => page.locator("main section video");
const toggle = (page: Page) => page.locator("main section button[data-video-toggle]");

describe("home hero video", () => {
  it("plays a muted, looping, inline video over the poster after the page has loaded", async () => {
    const { page, context, requests } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
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
    const posterSrc = await page.locator("main section picture img").first().evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(props.poster).toBe(posterSrc);
    expect(props.poster).toMatch(/\/assets\/estate-hero-[\w-]+\.(avif|webp|jpe?g)$/);
    expect(props.sources.map(([type]) => type)).toEqual(["video/webm", "video/mp4"]);
    for (const [, src] of props.sources) expect(src).toMatch(/^\/media\/hero-estate-[0-9a-f]{10}\.(webm|mp4)$/);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 15_000 }).toBe(true);
    expect(requests.some((url) => url.includes("/media/hero-estate-"))).toBe(true);
    await context.close();
  });

  it("is paused and played again by a visible button whose label says what it will do", async () => {
    const { page, context, problems } = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await page.goto(baseUrl);
    await waitForHydration(page);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 15_000 }).toBe(true);
    const button = page.getByRole("button", { name: "Pause video" });
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect.poll(() => toggle(page).getAttribute("aria-label")).toBe("Play video");
    await page.getByRole("button", { name: "Play video" }).click();
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await expect.poll(() => toggle(page).getAttribute("aria-label")).toBe("Pause video");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("labels the button in the page's language", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl}/fr`);
    await waitForHydration(page);
    await expect.poll(() => toggle(page).getAttribute("aria-label"), { timeout: 15_000 }).toBe("Mettre la vidéo en pause");
    await context.close();
  });

  it("shows only the poster with prefers-reduced-motion: reduce", async () => {
    const { page, context, requests } = await openPage(browser(), { reducedMotion: "reduce" });
    await page.goto(baseUrl, { waitUntil: "load" });
    await waitForHydration(page);
    await page.waitForTimeout(1500);
    expect(await video(page).count()).toBe(0);
    expect(await toggle(page).count()).toBe(0);
    expect(await page.locator("main section picture img").first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(requests.filter((url) => url.includes("/media/") || url.includes("background-video"))).toEqual([]);
    await context.close();
  });

  it("shows only the poster when the browser asks to save data", async () => {
    const { page, context, requests } = await openPage(browser());
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => ({ saveData: true }) });
    });
    await page.goto(baseUrl, { waitUntil: "load" });
    await waitForHydration(page);
    await page.waitForTimeout(1500);
    expect(await video(page).count()).toBe(0);
    expect(requests.filter((url) => url.includes("/media/"))).toEqual([]);
    await context.close();
  });

  it("waits behind the age gate and starts once the visitor confirms their age", async () => {
    const { page, context, requests } = await openPage(browser(), { adult: false });
    await page.goto(baseUrl, { waitUntil: "load" });
    await waitForHydration(page);
    await page.waitForTimeout(1500);
    expect(await video(page).count()).toBe(0);
    expect(requests.filter((url) => url.includes("/media/"))).toEqual([]);
    await page.getByRole("button", { name: "Yes, I am 18 or older" }).click();
    await expect.poll(() => video(page).count()).toBe(1);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});

// What every page fetches before its first paint (preloads, priorities, fonts): e2e/first-paint.test.ts.
describe("the hero video's code", () => {
  it("loads the video's code only after the page, and serves the video files with a long cache", async () => {
    expect(readFileSync("build/client/index.html", "utf8")).not.toContain("background-video");
    const { page, context } = await openPage(browser());
    await page.goto(baseUrl);
    await expect.poll(() => video(page).count(), { timeout: 15_000 }).toBe(1);
    const sources = await video(page).evaluate((v: HTMLVideoElement) => [...v.querySelectorAll("source")].map((s) => s.getAttribute("src")!));
    await context.close();
    for (const src of sources) {
      const response = await fetch(`${baseUrl}${src}`, { method: "HEAD" });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });
});

describe("web fonts", () => {
  /** Sums layout shifts while the fonts are held back 1.5 s, so the page first paints in the fallbacks. */
  async function shiftWhileFontsArrive(path: string, viewport: { width: number; height: number }): Promise<number> {
    const { page, context } = await openPage(browser(), { viewport });
    let fontsServed = 0;
    await page.route("**/*.woff2", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      fontsServed += 1;
      await route.continue();
    });
    await page.addInitScript(() => {
      const win = window as unknown as { layoutShift: number };
      win.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) win.layoutShift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    await context.close();
    expect(fontsServed).toBeGreaterThan(0);
    return shift;
  }

  it.each([
    ["/", { width: 390, height: 844 }],
    ["/", { width: 1366, height: 768 }],
    ["/shop/chateau-2020", { width: 390, height: 844 }],
    ["/shop/chateau-2020", { width: 1366, height: 768 }],
    ["/story", { width: 1366, height: 768 }],
  ] as const)("moves nothing on %s (%o) when the fonts arrive late: CLS ≤ 0.01", async (path, viewport) => {
    expect(await shiftWhileFontsArrive(path, viewport)).toBeLessThanOrEqual(0.01);
  });
});
