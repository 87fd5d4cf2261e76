import { describe, expect, it } from "vitest";
import { languages } from "#core/languages";
import { content, readContent } from "../index";
import { localized } from "../schemas/localized";
import { z } from "zod";
import { contentDir, problemsAfter } from "./support";

describe("the content module", () => {
  it("reads every content file without a problem", () => {
    expect(() => readContent(contentDir)).not.toThrow();
  });

  it("asks every localized field for exactly the site's languages", () => {
    expect(Object.keys(localized(z.string()).shape)).toEqual([...languages]);
  });

  it("lists the wines by collection, Château first, newest vintage first", () => {
    const order = content.wines.map((wine) => [wine.collection, wine.vintage]);
    const sorted = [...order].sort(([ca, va], [cb, vb]) => (ca === cb ? Number(vb) - Number(va) : ca === "chateau" ? -1 : 1));
    expect(order).toEqual(sorted);
  });

  it("lists news newest first, upcoming events soonest first and past events latest first", () => {
    const dates = content.news.map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const upcoming = content.events.filter((event) => event.status === "upcoming").map((event) => event.date);
    const past = content.events.filter((event) => event.status === "past").map((event) => event.date);
    expect(upcoming).toEqual([...upcoming].sort());
    expect(past).toEqual([...past].sort().reverse());
    expect(content.events.findIndex((event) => event.status === "past")).toBe(upcoming.length);
  });
});

describe("a mistake in a content file", () => {
  it("names the file and the field of a missing language", () => {
    const message = problemsAfter(({ read, write }) => {
      const wine = read("wines/chateau-2019.json") as { tastingNotes: Record<string, string> };
      delete wine.tastingNotes.ja;
      write("wines/chateau-2019.json", wine);
      const item = read("news/harvest-2026.json") as { title: Record<string, string> };
      delete item.title.es;
      write("news/harvest-2026.json", item);
    });
    expect(message).toContain("wines/chateau-2019.json: tastingNotes → ja: Invalid input: expected string, received undefined");
    expect(message).toContain("news/harvest-2026.json: title → es: Invalid input: expected string, received undefined");
  });

  it("names a bad score, a negative price, a malformed blend and an unknown field", () => {
    const message = problemsAfter(({ read, write }) => {
      const wine = read("wines/cuvee9-2019.json");
      write("wines/cuvee9-2019.json", { ...wine, price: -5, blend: "merlot+cab", colour: "red" });
      const other = read("wines/chateau-2020.json") as { ratings: Record<string, unknown>[] };
      other.ratings[1] = { ...other.ratings[1], score: "ninety" };
      write("wines/chateau-2020.json", other);
    });
    expect(message).toContain("wines/cuvee9-2019.json: price:");
    expect(message).toContain("wines/cuvee9-2019.json: blend: must look like");
    expect(message).toContain('wines/cuvee9-2019.json: (file): Unrecognized key: "colour"');
    expect(message).toMatch(/wines\/chateau-2020\.json: ratings\[1\] → score: must be points/);
  });

  it("names a wine without its bottle size, a harvest outside the vintage's year and one that ends before it starts", () => {
    const message = problemsAfter(({ read, write }) => {
      const wine = read("wines/chateau-2019.json") as Record<string, unknown>;
      delete wine.volumeMl;
      write("wines/chateau-2019.json", wine);
      const copied = read("wines/chateau-2018.json") as Record<string, unknown>;
      write("wines/chateau-2018.json", { ...copied, harvest: { start: "2019-09-23", end: "2018-10-08" } });
      const other = read("wines/cuvee9-2020.json") as Record<string, unknown>;
      write("wines/cuvee9-2020.json", { ...other, harvest: { start: "2020-09-25", end: "2020-09-08" } });
    });
    expect(message).toContain("wines/chateau-2019.json: volumeMl: Invalid input: expected number, received undefined");
    expect(message).toContain("wines/chateau-2018.json: harvest → start: must be a day of 2018, the vintage's year");
    expect(message).toContain("wines/cuvee9-2020.json: harvest → end: must end on or after the day it starts");
  });

  it("names a critic who rates the same wine twice, and a broken placeholder", () => {
    const message = problemsAfter(({ read, write }) => {
      const wine = read("wines/chateau-2020.json") as { ratings: { critic: string }[]; tastingNotes: Record<string, string> };
      wine.ratings[2]!.critic = wine.ratings[0]!.critic;
      wine.tastingNotes.fr = "Robe grenat {couleur";
      write("wines/chateau-2020.json", wine);
    });
    expect(message).toMatch(/wines\/chateau-2020\.json: ratings\[2\] → critic: .* rates this wine twice/);
    expect(message).toMatch(/wines\/chateau-2020\.json: tastingNotes → fr: not valid ICU MessageFormat/);
  });

  it("names a wine without its bottle picture, a grape without names and a file name that cannot be an address", () => {
    const message = problemsAfter(({ read, write, remove }) => {
      remove("images/bottles/chateau-2018.png");
      const wine = read("wines/cuvee9-2020.json");
      write("wines/cuvee9-2020.json", { ...wine, blend: "Merlot, Malbec" });
      write("news/Bad Name.json", read("news/harvest-2026.json"));
    });
    expect(message).toContain("wines/chateau-2018.json: no bottle picture at content/images/bottles/chateau-2018.png");
    expect(message).toContain('wines/cuvee9-2020.json: blend: "Malbec" has no names in grapes.json');
    expect(message).toContain("news/Bad Name.json: file name must be lower-case letters, digits and dashes");
  });

  it("names a picture the story or the villa asks for that does not exist", () => {
    const message = problemsAfter(({ read, write }) => {
      const villa = read("villa.json") as { gallery: { scene: string }[] };
      villa.gallery[1]!.scene = "villa-garden";
      write("villa.json", villa);
    });
    expect(message).toContain("villa.json: gallery[1] → scene: no picture at content/images/scenes/villa-garden.jpg");
  });

  it("names a news link without its label and a video that is not on YouTube", () => {
    const message = problemsAfter(({ read, write }) => {
      const item = read("news/harvest-2026.json");
      write("news/harvest-2026.json", { ...item, externalLink: "https://example.com/a", youtubeVideo: true });
    });
    expect(message).toContain("news/harvest-2026.json: linkLabel: externalLink and linkLabel go together");
    expect(message).toContain("news/harvest-2026.json: youtubeVideo: youtubeVideo needs an externalLink to a YouTube video");
  });

  it("names an upcoming event without a start time", () => {
    const message = problemsAfter(({ read, write }) => {
      const event = read("events/grand-cru-trade-days-2027.json");
      delete event.time;
      write("events/grand-cru-trade-days-2027.json", event);
    });
    expect(message).toContain("events/grand-cru-trade-days-2027.json: time: upcoming events have a time, past events none");
  });

  it("names unknown fields and bad addresses in site.json", () => {
    const message = problemsAfter(({ read, write }) => {
      const site = read("site.json") as Record<string, Record<string, unknown>>;
      write("site.json", { ...site, contact: { ...site.contact, email: "not-an-email" }, extra: true });
    });
    expect(message).toContain("site.json: contact → email:");
    expect(message).toContain('site.json: (file): Unrecognized key: "extra"');
  });
});
