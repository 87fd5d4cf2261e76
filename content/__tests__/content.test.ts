import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { siteSchema } from "../schemas/site";
import { winesFileSchema } from "../schemas/wine";
import { ContentError, parseContent, validateContent } from "../validate";

const read = (file: string): unknown => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), "utf8"));

describe("content files", () => {
  it("all satisfy their schemas", () => {
    expect(() => validateContent()).not.toThrow();
  });

  it("hold the spec's five wines with their vintages, prices, ABV and blends", () => {
    const { wines } = parseContent("wines.json", winesFileSchema, read("wines.json"));
    expect(wines.map((w) => [w.id, w.vintage, w.price, w.abv])).toEqual([
      ["chateau-2020", 2020, 175, "14%"],
      ["chateau-2019", 2019, 175, "14%"],
      ["chateau-2018", 2018, 150, "14%"],
      ["cuvee9-2019", 2019, 75, "14%"],
      ["cuvee9-2020", 2020, 75, "14%"],
    ]);
    for (const wine of wines.filter((w) => w.collection === "chateau")) {
      expect(wine.blend).toBe("80% Merlot, 15% Cabernet Sauvignon, 5% Cabernet Franc");
    }
    for (const wine of wines.filter((w) => w.collection === "cuvee9")) {
      expect(wine.blend).toBe("Merlot, Cabernet Franc, Cabernet Sauvignon");
      expect(wine.ratings).toEqual([]);
    }
  });

  it("hold the estate's facts from spec §9", () => {
    const site = parseContent("site.json", siteSchema, read("site.json"));
    expect(site.estateName).toBe("Château L'Hermitage Lescours");
    expect(site.grandCruHectares).toBe(4.12);
    expect(site.sisterEstate).toMatchObject({ name: "Château Mongiron", hectares: 11 });
    expect(site.address).toMatchObject({ street: "860 Rte du Menhir", postalCode: "33330", locality: "Saint-Sulpice-de-Faleyrens", country: "France" });
  });
});

describe("a broken content file", () => {
  it("fails with the file, the entry and the field named", () => {
    const data = read("wines.json") as { wines: Record<string, unknown>[] };
    data.wines[2] = { ...data.wines[2], price: "cheap" };
    expect(() => parseContent("wines.json", winesFileSchema, data)).toThrow(ContentError);
    expect(() => parseContent("wines.json", winesFileSchema, data)).toThrow(/wines\.json: wines\[2\] \(chateau-2018\) → price: /);
  });

  it("names unknown fields and bad addresses", () => {
    const site = read("site.json") as Record<string, Record<string, unknown>>;
    const broken = { ...site, contact: { ...site.contact, email: "not-an-email" }, extra: true };
    let message = "";
    try {
      parseContent("site.json", siteSchema, broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("site.json: contact → email:");
    expect(message).toContain('site.json: (file): Unrecognized key: "extra"');
  });
});
