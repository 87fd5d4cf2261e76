import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onFirstInteraction, snipcartLoader, snipcartVersion } from "../snipcart";

/** Just enough of a DOM for the loader: elements record their attributes, the document dispatches events. */
class FakeElement {
  attributes = new Map<string, string>();
  hidden = false;
  rel = "";
  href = "";
  src = "";
  async = false;
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
}

function fakeDocument() {
  const head: FakeElement[] = [];
  const body: FakeElement[] = [];
  const document = Object.assign(new EventTarget(), {
    createElement: (tag: string) => new FakeElement(tag),
    head: { appendChild: (element: FakeElement) => head.push(element) },
    body: { appendChild: (element: FakeElement) => body.push(element) },
  });
  return { document, head, body };
}

const button = {
  dataset: {
    itemId: "chateau-2020",
    itemName: "Château L'Hermitage Lescours 2020",
    itemPrice: "175.00",
    itemUrl: "/fr/shop/chateau-2020",
    itemDescription: "Robe grenat profond",
    itemImage: "/assets/chateau-2020.jpeg",
    itemCategories: "Wine|Saint-Émilion Grand Cru",
  },
} as unknown as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("without a Snipcart key", () => {
  it("is switched off and never touches the page", () => {
    const snipcart = snipcartLoader("");
    const { document, head, body } = fakeDocument();
    vi.stubGlobal("document", document);
    expect(snipcart.enabled).toBe(false);
    snipcart.load();
    snipcart.addWhenReady(button);
    expect([...head, ...body]).toEqual([]);
  });
});

describe("with a Snipcart key", () => {
  let page: ReturnType<typeof fakeDocument>;
  beforeEach(() => {
    page = fakeDocument();
    vi.stubGlobal("document", page.document);
  });

  it("adds its hidden root (key, side cart, euros), the stylesheet and the script of the pinned v3 version, once", () => {
    const snipcart = snipcartLoader("pk_test_123");
    expect(snipcart.enabled).toBe(true);
    snipcart.load();
    snipcart.load();
    expect(page.body).toHaveLength(1);
    const root = page.body[0]!;
    expect(root.hidden).toBe(true);
    expect(Object.fromEntries(root.attributes)).toEqual({
      id: "snipcart",
      "data-api-key": "pk_test_123",
      "data-config-modal-style": "side",
      "data-currency": "eur",
    });
    expect(page.head.map((element) => [element.tagName, element.rel || element.async, element.href || element.src])).toEqual([
      ["link", "stylesheet", `https://cdn.snipcart.com/themes/v${snipcartVersion}/default/snipcart.css`],
      ["script", true, `https://cdn.snipcart.com/themes/v${snipcartVersion}/default/snipcart.js`],
    ]);
    expect(snipcartVersion).toMatch(/^3\.\d+\.\d+$/);
  });

  it("adds a bottle clicked while it loads once it is ready, in the page's language", () => {
    const snipcart = snipcartLoader("pk_test_123");
    const added: unknown[] = [];
    const languages: string[] = [];
    // Snipcart's script may define its API before it is ready: nothing may be added to it until
    // its "snipcart.ready" event.
    vi.stubGlobal("window", {
      Snipcart: {
        api: {
          session: { setLanguage: (lang: string) => languages.push(lang) },
          cart: { items: { add: async (item: unknown) => added.push(item) } },
        },
      },
    });
    snipcart.addWhenReady(button);
    expect(page.head).toHaveLength(2);
    expect(added).toEqual([]);
    expect(languages).toEqual([]);
    page.document.dispatchEvent(new Event("snipcart.ready"));
    expect(added).toEqual([
      {
        id: "chateau-2020",
        name: "Château L'Hermitage Lescours 2020",
        price: 175,
        url: "/fr/shop/chateau-2020",
        description: "Robe grenat profond",
        image: "/assets/chateau-2020.jpeg",
        categories: ["Wine", "Saint-Émilion Grand Cru"],
      },
    ]);
    expect(languages).toEqual(["en"]);
    // Once ready, Snipcart handles its buttons itself: nothing more is queued.
    snipcart.addWhenReady(button);
    expect(added).toHaveLength(1);
  });
});

describe("the first interaction", () => {
  it.each(["pointerdown", "keydown", "scroll", "touchstart"])("%s triggers the load, once", (type) => {
    const target = new EventTarget();
    const load = vi.fn();
    onFirstInteraction(target, load);
    target.dispatchEvent(new Event("mousemove"));
    expect(load).not.toHaveBeenCalled();
    target.dispatchEvent(new Event(type));
    target.dispatchEvent(new Event(type));
    target.dispatchEvent(new Event("keydown"));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("stops listening when the page goes away", () => {
    const target = new EventTarget();
    const load = vi.fn();
    onFirstInteraction(target, load)();
    target.dispatchEvent(new Event("pointerdown"));
    expect(load).not.toHaveBeenCalled();
  });
});
