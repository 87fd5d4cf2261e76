import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tourPackages as formPackages } from "../../app/features/forms/schemas";
import { languages } from "#core/languages";
import { eventsFileSchema, eventTypes } from "../schemas/event";
import { importerSchema } from "../schemas/importer";
import { newsCategories, newsFileSchema } from "../schemas/news";
import { tourPackageIds, toursFileSchema } from "../schemas/tour";
import { villaSchema } from "../schemas/villa";
import { youtubeEmbedUrl, youtubeVideoId } from "../schemas/youtube";
import { ContentError, parseContent } from "../validate";

const read = (file: string): unknown => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), "utf8"));
type Tree = { [key: string]: string | Tree };
const locale = (lang: string, file: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/${file}`, import.meta.url), "utf8")) as Tree;
const leaf = (tree: Tree, key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

/** The day this sample content was written: upcoming events lie after it, news and past events before. */
const authored = "2026-11-22";

const tours = parseContent("tours.json", toursFileSchema, read("tours.json"));
const { news } = parseContent("news.json", newsFileSchema, read("news.json"));
const { events } = parseContent("events.json", eventsFileSchema, read("events.json"));

describe("tour packages (spec §3, §9)", () => {
  it("are L'Hermitage Lescours €65 premium, Mongiron €50 and both châteaux €75 most popular with tasting notes", () => {
    expect(tours.packages.map((p) => [p.id, p.price, p.badge, p.tastingNotes])).toEqual([
      ["hermitage", 65, "premium", false],
      ["mongiron", 50, "discovery", false],
      ["both", 75, "mostPopular", true],
    ]);
  });

  it("last 60 minutes, in groups of at most 8, daily by appointment, without transport, guided in French and Chinese", () => {
    expect(tours.facts).toEqual({ durationMinutes: 60, maxGroupSize: 8, dailyByAppointment: true, transportProvided: false, guideLanguages: ["fr", "zh"] });
  });

  it("use the booking form's package ids", () => {
    expect([...tourPackageIds]).toEqual([...formPackages]);
  });

  it("refuse a missing or misplaced package", () => {
    const broken = { ...tours, packages: [tours.packages[1], tours.packages[0], tours.packages[2]] };
    expect(() => parseContent("tours.json", toursFileSchema, broken)).toThrow(/tours\.json: packages: packages must be hermitage, mongiron, both/);
  });
});

describe("news (spec §3)", () => {
  it("has seven items, newest first, all before the day they were written", () => {
    expect(news).toHaveLength(7);
    expect(news.every((item) => item.date < authored)).toBe(true);
  });

  it("covers every category, the default included", () => {
    expect(new Set(news.map((item) => item.category))).toEqual(new Set(newsCategories));
  });

  it("has two external article links, one of them a YouTube video shown through youtube-nocookie", () => {
    const linked = news.filter((item) => item.externalLink);
    expect(linked).toHaveLength(2);
    const videos = news.filter((item) => item.youtubeVideo);
    expect(videos).toHaveLength(1);
    expect(youtubeEmbedUrl(videos[0]!.externalLink!)).toBe("https://www.youtube-nocookie.com/embed/Lsc0urs2026");
  });

  it("refuses a video without a YouTube link", () => {
    const broken = { news: news.map((item, i) => (i === 0 ? { ...item, youtubeVideo: true, externalLink: "https://example.com/a" } : item)) };
    expect(() => parseContent("news.json", newsFileSchema, broken)).toThrow(ContentError);
    expect(() => parseContent("news.json", newsFileSchema, broken)).toThrow(/news\[0\] \(harvest-2026\) → youtubeVideo: youtubeVideo needs an externalLink to a YouTube video/);
  });

  it("refuses items out of date order", () => {
    expect(() => parseContent("news.json", newsFileSchema, { news: [...news].reverse() })).toThrow(/newest first/);
  });
});

describe("events (spec §3)", () => {
  const upcoming = events.filter((e) => e.status === "upcoming");
  const past = events.filter((e) => e.status === "past");

  it("are four upcoming with a time, soonest first, after the day they were written", () => {
    expect(upcoming).toHaveLength(4);
    expect(upcoming.every((e) => e.date > authored && /^\d\d:\d\d$/.test(e.time ?? ""))).toBe(true);
    expect(upcoming.map((e) => e.date)).toEqual(upcoming.map((e) => e.date).sort());
  });

  it("and four past without a time, latest first, before that day", () => {
    expect(past).toHaveLength(4);
    expect(past.every((e) => e.date < authored && e.time === undefined)).toBe(true);
    expect(past.map((e) => e.date)).toEqual(past.map((e) => e.date).sort().reverse());
  });

  it("cover every type, the default included", () => {
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(eventTypes));
  });

  it("refuse an upcoming event without a time", () => {
    const broken = { events: events.map((e, i) => (i === 0 ? { ...e, time: undefined } : e)) };
    expect(() => parseContent("events.json", eventsFileSchema, broken)).toThrow(/events\[0\] \(grand-cru-trade-days-2027\) → time: upcoming events have a time/);
  });
});

describe("villa and importer facts (spec §9)", () => {
  it("put the villa 5 minutes from the village and 40 from Bordeaux", () => {
    expect(parseContent("villa.json", villaSchema, read("villa.json"))).toEqual({ minutesToVillage: 5, minutesToBordeaux: 40 });
  });

  it("claim 15+ countries and 200+ retail partners, and answer within 48 hours", () => {
    expect(parseContent("importer.json", importerSchema, read("importer.json"))).toEqual({ countries: 15, retailPartners: 200, answerWithinHours: 48 });
  });
});

describe("translated sample content", () => {
  it.each(languages)("%s has every news item's and event's text", (lang) => {
    const strings = locale(lang, "news.json");
    for (const item of news) {
      for (const field of ["title", "description", "content"]) expect(leaf(strings, `newsContent.${item.id}.${field}`), `${item.id}.${field}`).toEqual(expect.any(String));
      expect(typeof leaf(strings, `newsContent.${item.id}.linkLabel`), `${item.id}.linkLabel`).toBe(item.externalLink ? "string" : "undefined");
    }
    for (const event of events) {
      for (const field of ["title", "location", "description"]) expect(leaf(strings, `eventContent.${event.id}.${field}`), `${event.id}.${field}`).toEqual(expect.any(String));
    }
    const visit = locale(lang, "visit.json");
    for (const id of tourPackageIds) {
      for (const field of ["title", "wine", "tour", "selectedLabel"]) expect(leaf(visit, `wineTours.packages.${id}.${field}`), `${id}.${field}`).toEqual(expect.any(String));
    }
  });

  it("credits no real critic, publication or competition", () => {
    const real = /Parker|Wine Spectator|Decanter|Suckling|Vinous|Jancis|Robinson|Gilbert|Gaillard|Concours Général|Concours Mondial|Wine Enthusiast|Bettane|Desseauve|Guide Hachette|Amphore|Vinalies|Mundus Vini|International Wine Challenge|Bacchus/i;
    for (const lang of languages) {
      const text = JSON.stringify(locale(lang, "news.json")) + JSON.stringify(locale(lang, "visit.json"));
      expect(text, lang).not.toMatch(real);
    }
  });
});

describe("youtubeVideoId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=Lsc0urs2026", "Lsc0urs2026"],
    ["https://youtube.com/watch?v=Lsc0urs2026&t=30", "Lsc0urs2026"],
    ["https://m.youtube.com/watch?v=Lsc0urs2026", "Lsc0urs2026"],
    ["https://youtu.be/Lsc0urs2026", "Lsc0urs2026"],
    ["https://www.youtube.com/shorts/Lsc0urs2026", "Lsc0urs2026"],
    ["https://www.youtube.com/embed/Lsc0urs2026", "Lsc0urs2026"],
  ])("reads %s", (link, id) => {
    expect(youtubeVideoId(link)).toBe(id);
    expect(youtubeEmbedUrl(link)).toBe(`https://www.youtube-nocookie.com/embed/${id}`);
  });

  it.each(["https://vimeo.com/123", "https://www.youtube.com/watch?v=short", "https://www.youtube.com/channel/x", "not a link", "https://evil.example/youtube.com/watch?v=Lsc0urs2026"])(
    "refuses %s",
    (link) => {
      expect(youtubeVideoId(link)).toBeUndefined();
    },
  );
});
