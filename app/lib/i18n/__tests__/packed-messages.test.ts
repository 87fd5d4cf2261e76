import { describe, expect, it } from "vitest";
import { catalogs } from "#locales";
import { packMessages, unpackMessages } from "../packed-messages";

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
});
