import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";
import { content } from "#content";

const { site } = content;
import { publicPaths } from "../app/lib/site-paths.server";
import { resourceSecurityPolicy } from "../server/security-headers";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { startServer, type RunningServer } from "./support/server";
import { baseUrl } from "./support/servers";
import { guardOutside } from "./support/visit";

const buildDir = process.env.E2E_BUILD_DIR ?? "build";
/** A build made with SNIPCART_PUBLIC_KEY opens Snipcart's origins and inline styles (docs/security.md). */
const snipcartBuild = (JSON.parse(readFileSync(join(buildDir, "build-info.json"), "utf8")) as { snipcart: boolean }).snipcart;

/** A CSP header as a map from directive to its sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** Records the page's Content-Security-Policy violations (the browser's own report event). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = found;
    document.addEventListener("securitypolicyviolation", (event) => found.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

/**
 * Snipcart's pinned files, as app/lib/snipcart.ts names them (that module reads Vite's
 * `import.meta.env`, which only the build defines). The policy opens Snipcart's origins, whatever
 * the version in the path.
 */
const snipcartScriptUrl = "https://cdn.snipcart.com/themes/v3.7.1/default/snipcart.js";
const snipcartStylesheetUrl = "https://cdn.snipcart.com/themes/v3.7.1/default/snipcart.css";

/** Stands in for Snipcart's script: does what the cart does (inline styles, payment frame, API call). */
const standIn = `
  const box = document.createElement("div");
  box.setAttribute("style", "position:fixed;right:0");
  document.body.append(box);
  const frame = document.createElement("iframe");
  frame.src = "https://payment.snipcart.com/checkout";
  frame.title = "payment";
  document.body.append(frame);
  fetch("https://app.snipcart.com/api/cart", { method: "POST" }).then(() => { window.__snipcartApi = "ok"; }, () => { window.__snipcartApi = "blocked"; });
  window.__snipcartLoaded = true;
`;

/** Answers Snipcart's origins (no network here); registered after `guardOutside`, it takes precedence. */
async function stubSnipcart(page: Page) {
  await page.context().route(/^https:\/\/(cdn|app|payment)\.snipcart\.com\//, (route) => {
    const url = route.request().url();
    if (url.endsWith(".js")) return route.fulfill({ contentType: "text/javascript", body: standIn });
    if (url.endsWith(".css")) return route.fulfill({ contentType: "text/css", body: "#snipcart{color:black}" });
    if (url.includes("/api/")) return route.fulfill({ contentType: "application/json", headers: { "access-control-allow-origin": "*" }, body: "{}" });
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>pay</title><p>pay" });
  });
}

/**
 * The fixtures seed sessionStorage in every frame (the age flag); in a frame without storage (the
 * stubbed outside pages, the refused frame) that seeding itself throws. It is the harness, not the site.
 */
const harnessNoise = "Failed to read the 'sessionStorage' property";
const siteProblems = (problems: string[]) => problems.filter((problem) => !problem.includes(harnessNoise));

const baseHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "x-frame-options": "DENY",
};

