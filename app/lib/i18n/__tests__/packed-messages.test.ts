import { describe, expect, it } from "vitest";
import { catalogs } from "#locales";
import { packMessages, pageMessagesOf, unpackMessages, withPageMessages } from "../packed-messages";

describe("packed messages", () => {
  it("travel as one string and come back as the compiled messages they were", () => {
    const messages = catalogs.ja;
    const packed = packMessages(messages);
    expect(typeof packed).toBe("string");
    expect(unpackMessages(packed)).toEqual(messages);
  });

  it("unpack to the same object each time, so what a component memoizes on them stays", () => {
    const packed = packMessages({ "nav.home": ["Accueil"] });
    // A copy of the string, as a second decoding of the same loader data would give.
    const again = (" " + packed).slice(1) as typeof packed;
    expect(unpackMessages(again)).toBe(unpackMessages(packed));
  });

  it("give a page the layout's messages with its own on top, and the layout's alone on a page without any", () => {
    const layout = packMessages({ "nav.home": ["Accueil"], "footer.title": ["Le domaine"] });
    const page = packMessages({ "footer.title": ["Nos vins"], "shop.title": ["La boutique"] });
    // React Router's matches: the root, the language layout, then the page (the deepest one).
    const matches = [{ loaderData: undefined }, { loaderData: { messages: layout } }, { loaderData: { messages: page } }];
    expect(pageMessagesOf(matches)).toBe(page);
    expect(withPageMessages(layout, pageMessagesOf(matches))).toEqual({ "nav.home": ["Accueil"], "footer.title": ["Nos vins"], "shop.title": ["La boutique"] });
    const withoutOwn = [...matches.slice(0, 2), { loaderData: { title: "404" } }];
    expect(pageMessagesOf(withoutOwn)).toBeUndefined();
    expect(withPageMessages(layout, pageMessagesOf(withoutOwn))).toBe(unpackMessages(layout));
  });
});
