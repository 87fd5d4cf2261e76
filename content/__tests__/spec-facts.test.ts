/**
 * The figures the specification fixes (§3, §9), held by the content files. Each check looks up the
 * spec's items by id, so an editor who adds a wine, a news item or an event breaks nothing here.
 */
import { describe, expect, it } from "vitest";
import { content, findWine } from "../index";

describe("the spec's five wines (§3, §9)", () => {
  it.each([
    ["chateau-2020", "chateau", 2020, 175, 3],
    ["chateau-2019", "chateau", 2019, 175, 3],
    ["chateau-2018", "chateau", 2018, 150, 4],
    ["cuvee9-2019", "cuvee9", 2019, 75, 0],
    ["cuvee9-2020", "cuvee9", 2020, 75, 0],
  ] as const)("%s: %s collection, vintage %i, €%i, %i ratings, 14%", (id, collection, vintage, price, ratings) => {
    const wine = findWine(id);
    expect(wine).toMatchObject({ collection, vintage, price, abv: "14%" });
    expect(wine?.ratings).toHaveLength(ratings);
    expect(wine?.blend).toBe(collection === "chateau" ? "80% Merlot, 15% Cabernet Sauvignon, 5% Cabernet Franc" : "Merlot, Cabernet Franc, Cabernet Sauvignon");
  });

  it("the 2018's fourth rating is a medal with an empty quote; every other rating has a quote", () => {
    const medals = findWine("chateau-2018")!.ratings.filter((rating) => !rating.score.includes("/"));
    expect(medals).toHaveLength(1);
    expect(medals[0]!.quote).toBe("");
    for (const wine of content.wines) {
      for (const rating of wine.ratings.filter((r) => r.score.includes("/"))) expect(rating.quote, `${wine.id} ${rating.critic}`).not.toBe("");
    }
  });
});

describe("tours (§3, §9)", () => {
  it("are L'Hermitage Lescours €65 premium, Mongiron €50 and both châteaux €75 most popular with tasting notes", () => {
    expect(content.tours.packages.map((p) => [p.id, p.price, p.badge, p.tastingNotes])).toEqual([
      ["hermitage", 65, "premium", false],
      ["mongiron", 50, "discovery", false],
      ["both", 75, "mostPopular", true],
    ]);
  });

  it("last 60 minutes, in groups of at most 8, daily by appointment, without transport, guided in French and Chinese", () => {
    expect(content.tours.facts).toEqual({
      durationMinutes: 60,
      maxGroupSize: 8,
      dailyByAppointment: true,
      transportProvided: false,
      guideLanguages: ["fr", "zh"],
    });
  });
});

describe("the estate, the villa and the importer programme (§9)", () => {
  it("4.12 ha of Grand Cru, an 11 ha sister estate, the spec's address", () => {
    const { site } = content;
    expect(site.estateName).toBe("Château L'Hermitage Lescours");
    expect(site.grandCruHectares).toBe(4.12);
    expect(site.sisterEstate).toMatchObject({ name: "Château Mongiron", hectares: 11 });
    expect(site.address).toMatchObject({ street: "860 Rte du Menhir", postalCode: "33330", locality: "Saint-Sulpice-de-Faleyrens", country: "France" });
  });

  it("the villa 5 minutes from the village and 40 from Bordeaux", () => {
    expect(content.villa).toMatchObject({ minutesToVillage: 5, minutesToBordeaux: 40 });
  });

  it("15+ countries, 200+ retail partners, an answer within 48 hours", () => {
    expect(content.importer).toMatchObject({ countries: 15, retailPartners: 200, answerWithinHours: 48 });
  });
});