test.describe("security headers from the real server", () => {
  test("every page's CSP lists exactly the hashes of its own inline scripts, and nothing unsafe", async () => {
    const mismatched: Record<string, unknown> = {};
    for (const { path } of publicPaths(content)) {
      const response = await fetch(`${baseUrl}${path}`);
      const html = await response.text();
      const csp = parseCsp(response.headers.get("content-security-policy"));
      const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => ({
        data: /type="application\/(ld\+)?json"/.test(match[0]),
        hash: `'sha256-${createHash("sha256")
          .update(match[1] ?? "")
          .digest("base64")}'`,
      }));
      const hashes = (csp.get("script-src") ?? []).filter((source) => source.startsWith("'sha256-"));
      // Every script the page runs is allowed by hash; no hash allows a script the page does not hold.
      // (Hashes of JSON-LD data blocks are harmless: browsers never run them.)
      const missing = scripts.filter((script) => !script.data && !hashes.includes(script.hash)).map((script) => script.hash);
      const foreign = hashes.filter((hash) => !scripts.some((script) => script.hash === hash));
      if (scripts.filter((script) => !script.data).length === 0 || missing.length > 0 || foreign.length > 0) mismatched[path] = { missing, foreign };
      for (const [name, value] of Object.entries(baseHeaders)) expect(response.headers.get(name), `${path} ${name}`).toBe(value);
      expect(response.headers.get("content-security-policy"), path).not.toMatch(/unsafe-eval|\*/);
      for (const [directive, sources] of csp) {
        if (sources.includes("'unsafe-inline'")) expect(snipcartBuild && directive === "style-src", `${path} ${directive}`).toBe(true);
      }
      expect(csp.get("object-src"), path).toEqual(["'none'"]);
      expect(csp.get("base-uri"), path).toEqual(["'self'"]);
      expect(csp.get("frame-ancestors"), path).toEqual(["'none'"]);
    }
    expect(mismatched).toEqual({});
  });

  test("sends the base headers on assets, the API, errors and the health check too", async () => {
    const asset = (await (await fetch(`${baseUrl}/`)).text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    const requests: [string, RequestInit?][] = [
      [asset ?? "/assets/missing.js"],
      ["/healthz"],
      ["/favicon.svg"],
      ["/sitemap.xml"],
      ["/api/contact-messages", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }],
      ["/shop%5c..%5csecret"],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(`${baseUrl}${path}`, init);
      for (const [name, value] of Object.entries(baseHeaders)) expect(response.headers.get(name), `${path} ${name}`).toBe(value);
      // Not a page: whatever it is, opened by itself it may load and run nothing.
      expect(response.headers.get("content-security-policy"), path).toBe(resourceSecurityPolicy);
    }
    const notFound = await fetch(`${baseUrl}/fr/nulle-part`);
    expect(notFound.status).toBe(404);
    expect(parseCsp(notFound.headers.get("content-security-policy")).get("script-src")?.[0]).toBe("'self'");
  });
});

test.describe("behind an HTTPS proxy (HSTS=true)", () => {
  test("adds Strict-Transport-Security to every answer and upgrades stray http:// requests", async () => {
    const server = await startServer({ buildDir, env: { HSTS: "true", TRUST_PROXY: "127.0.0.1" } });
    try {
      for (const path of ["/", "/fr/shop", "/healthz", "/no-such-page"]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.headers.get("strict-transport-security"), path).toBe("max-age=63072000; includeSubDomains");
      }
      const csp = parseCsp((await fetch(`${server.url}/`)).headers.get("content-security-policy"));
      expect(csp.has("upgrade-insecure-requests")).toBe(true);
      // Without it, nothing claims HTTPS.
      expect((await fetch(`${baseUrl}/`)).headers.get("strict-transport-security")).toBeNull();
    } finally {
      await server.stop();
    }
  });
});

test.describe("the Content-Security-Policy in Chromium", () => {
  test("blocks a script injected into a page, inline or from another site, and reports it", async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto(`${baseUrl}/shop`);
    await waitForHydration(page);
    await page.evaluate(async () => {
      const inline = document.createElement("script");
      inline.textContent = "window.__pwned = 'inline'";
      document.body.append(inline);
      const remote = document.createElement("script");
      remote.src = "https://evil.example/x.js";
      document.body.append(remote);
      const handler = document.createElement("img");
      handler.setAttribute("src", "data:,x");
      handler.setAttribute("onerror", "window.__pwned = 'onerror'");
      document.body.append(handler);
    });
    // Each violation is reported as the browser refuses the script: once all three are in, none has run or will.
    await expect
      .poll(violations)
      .toEqual(expect.arrayContaining(["script-src-elem inline", "script-src-elem https://evil.example/x.js", "script-src-attr inline"]));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  });

  test("keeps the site out of other sites' frames", async ({ page }) => {
    await page.goto("about:blank");
    await page.setContent(`<iframe src="${baseUrl}/" title="framed"></iframe>`);
    await expect.poll(() => page.frames().length).toBe(2);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // frame-ancestors 'none' (and X-Frame-Options: DENY): Chromium shows its own error page instead.
    await expect.poll(() => frame?.url()).toMatch(/^chrome-error:/);
    expect(await frame?.locator("#main, #age-gate").count()).toBe(0);
  });

  test("lets the map and the video load after a click, with no policy violation anywhere on the way", async ({ openPage }) => {
    for (const [path, button, origin] of [
      ["/contact", /Show the map/, new URL(site.mapEmbedUrl).origin],
      ["/news", /Play the video/, "https://www.youtube-nocookie.com"],
    ] as const) {
      const { page, context, problems } = await openPage();
      const outside = await guardOutside(context, baseUrl);
      // In a Snipcart build the click also loads the cart.
      await stubSnipcart(page);
      const violations = await watchCsp(page);
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      expect(outside, path).toEqual([]);
      await page.getByRole("button", { name: button }).first().click();
      const frame = page.locator("iframe").first();
      await frame.waitFor();
      expect(new URL((await frame.getAttribute("src")) ?? "").origin).toBe(origin);
      // The outside site is stubbed (no network here): the stub's text proves the frame was allowed to load.
      await expect.poll(() => frame.contentFrame().locator("p").textContent()).toBe("stub");
      const csp = parseCsp((await page.request.get(`${baseUrl}${path}`)).headers()["content-security-policy"] ?? null);
      expect(csp.get("frame-src"), path).toContain(origin);
      expect(await violations(), path).toEqual([]);
      expect(siteProblems(problems), path).toEqual([]);
    }
  });
});

