import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { compileHint } from "../pipeline/compile-hint";
import { builtImages, measurePages } from "../bench/measure-bundles";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { trackRequests, untilSettled } from "./support/settle";
import { baseUrl } from "./support/servers";

/**
 * Byte budgets on the built site (docs/performance.md). Sizes are gzip level 9, as the server's
 * precompressed copies; 1 KB = 1024 bytes (KiB, as Lighthouse reports them).
 */
const KB = 1024;
const budgets = {
  // Every page carries the footer's newsletter sign-up, and the forms' code with it (docs/performance.md,
  // "First-load JavaScript per page", 29 November 2026); the tours page has the booking form's prices too.
  firstLoadJs: 126 * KB,
  css: 25 * KB,
  image: 150 * KB,
  homeWithoutVideo: 400 * KB,
  videoFile: 1.5 * KB * KB,
};

const pages = measurePages("build");
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

test.describe("first-load budgets of every page in every language", () => {
  test("measures all prerendered pages", () => {
    // 17 pages × 5 languages at the time of writing; fewer would mean the parser missed pages.
    expect(pages.length).toBeGreaterThanOrEqual(80);
    for (const lang of ["fr", "zh", "es", "ja"]) expect(pages.some((p) => p.path === `/${lang}`)).toBe(true);
    // Every page loads the framework: a page measured with no script was parsed wrongly.
    for (const page of pages) expect(page.scripts.length, page.path).toBeGreaterThan(3);
  });

  test("every script a page loads first is compiled off the main thread (V8's compile hint on its first line)", () => {
    // React Router's route manifest is data, written beside the bundle, with no function to compile.
    const paths = pages.flatMap((page) => page.scripts.map((script) => new URL(script.url, "http://site").pathname));
    const scripts = new Set(paths.filter((path) => !/^\/assets\/manifest-[\w-]+\.js$/.test(path)));
    expect(scripts.size).toBeGreaterThan(10);
    const without = [...scripts].filter((path) => readFileSync(`build/client${path}`, "utf8").split("\n", 1)[0] !== compileHint);
    expect(without).toEqual([]);
  });

  test("no page loads Vite's preload helper first: the two modules with a dynamic import define its wrapper themselves", () => {
    const withHelper = pages.filter((page) => page.scripts.some((script) => /\/preload-helper-[\w-]+\.js$/.test(script.url))).map((page) => page.path);
    expect(withHelper).toEqual([]);
    expect(readdirSync("build/client/assets").filter((name) => name.startsWith("preload-helper-"))).toEqual([]);
  });

  for (const page of pages) {
    const limit = budgets.firstLoadJs;
    test(`${page.path}: first-load JavaScript ≤ ${limit / KB} KB gzip`, () => {
      expect(page.js, `${kb(page.js)}: ${page.scripts.map((s) => `${s.url} ${kb(s.bytes)}`).join(", ")}`).toBeLessThanOrEqual(limit);
    });

    test(`${page.path}: CSS ≤ 25 KB gzip`, () => {
      expect(page.css).toBeGreaterThan(0);
      expect(page.css, kb(page.css)).toBeLessThanOrEqual(budgets.css);
    });
  }
});

test.describe("media budgets", () => {
  test("no built image is over 150 KB", () => {
    const images = builtImages("build");
    expect(images.length).toBeGreaterThan(50);
    const over = images.filter((image) => image.bytes > budgets.image).map((i) => `${i.file} ${kb(i.bytes)}`);
    expect(over).toEqual([]);
  });

  test("every built picture is one of the committed encodes, and the build left that folder as git has it", () => {
    // pipeline/encoded-images/README.md: a fresh clone's build reads them instead of encoding every AVIF again.
    const folder = "pipeline/encoded-images/files";
    const sha1 = (path: string) => createHash("sha1").update(readFileSync(path)).digest("hex");
    const committed = new Set(readdirSync(folder).map((name) => sha1(join(folder, name))));
    const images = builtImages("build");
    expect(images.length).toBeGreaterThan(50);
    expect(images.filter((image) => !committed.has(sha1(join("build/client/assets", image.file)))).map((image) => image.file)).toEqual([]);
    // Against git's index: new files, removed ones and changed ones.
    const changed = execFileSync("git", ["ls-files", "--others", "--deleted", "--modified", "--", folder], { encoding: "utf8" });
    expect(changed, "the build encoded or removed pictures: commit pipeline/encoded-images/files with the content").toBe("");
  });

  test("each hero video file is at most 1.5 MB", () => {
    const files = readdirSync("build/client/media").filter((name) => /\.(webm|mp4)$/.test(name));
    expect(files.some((f) => f.endsWith(".webm")) && files.some((f) => f.endsWith(".mp4"))).toBe(true);
    for (const file of files) expect(statSync(`build/client/media/${file}`).size, file).toBeLessThanOrEqual(budgets.videoFile);
  });
});

test.describe("the home page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  /**
   * Measured in Chromium, not computed: a 390×844 viewport at device pixel ratio 3 (the picture
   * chosen from the srcset depends on it), past the age gate, once the page has loaded, the video
   * is on the page (its code is the last thing the page asks for) and every other request has finished.
   * Bytes are response bodies as sent (brotli for text), without the video files.
   */
  test("loads at most 400 KB besides the video", async ({ page }) => {
    const isVideo = (url: string) => /\/media\/.*\.(webm|mp4)$/.test(url);
    const bodies: Promise<{ url: string; bytes: number }>[] = [];
    const requests = trackRequests(page);
    page.on("requestfinished", (request) => {
      bodies.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })));
    });
    await page.goto(baseUrl, { waitUntil: "load" });
    await waitForHydration(page);
    await expect(page.locator("main section video")).toHaveCount(1);
    // The video may stream on; everything else the page asked for has arrived.
    await untilSettled(page, requests, /\/media\/.*\.(webm|mp4)$/);
    const responses = await Promise.all(bodies);
    const counted = responses.filter((r) => !isVideo(r.url));
    const total = counted.reduce((sum, r) => sum + r.bytes, 0);
    const kinds = (pattern: RegExp) => counted.filter((r) => pattern.test(r.url)).length;
    // The page really was measured: its HTML, stylesheet, scripts, heading font and poster.
    expect(kinds(/\.js$/)).toBeGreaterThan(3);
    expect(kinds(/\.css$/)).toBe(1);
    expect(kinds(/\.woff2$/)).toBeGreaterThanOrEqual(1);
    expect(kinds(/estate-hero-[\w-]+\.avif$/)).toBe(1);
    expect(total, counted.map((r) => `${r.url.replace(/^https?:\/\/[^/]+/, "")} ${r.bytes}`).join("\n")).toBeLessThanOrEqual(budgets.homeWithoutVideo);
  });
});
