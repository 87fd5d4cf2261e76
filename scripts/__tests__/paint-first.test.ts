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
    const code = /<script type="module">([\s\S]*?)<\/script>/.exec(paintFirst(page))![1]!;
    const imported: string[] = [];
    const listeners = new Map<string, () => void>();
    const window: { __reactRouterRouteModules?: Record<string, unknown> } = {};
    const run = new Function("document", "addEventListener", "removeEventListener", "window", "importer", code.replaceAll("import(", "importer("));
    run(
      { readyState: "interactive" },
      (type: string, listener: () => void) => listeners.set(type, listener),
      (type: string) => listeners.delete(type),
      window,
      async (url: string) => {
        imported.push(url);
        return { url };
      },
    );
    expect([...listeners.keys()].sort()).toEqual(["focusin", "keydown", "load", "pointerdown", "touchstart"]);
    expect(imported).toEqual([]);
    listeners.get("keydown")!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(imported).toEqual(["/assets/manifest-1.js", "/assets/root-4.js", "/assets/language-layout-5.js", "/assets/shop-6.js", "/assets/entry.client-7.js"]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-4.js" },
      "en/layout": { url: "/assets/language-layout-5.js" },
      "en/shop": { url: "/assets/shop-6.js" },
    });
    // A second trigger (the load event) starts nothing more.
    listeners.get("load")?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(imported).toHaveLength(5);
  });
});