/**
 * Snipcart: its origins are opened only in a build made with SNIPCART_PUBLIC_KEY. The first test
 * serves this build with `snipcart: true` in its build info (what the server reads to choose the
 * policy) and loads Snipcart's pinned files as the loader does, from a stand-in that also does
 * what the cart does (API call, payment frame, inline styles). The second uses a real Snipcart build when one
 * exists: `SNIPCART_PUBLIC_KEY=test BUILD_DIR=build-snip npm run build`.
 */
test.describe("the policy of a Snipcart build", () => {
  // One server with the flipped build info for the describe: its tests run in order, in one worker.
  test.describe.configure({ mode: "default" });
  let flipped: RunningServer;
  test.beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "lescours-snipcart-csp-"));
    const info = JSON.parse(readFileSync(join(buildDir, "build-info.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(join(dir, "build-info.json"), JSON.stringify({ ...info, snipcart: true }));
    symlinkSync(resolve(buildDir, "client"), join(dir, "client"));
    symlinkSync(resolve(buildDir, "errors"), join(dir, "errors"));
    flipped = await startServer({ buildDir: dir });
  });
  test.afterAll(async () => {
    await flipped.stop();
  });

  test("lets Snipcart's script, stylesheet, API, payment frame and inline styles through, and nothing else", async ({ page, problems }) => {
    const violations = await watchCsp(page);
    await stubSnipcart(page);
    await page.goto(`${flipped.url}/shop`);
    await waitForHydration(page);
    await page.evaluate(
      ({ script, stylesheet }) => {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = stylesheet;
        document.head.append(link);
        const tag = document.createElement("script");
        tag.src = script;
        document.head.append(tag);
      },
      { script: snipcartScriptUrl, stylesheet: snipcartStylesheetUrl },
    );
    await expect.poll(() => page.evaluate(() => (window as unknown as { __snipcartApi?: string }).__snipcartApi)).toBe("ok");
    await expect.poll(() => page.frames().some((frame) => frame.url().startsWith("https://payment.snipcart.com/"))).toBe(true);
    expect(await violations()).toEqual([]);
    expect(siteProblems(problems)).toEqual([]);

    // Another outside script is still refused.
    await page.evaluate(() => {
      const tag = document.createElement("script");
      tag.src = "https://evil.example/x.js";
      document.head.append(tag);
    });
    await expect.poll(violations).toEqual(["script-src-elem https://evil.example/x.js"]);
  });

  test("a real Snipcart build loads the cart on the first key press without a violation", async ({ page, problems }) => {
    test.skip(!existsSync("build-snip/build-info.json"), "needs a Snipcart build: SNIPCART_PUBLIC_KEY=test BUILD_DIR=build-snip npm run build");
    const server = await startServer({ buildDir: "build-snip" });
    try {
      const violations = await watchCsp(page);
      await stubSnipcart(page);
      await page.goto(`${server.url}/shop`);
      await waitForHydration(page);
      expect(await page.evaluate(() => "__snipcartLoaded" in window)).toBe(false);
      await page.keyboard.press("Tab");
      await expect.poll(() => page.evaluate(() => (window as unknown as { __snipcartApi?: string }).__snipcartApi)).toBe("ok");
      expect(await violations()).toEqual([]);
      expect(siteProblems(problems)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
