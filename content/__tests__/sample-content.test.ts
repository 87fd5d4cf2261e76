/** Rules for the sample content (content/README.md): invented names only, dates that make sense. */
import { describe, expect, it } from "vitest";
import { content } from "../index";
import { eventTypes } from "../schemas/event";
import { newsCategories } from "../schemas/news";
import { youtubeEmbedUrl, youtubeVideoId } from "../schemas/youtube";

/** The day this sample content was written: upcoming events lie after it, news and past events before. */
const authored = "2026-11-22";

/** Real critics, publications and competitions the sample content must never credit. */
const real =
  /parker|wine advocate|spectator|enthusiast|decanter|suckling|vinous|galloni|jancis|robinson|dunnuck|gilbert|gaillard|hachette|bettane|desseauve|gault|millau|revue du vin de france|rvf|falstaff|atkin|concours g[ée]n[ée]ral|concours mondial|agricole|mundus|bruxelles|iwsc|iwc|international wine challenge|quarin|anson|wine cellar insider|vinalies|citadelles|feminalise|perrotti|neal martin|del monego|wine & spirits|winedoctor|amphore|bacchus/i;

describe("sample content", () => {
  it("credits only invented reviewers and competitions", () => {
    const critics = new Set(content.wines.flatMap((wine) => wine.ratings.map((rating) => rating.critic)));
    expect(critics.size).toBeGreaterThan(0);
    for (const critic of critics) expect(critic).not.toMatch(real);
  });

  it("names no real critic, publication or competition in any news item, event or quote", () => {
    const text = JSON.stringify([content.news, content.events, content.wines.map((wine) => wine.ratings)]);
    expect(text).not.toMatch(real);
  });

  it("dates news and past events before the day it was written, upcoming events after", () => {
    for (const item of content.news) expect(item.date < authored, item.id).toBe(true);
    for (const event of content.events) expect(event.status === "upcoming" ? event.date > authored : event.date < authored, event.id).toBe(true);
  });

  it("shows every news category and event type, the defaults included", () => {
    expect(new Set(content.news.map((item) => item.category))).toEqual(new Set(newsCategories));
    expect(new Set(content.events.map((event) => event.type))).toEqual(new Set(eventTypes));
  });

  it("has external article links, one of them a YouTube video (spec §3)", () => {
    expect(content.news.filter((item) => item.externalLink).length).toBeGreaterThanOrEqual(2);
    expect(content.news.filter((item) => item.youtubeVideo).length).toBeGreaterThanOrEqual(1);
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

  it.each([
    "https://vimeo.com/123",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/channel/x",
    "not a link",
    "https://evil.example/youtube.com/watch?v=Lsc0urs2026",
  ])("refuses %s", (link) => {
    expect(youtubeVideoId(link)).toBeUndefined();
  });
});
