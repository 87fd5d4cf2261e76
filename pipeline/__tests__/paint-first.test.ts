/**
 * The rewrite on its own. React Router's real output, in the real browser with the real
 * Content-Security-Policy, is tested on the built site by e2e/before-hydration.test.ts.
 */
import { describe, expect, it } from "vitest";
import { aTaskLater } from "../../tests/support/pacing";
import { waitFor } from "../../tests/support/wait-for";
import { paintFirst, starterScript } from "../paint-first";

/**
 * Code the rewrite must carry over untouched. Deliberately not React Router's shape: nothing in
 * paint-first may depend on what the boot script says (and `$&` would be mangled by a careless
 * String.replace).
 */
const boot = `import "/assets/a-1.js";\nconsole.log("$& $1 $$", { any: ['thing'] });\nimport("/assets/b-2.js");`;

/** The page's chunks, as React Router preloads them: the framework's two among the page's own. */
const preloads = ["/assets/manifest-1.js", "/assets/framework-Cw_Q-mK1.js", "/assets/a-1.js", "/assets/react-CZ8UKsfv.js", "/assets/b-2.js"];

const page = (body: string, links = preloads) =>
  `<!DOCTYPE html><html><head>${links.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("")}` +
  `<link rel="stylesheet" href="/assets/root-3.css"/><script>head()</script></head><body><main>Shop</main>${body}</body></html>`;

const reactRouterBody = `<script>window.__context = {};</script><script type="module" async="">${boot}</script>`;

describe("paint first: the page", () => {
  it("keeps the boot script byte for byte, in a data block that does not run, followed by the starter", () => {
    const html = paintFirst(page(reactRouterBody));
    expect(html).toContain(`<main>Shop</main><script>window.__context = {};</script><script type="text/x-boot-module" id="boot-module" `);
    expect(html).toContain(`>${boot}</script><script>${starterScript}</script></body>`);
    expect(html).not.toMatch(/<script type="module"/);
  });

  it("lists on the block the chunks React Router preloaded, and the framework's to evaluate first, React's before React Router's", () => {
    const html = paintFirst(page(reactRouterBody));
    expect(html).toContain(` data-preload="${preloads.join(" ")}"`);
    expect(html).toContain(` data-first="/assets/react-CZ8UKsfv.js /assets/framework-Cw_Q-mK1.js"`);
  });

  it("refuses a page that preloads no framework chunk, so a renamed chunk stops the build", () => {
    expect(() => paintFirst(page(reactRouterBody, ["/assets/a-1.js", "/assets/framework-Cw_Q-mK1.js"]))).toThrow(/no "react" chunk/);
  });

  it("drops the modulepreload links and leaves the rest of the head as it was", () => {
    const html = paintFirst(page(reactRouterBody));
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).toContain('<head><link rel="stylesheet" href="/assets/root-3.css"/><script>head()</script></head>');
  });

  it("refuses a page without exactly one inline module script, so a change in React Router's output stops the build", () => {
    expect(() => paintFirst(page("<script>window.__context = {};</script>"))).toThrow(/found 0/);
    expect(() => paintFirst(page(`${reactRouterBody}<script type="module">${boot}</script>`))).toThrow(/found 2/);
  });
});

interface FakeElement {
  type?: string;
  async?: boolean;
  rel?: string;
  href?: string;
  textContent: string;
}

const first = ["/assets/react-CZ8UKsfv.js", "/assets/framework-Cw_Q-mK1.js"];

/**
 * Runs the starter against stand-ins for the document, its events, its frames, its clock and
 * `import()` (which a test's module loader does not let a `new Function` call), and records what it
 * does, in order: `link <href>` for each preload link, `import <url>`, `boot` when the block becomes
 * a module script.
 */
function start(
  state: { readyState: string; hidden?: boolean },
  requestAnimationFrame: (callback: () => void) => void,
  {
    importModule = () => Promise.resolve({}),
    now = () => 0,
    paint = "presented",
  }: {
    importModule?: (url: string) => Promise<unknown>;
    now?: () => number;
    /** The first contentful paint: already on screen, still to come (`report()` brings it), or not told by this browser. */
    paint?: "presented" | "later" | "untold";
  } = {},
) {
  const steps: string[] = [];
  const block: { replacedBy?: FakeElement } = {};
  const listeners = new Map<string, () => void>();
  const document = {
    ...state,
    head: {
      appendChild: (link: FakeElement) => {
        expect(link.rel).toBe("modulepreload");
        steps.push(`link ${link.href}`);
      },
    },
    getElementById: (id: string) =>
      id === "boot-module"
        ? {
            textContent: boot,
            dataset: { preload: preloads.join(" "), first: first.join(" ") },
            replaceWith: (element: FakeElement) => {
              block.replacedBy = element;
              steps.push("boot");
            },
          }
        : null,
    createElement: (tag: string): FakeElement => {
      expect(["script", "link"]).toContain(tag);
      return { textContent: "" };
    },
  };
  // Paint timing: the entries so far, and the observer the starter may wait on.
  const entries: string[] = paint === "presented" ? ["first-paint", "first-contentful-paint"] : [];
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void)[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paint === "untold" ? ["navigation"] : ["navigation", "paint"];
    constructor(private readonly callback: (typeof observers)[number]) {}
    observe(options: { type: string }) {
      expect(options.type).toBe("paint");
      observers.push(this.callback);
    }
  }
  const report = (name: string) => {
    entries.push(name);
    for (const callback of [...observers]) {
      callback({ getEntriesByName: (wanted) => (wanted === name ? [name] : []) }, { disconnect: () => observers.splice(observers.indexOf(callback), 1) });
    }
  };
  const run = new Function(
    "window",
    "document",
    "addEventListener",
    "removeEventListener",
    "requestAnimationFrame",
    "performance",
    "importModule",
    starterScript.replaceAll("import(", "importModule("),
  );
  run(
    { PerformanceObserver },
    document,
    (type: string, listener: () => void) => listeners.set(type, listener),
    (type: string) => listeners.delete(type),
    requestAnimationFrame,
    { now, getEntriesByName: (name: string) => entries.filter((entry) => entry === name) },
    (url: string) => {
      steps.push(`import ${url}`);
      return importModule(url);
    },
  );
  return { block, listeners, steps, report, observers };
}

