import { LinkChecker } from "linkinator";
import { publicPaths } from "../app/lib/site-paths.server";
import { expect, test } from "./support/fixtures";
import { baseUrl } from "./support/servers";
import { content } from "#content";

test.describe("a crawl of the served site", () => {
  test("finds no broken internal link, image, script or stylesheet", async () => {
    // Hundreds of pages and files: minutes on a busy machine. The limits are last resorts.
    test.setTimeout(600_000);
    const checker = new LinkChecker();
    const result = await checker.check({
      // Every public page is a starting point, so pages that few links reach are checked too.
      path: publicPaths(content).map((p) => `${baseUrl}${p.path}`),
      recurse: true,
      concurrency: 8,
      // Offline: outside links are the visitor's business; canonical URLs name the public origin.
      linksToSkip: async (link) => !link.startsWith(baseUrl),
    });
    const broken = result.links.filter((link) => link.state === "BROKEN").map((link) => `${link.status ?? "?"} ${link.url} (from ${link.parent ?? "start"})`);
    expect(broken).toEqual([]);
    // The crawl really followed links out of the pages: assets, not just the starting points.
    const checked = result.links.filter((link) => link.state === "OK").map((link) => link.url);
    expect(checked.some((url) => url.includes("/assets/") && url.endsWith(".css"))).toBe(true);
    expect(checked.some((url) => /\/assets\/.+\.(avif|webp|jpe?g)$/.test(url))).toBe(true);
  });
});
