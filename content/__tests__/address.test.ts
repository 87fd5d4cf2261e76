import { describe, expect, it } from "vitest";
import { postalAddress } from "../address";
import { content } from "../index";

const { address } = content.site;

describe("the estate's postal address in running text", () => {
  it("is the estate's own written address in English, and its street as French prose writes it in French (« 860, route du Menhir », FN5)", () => {
    expect(postalAddress(address, "en")).toBe(`${address.street}, ${address.postalCode} ${address.locality}, France`);
    expect(postalAddress(address, "fr")).toBe(`${address.streetInText}, ${address.postalCode} ${address.locality}, France`);
    expect(postalAddress(address, "fr")).toMatch(/^860, route du Menhir, /);
  });

  it("names the country in Spanish and writes the French street abbreviation out in Spanish text", () => {
    expect(postalAddress(address, "es")).toBe(`${address.streetInFull}, ${address.postalCode} ${address.locality}, Francia`);
    expect(postalAddress(address, "es")).toContain("Route du Menhir");
    expect(postalAddress(address, "es")).not.toMatch(/\bRte\b/);
  });

  it("keeps the country as the address writes it in Chinese and Japanese, named in the language after it, with the street written out", () => {
    expect(postalAddress(address, "zh")).toBe(`${address.streetInFull}, ${address.postalCode} ${address.locality}, France（法国）`);
    expect(postalAddress(address, "ja")).toBe(`${address.streetInFull}, ${address.postalCode} ${address.locality}, France（フランス）`);
  });

  it("writes out only what the estate abbreviates: the same street, the same number", () => {
    expect(address.streetInFull.replace("Route", "Rte")).toBe(address.street);
  });
});
