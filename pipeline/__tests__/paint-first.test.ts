import { describe, expect, it } from "vitest";
import { paintFirst, parseBootScript } from "../paint-first";

/** The head and boot script React Router 7 writes into a prerendered page (shape of build/client/shop/index.html). */
const page = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/framework-2.js"/><link rel="stylesheet" href="/assets/root-3.css"/></head><body><main>Shop</main>
<script>window.__reactRouterContext = {"basename":"/"};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-4.js";
import * as route1 from "/assets/language-layout-5.js";
import * as route2 from "/assets/shop-6.js";
  
  window.__reactRouterRouteModules = {"root":route0,"en/layout":route1,"en/shop":route2};

import("/assets/entry.client-7.js");</script></body></html>`;

/** Runs the rewritten boot script against stand-ins for the page, its events, its frames and `import()`. */
function boot(document: { readyState: string; hidden?: boolean }, requestAnimationFrame: (callback: () => void) => void) {
  const code = /<script type="module">([\s\S]*?)<\/script>/.exec(paintFirst(page))![1]!;
  const imported: string[] = [];
  const listeners = new Map<string, () => void>();
  const window: { __reactRouterRouteModules?: Record<string, unknown> } = {};
  const run = new Function("document", "addEventListener", "removeEventListener", "window", "requestAnimationFrame", "importer", code.replaceAll("import(", "importer("));
  run(
    document,
    (type: string, listener: () => void) => listeners.set(type, listener),
    (type: string) => listeners.delete(type),
    window,
    requestAnimationFrame,
    async (url: string) => {
      imported.push(url);
      return { url };
    },
  );
  return { imported, listeners, window };
}

const aTask = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("paint first", () => {
  it("reads React Router's boot script: manifest, route modules by id, client entry", () => {
    const boot = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(page)![1]!;
    expect(parseBootScript(boot)).toEqual({
      manifest: "/assets/manifest-1.js",
      routes: [
        { id: "root", url: "/assets/root-4.js" },
        { id: "en/layout", url: "/assets/language-layout-5.js" },
        { id: "en/shop", url: "/assets/shop-6.js" },
      ],
      entry: "/assets/entry.client-7.js",
    });
  });

  it("drops the modulepreload links and leaves no static import to fetch before the first paint", () => {
    const html = paintFirst(page);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-3.css"/>');
    expect(html).not.toMatch(/^import /m);
    expect(html).not.toContain('type="module" async');
  });

  it("starts the same modules on load or on the first pointer, key, touch or focus, and registers the routes by id", async () => {
    const { imported, listeners, window } = boot({ readyState: "interactive" }, (callback) => callback());
    expect([...listeners.keys()].sort()).toEqual(["focusin", "keydown", "load", "pointerdown", "touchstart"]);
    expect(imported).toEqual([]);
    listeners.get("keydown")!();
    await aTask();
    expect(imported).toEqual(["/assets/manifest-1.js", "/assets/root-4.js", "/assets/language-layout-5.js", "/assets/shop-6.js", "/assets/entry.client-7.js"]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-4.js" },
      "en/layout": { url: "/assets/language-layout-5.js" },
      "en/shop": { url: "/assets/shop-6.js" },
    });
    // A second trigger (the load event) starts nothing more.
    listeners.get("load")?.();
    await aTask();
    expect(imported).toHaveLength(5);
  });

  it("after the load event, waits for the next frame to be drawn before it requests anything", async () => {
    const frames: (() => void)[] = [];
    const { imported, listeners } = boot({ readyState: "interactive", hidden: false }, (callback) => frames.push(callback));
    listeners.get("load")!();
    await aTask();
    expect(imported).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(imported).toEqual([]);
    await aTask();
    expect(imported[0]).toBe("/assets/manifest-1.js");
    expect(imported).toHaveLength(5);
  });

  it("on a page already loaded, or hidden, starts without waiting for an interaction", async () => {
    for (const document of [{ readyState: "complete", hidden: true }, { readyState: "complete", hidden: false }]) {
      const { imported } = boot(document, (callback) => callback());
      await aTask();
      expect(imported, JSON.stringify(document)).toHaveLength(5);
    }
  });
});
