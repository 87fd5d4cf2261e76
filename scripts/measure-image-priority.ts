/**
 * Checks that each page's largest image in the first screen is the one loaded with
 * fetchpriority="high", and that no other image is: every English page (the other languages
 * render the same images), on a phone and on a laptop screen, in Chromium against the real
 * server serving `build/`. Prints one line per page and viewport; exits 1 if any is wrong.
 *
 *   npx tsx scripts/measure-image-priority.ts
 */
import { launchBrowser, openPage } from "../e2e/support/browser";
import { startServer } from "../e2e/support/server";
import { builtPages } from "./measure-bundles";

const server = await startServer({ buildDir: "build", env: { LOG_LEVEL: "error" } });
const browser = await launchBrowser();
const paths = [...builtPages("build/client").keys()].filter((path) => !/^\/(fr|zh|es|ja)(\/|$)/.test(path));
let wrong = 0;
try {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    for (const path of paths) {
      const { page, context } = await openPage(browser, { viewport });
      await page.goto(`${server.url}${path}`, { waitUntil: "load" });
      const images = await page.evaluate(() =>
        [...document.querySelectorAll("main img")].map((img) => {
          const box = img.getBoundingClientRect();
          const visibleHeight = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
          const src = (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src;
          return { name: src.split("/").pop()!.replace(/-[\w-]{8}\.\w+$/, ""), area: Math.round(box.width * visibleHeight), high: img.getAttribute("fetchpriority") === "high" };
        }),
      );
      await context.close();
      const high = images.filter((image) => image.high);
      const largest = images.filter((image) => image.area > 0).sort((a, b) => b.area - a.area)[0];
      const ok = largest ? high.length === 1 && high[0]!.name === largest.name && high[0]!.area === largest.area : high.length === 0;
      if (!ok) wrong += 1;
      console.log(
        `${ok ? "ok   " : "WRONG"} ${viewport.width}px ${path}: high priority ${high.map((i) => i.name).join(", ") || "none"}; largest in view ${largest ? `${largest.name} (${largest.area} px²)` : "none"}`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(wrong ? 1 : 0);