/** The starter's tasks due within 10 ms have run. */
const aTask = () => aTaskLater(10);
// However long a busy machine takes to run the starter's tasks: the test's own limit is the only deadline.
const booted = (steps: string[]) => waitFor(() => steps.includes("boot"), "the boot script");

describe("paint first: the starter", () => {
  it("starts on the first pointer, key, touch or focus, once, and the block becomes an async module script of the same text", async () => {
    const { block, listeners, steps } = start({ readyState: "interactive" }, (callback) => callback());
    expect([...listeners.keys()].sort()).toEqual(["focusin", "keydown", "load", "pointerdown", "touchstart"]);
    expect(steps).toEqual([]);
    listeners.get("keydown")!();
    expect(steps.length).toBeGreaterThan(0);
    // The interaction listeners are gone; a late load event starts nothing more.
    expect([...listeners.keys()]).toEqual(["load"]);
    listeners.get("load")!();
    await booted(steps);
    expect(block.replacedBy).toEqual({ type: "module", async: true, textContent: boot });
    expect(steps.filter((step) => step === "boot")).toHaveLength(1);
  });

  it("preloads every chunk, the framework's first, then evaluates the framework's chunks in turn, then runs the boot script", async () => {
    const { listeners, steps } = start({ readyState: "interactive" }, (callback) => callback());
    listeners.get("pointerdown")!();
    await booted(steps);
    const others = preloads.filter((url) => !first.includes(url));
    expect(steps).toEqual([...[...first, ...others].map((url) => `link ${url}`), ...first.map((url) => `import ${url}`), "boot"]);
  });

  it("adds the links in slices of 3 ms, a task each", async () => {
    let clock = 0;
    const { listeners, steps } = start({ readyState: "interactive" }, (callback) => callback(), { now: () => (clock += 1) });
    listeners.get("focusin")!();
    // Each link costs the stand-in clock a millisecond (`now` is read before and after): two fit in a slice.
    expect(steps).toEqual([`link ${first[0]}`, `link ${first[1]}`]);
    await booted(steps);
    expect(steps.filter((step) => step.startsWith("link"))).toHaveLength(preloads.length);
  });

  it("evaluates React Router's chunk only in a task after React's has evaluated", async () => {
    let evaluated!: () => void;
    const react = new Promise<void>((resolve) => (evaluated = resolve));
    const { listeners, steps } = start({ readyState: "interactive" }, (callback) => callback(), {
      importModule: (url) => (url === first[0] ? react : Promise.resolve({})),
    });
    listeners.get("keydown")!();
    await waitFor(() => steps.at(-1) === `import ${first[0]}`, "React's chunk to be imported");
    await aTask();
    expect(steps.at(-1)).toBe(`import ${first[0]}`);
    evaluated();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(steps.at(-1)).toBe(`import ${first[0]}`);
    await booted(steps);
    expect(steps.slice(-2)).toEqual([`import ${first[1]}`, "boot"]);
  });

  it("runs the boot script when a chunk fails to load, which then fails or retries as React Router's would", async () => {
    const { listeners, steps } = start({ readyState: "interactive" }, (callback) => callback(), {
      importModule: () => Promise.reject(new Error("offline")),
    });
    listeners.get("touchstart")!();
    await booted(steps);
    expect(steps.filter((step) => step.startsWith("import"))).toEqual([`import ${first[0]}`]);
  });

  it("after the load event, waits for the next frame and a task after it before it starts", async () => {
    const frames: (() => void)[] = [];
    const { listeners, steps } = start({ readyState: "interactive", hidden: false }, (callback) => frames.push(callback));
    listeners.get("load")!();
    await aTask();
    expect(steps).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(steps).toEqual([]);
    await aTask();
    expect(steps.length).toBeGreaterThan(0);
    await booted(steps);
  });

  it("after the load event, waits until the first contentful paint is on screen, then for a frame and a task", async () => {
    const frames: (() => void)[] = [];
    const { listeners, steps, report, observers } = start({ readyState: "interactive", hidden: false }, (callback) => frames.push(callback), {
      paint: "later",
    });
    listeners.get("load")!();
    await aTask();
    expect(frames).toHaveLength(0);
    report("first-paint");
    expect(frames).toHaveLength(0);
    report("first-contentful-paint");
    expect(observers).toHaveLength(0);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(steps).toEqual([]);
    await booted(steps);
  });

  it("in a browser that does not report paints, waits for a frame after the load event only", async () => {
    const frames: (() => void)[] = [];
    const { listeners, steps } = start({ readyState: "interactive", hidden: false }, (callback) => frames.push(callback), { paint: "untold" });
    listeners.get("load")!();
    expect(frames).toHaveLength(1);
    frames[0]!();
    await booted(steps);
  });

  it("on a page already loaded starts after a frame, and on a hidden one at once", async () => {
    const visible = start({ readyState: "complete", hidden: false }, (callback) => callback());
    expect(visible.steps).toEqual([]);
    await booted(visible.steps);
    const hidden = start({ readyState: "complete", hidden: true }, () => {
      throw new Error("a hidden page draws no frame");
    });
    expect(hidden.steps.length).toBeGreaterThan(0);
    await booted(hidden.steps);
  });
});
