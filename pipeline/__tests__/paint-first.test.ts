/**
 * The rewrite on its own. React Router's real output, in the real browser with the real
 * Content-Security-Policy, is tested on the built site by e2e/before-hydration.test.ts.
 */
import { describe, expect, it } from "vitest";
import { paintFirst, starterScript } from "../paint-first";

/**
 * Code the rewrite must carry over untouched. Deliberately not React Router's shape: nothing in
 * paint-first may depend on what the boot script says (and `$&` would be mangled by a careless
 * String.replace).
 */
const boot = `import "/assets/a-1.js";\nconsole.log("$& $1 $$", { any: ['thing'] });\nimport("/assets/b-2.js");`;

const page = (body: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a-1.js"/><link rel="modulepreload" href="/assets/b-2.js"/>` +
  `<link rel="stylesheet" href="/assets/root-3.css"/><script>head()</script></head><body><main>Shop</main>${body}</body></html>`;

const reactRouterBody = `<script>window.__context = {};</script><script type="module" async="">${boot}</script>`;

describe("paint first: the page", () => {
  it("keeps the boot script byte for byte, in a data block that does not run, followed by the starter", () => {
    const html = paintFirst(page(reactRouterBody));
    expect(html).toContain(
      `<main>Shop</main><script>window.__context = {};</script><script type="text/x-boot-module" id="boot-module">${boot}</script><script>${starterScript}</script></body>`,
    );
    expect(html).not.toMatch(/<script type="module"/);
  });

  it("drops the modulepreload links and leaves the rest of the head as it was", () => {
    const html = paintFirst(page(reactRouterBody));
    expect(html).not.toContain("modulepreload");
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
  textContent: string;
  replacedBy?: FakeElement;
}

/** Runs the starter against stand-ins for the document, its events and its frames. */
function start(state: { readyState: string; hidden?: boolean }, requestAnimationFrame: (callback: () => void) => void) {
  const block: FakeElement = { textContent: boot };
  const listeners = new Map<string, () => void>();
  const document = {
    ...state,
    getElementById: (id: string) => (id === "boot-module" ? { ...block, replaceWith: (element: FakeElement) => (block.replacedBy = element) } : null),
    createElement: (tag: string): FakeElement => {
      expect(tag).toBe("script");
      return { textContent: "" };
    },
  };
  const run = new Function("document", "addEventListener", "removeEventListener", "requestAnimationFrame", starterScript);
  run(
    document,
    (type: string, listener: () => void) => listeners.set(type, listener),
    (type: string) => listeners.delete(type),
    requestAnimationFrame,
  );
  return { block, listeners };
}

const aTask = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("paint first: the starter", () => {
  it("starts on the first pointer, key, touch or focus: the block becomes an async module script of the same text, once", () => {
    const { block, listeners } = start({ readyState: "interactive" }, (callback) => callback());
    expect([...listeners.keys()].sort()).toEqual(["focusin", "keydown", "load", "pointerdown", "touchstart"]);
    expect(block.replacedBy).toBeUndefined();
    listeners.get("keydown")!();
    expect(block.replacedBy).toEqual({ type: "module", async: true, textContent: boot });
    const first = block.replacedBy;
    // The interaction listeners are gone; a late load event starts nothing more.
    expect([...listeners.keys()]).toEqual(["load"]);
    listeners.get("load")!();
    expect(block.replacedBy).toBe(first);
  });

  it("after the load event, waits for the next frame and a task after it before it starts", async () => {
    const frames: (() => void)[] = [];
    const { block, listeners } = start({ readyState: "interactive", hidden: false }, (callback) => frames.push(callback));
    listeners.get("load")!();
    await aTask();
    expect(block.replacedBy).toBeUndefined();
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(block.replacedBy).toBeUndefined();
    await aTask();
    expect(block.replacedBy?.textContent).toBe(boot);
  });

  it("on a page already loaded starts after a frame, and on a hidden one at once", async () => {
    const visible = start({ readyState: "complete", hidden: false }, (callback) => callback());
    expect(visible.block.replacedBy).toBeUndefined();
    await aTask();
    expect(visible.block.replacedBy?.textContent).toBe(boot);
    const hidden = start({ readyState: "complete", hidden: true }, () => {
      throw new Error("a hidden page draws no frame");
    });
    expect(hidden.block.replacedBy?.textContent).toBe(boot);
  });
});
