import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import eventsFile from "../content/events.json" with { type: "json" };
import newsFile from "../content/news.json" with { type: "json" };
import { languages } from "#core/languages";
import { launchBrowser, openPage, waitForHydration } from "./support/browser";
import { formFields, guardOutside, honeypot, mockApi, pathIn, scrollThrough, text } from "./support/visit";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string) {
  const watched = await openPage(browser);
  const outside = await guardOutside(watched.context, baseUrl);
  await watched.page.goto(`${baseUrl}${path}`);
  await waitForHydration(watched.page);
  return { ...watched, outside };
}

/** The badge colours of a set of elements, keyed by their data attribute (runs in the page). */
const colours = (elements: Element[], attribute: string) =>
  Object.fromEntries(elements.map((el) => [el.getAttribute(attribute), getComputedStyle(el).backgroundColor])) as Record<string, string>;

describe("/news", () => {
  it("shows seven news cards, newest first, each with a category badge, a date, an icon, a title and a description", async () => {
    const { page, context, problems } = await open("/news");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("News");
    const cards = page.locator("article[data-news]");
    expect(await cards.count()).toBe(7);
    expect(await cards.evaluateAll((articles) => articles.map((a) => a.id))).toEqual(newsFile.news.map((n) => n.id));
    const first = cards.first();
    expect(await first.locator("h3").innerText()).toBe(text("en", "newsContent.harvest-2026.title"));
    expect(await first.locator("time").getAttribute("datetime")).toBe("2026-10-09");
    expect(await first.locator("time").innerText()).toBe("October 9, 2026");
    expect(await first.locator("svg").first().getAttribute("aria-hidden")).toBe("true");
    expect(await first.innerText()).toContain(text("en", "newsContent.harvest-2026.description"));

    const badges = await page.locator("[data-category]").evaluateAll(colours, "data-category");
    expect(Object.keys(badges).sort()).toEqual(["acquisition", "awards", "general", "honor", "partnership", "product", "team"]);
    // Each category has its own colour.
    expect(new Set(Object.values(badges)).size).toBe(7);
    expect(await page.locator('[data-category="honor"]').innerText()).toMatch(/honor/i);
    expect(await page.locator('[data-category="general"]').innerText()).toMatch(/news/i);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens and closes the full article in place", async () => {
    const { page, context } = await open("/news");
    const card = page.locator("article#cuvee9-2020-release");
    const toggle = card.getByRole("button", { name: "Read full article" });
    const content = card.locator('[id$="-content"]');
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await content.isVisible()).toBe(false);
    expect(await page.locator(`#${await toggle.getAttribute("aria-controls")}`).count()).toBe(1);
    await toggle.click();
    expect(await card.getByRole("button", { name: "Show less" }).getAttribute("aria-expanded")).toBe("true");
    expect(await content.isVisible()).toBe(true);
    const paragraphs = text("en", "newsContent.cuvee9-2020-release.content").split("\n\n");
    expect(await content.locator("p").allInnerTexts()).toEqual(paragraphs);
    await card.getByRole("button", { name: "Show less" }).click();
    expect(await content.isVisible()).toBe(false);
    await context.close();
  });

  it("links the two original articles in new tabs", async () => {
    const { page, context } = await open("/news");
    const links = page.locator("article a[target]");
    const found = await links.evaluateAll((anchors) => anchors.map((a) => [a.closest("article")?.id, a.getAttribute("href"), a.getAttribute("target"), a.getAttribute("rel")]));
    expect(found).toEqual(newsFile.news.filter((n) => "externalLink" in n).map((n) => [n.id, (n as { externalLink: string }).externalLink, "_blank", "noopener noreferrer"]));
    await context.close();
  });

  it("loads nothing from another site until the visitor asks for the video, then plays it from youtube-nocookie", async () => {
    const { page, context, outside } = await open("/news");
    await scrollThrough(page);
    expect(outside).toEqual([]);
    expect(await page.locator("iframe").count()).toBe(0);
    const card = page.locator("article#heritage-vines-distinction");
    await card.getByRole("button", { name: /Play the video/ }).click();
    const frame = card.locator("iframe");
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/Lsc0urs2026");
    expect(await frame.getAttribute("title")).toBe(`Video: ${text("en", "newsContent.heritage-vines-distinction.title")}`);
    await expect.poll(() => outside.some((url) => url.startsWith("https://www.youtube-nocookie.com/embed/Lsc0urs2026"))).toBe(true);
    expect(outside.every((url) => url.startsWith("https://www.youtube-nocookie.com/"))).toBe(true);
    await context.close();
  });

  it("signs up to the newsletter: the address only, a toast, an empty box; a failure keeps the address", async () => {
    const { page, context } = await open("/news");
    const form = 'form[aria-labelledby="newsletter-title"]';
    expect(await formFields(page, form)).toEqual([{ name: "email", type: "email", required: true, label: "Your email address", labelVisible: true }]);
    expect(await honeypot(page, form)).toEqual({ tabIndex: -1, autocomplete: "off", labelled: true, hidden: true, onScreen: false });
    const box = page.locator(`${form} [name="email"]`);

    await page.route("**/api/**", (route) => route.fulfill({ status: 500, body: "" }));
    await box.fill("ada@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.locator("[data-tone=error]").waitFor();
    expect(await box.inputValue()).toBe("ada@example.com");

    await page.unroute("**/api/**");
    const api = await mockApi(page, 201);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.locator("[data-tone=success]").waitFor();
    expect(await page.locator("[data-tone=success]").innerText()).toContain(text("en", "news.newsletter.success.title"));
    expect(new URL(api.calls[0]!.url).pathname).toBe("/api/newsletter-signups");
    expect(api.calls[0]!.body).toEqual({ email: "ada@example.com", language: "en", page: "/news", fax: "" });
    expect(await box.inputValue()).toBe("");
    await context.close();
  });

  it("passes axe with every article open and a toast showing", async () => {
    const { page, context } = await open("/ja/news");
    for (const button of await page.locator("article button[aria-expanded]").all()) await button.click();
    await mockApi(page, 201);
    await page.locator('form[aria-labelledby="newsletter-title"] [name="email"]').fill("ada@example.com");
    await page.locator('form[aria-labelledby="newsletter-title"] button[type="submit"]').click();
    await page.locator("[data-tone=success]").waitFor();
    const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await context.close();
  });

  it.each(languages)("speaks %s", async (lang) => {
    const { page, context, problems } = await open(pathIn(lang, "/news"));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text(lang, "news.hero.title"));
    expect(await page.locator("article h3").first().innerText()).toBe(text(lang, "newsContent.harvest-2026.title"));
    expect(await page.locator('[data-category="awards"]').innerText()).toBe(text(lang, "news.categories.awards").toLocaleUpperCase(lang));
    expect(await page.getByRole("button", { name: text(lang, "news.readFullArticle") }).count()).toBe(7);
    expect(await page.locator("#newsletter-title").innerText()).toBe(text(lang, "news.newsletter.title"));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("/events", () => {
  it("shows four upcoming events with date, time and place, and four past ones, each with its type's colour", async () => {
    const { page, context, problems, outside } = await open("/events");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Events");
    const upcoming = page.getByTestId("upcoming-events").locator("li[data-event]");
    const past = page.getByTestId("past-events").locator("li[data-event]");
    expect(await upcoming.count()).toBe(4);
    expect(await past.count()).toBe(4);
    expect(await page.getByTestId("upcoming-events").getByTestId("event-time").count()).toBe(4);
    expect(await page.getByTestId("past-events").getByTestId("event-time").count()).toBe(0);

    const first = upcoming.first();
    expect(await first.locator("h3").innerText()).toBe("Grand Cru Trade Days");
    expect(await first.innerText()).toContain("Monday, February 8, 2027");
    expect(await first.getByTestId("event-time").innerText()).toBe("9:30 AM");
    expect(await first.innerText()).toContain("Paris, France");
    expect(await first.locator("time").getAttribute("datetime")).toBe("2027-02-08T09:30");

    const types = await page.locator("[data-type]").evaluateAll(colours, "data-type");
    expect(Object.keys(types).sort()).toEqual(["awards", "ceremony", "conference", "festival", "other", "tasting", "trade-show"]);
    expect(new Set(Object.values(types)).size).toBe(7);
    expect(await page.locator('[data-type="trade-show"]').first().innerText()).toMatch(/trade show/i);
    expect(await page.locator('[data-type="other"]').innerText()).toMatch(/event/i);
    expect(eventsFile.events.filter((e) => e.status === "upcoming").every((e) => e.date > "2026-11-22")).toBe(true);

    await scrollThrough(page);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ["en", "Plan a private event", "Private event at the estate", "event-private"],
    ["en", "Plan a corporate event", "Corporate event at the estate", "event-corporate"],
    ["zh", text("zh", "events.host.private"), text("zh", "contact.form.subjects.eventPrivate"), "event-private"],
  ])("opens the contact form with the subject filled in (%s: %s)", async (lang, button, subject, name) => {
    const { page, context, problems } = await open(pathIn(lang, "/events"));
    await page.getByRole("link", { name: button }).click();
    await page.waitForURL(`${baseUrl}${pathIn(lang, "/contact")}?subject=${name}#contact-form`);
    await expect.poll(() => page.locator('#contact-form [name="subject"]').inputValue()).toBe(subject);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(languages)("speaks %s", async (lang) => {
    const { page, context, problems } = await open(pathIn(lang, "/events"));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text(lang, "events.hero.title"));
    expect(await page.locator("#upcoming-title").innerText()).toBe(text(lang, "events.upcoming"));
    expect(await page.locator("#past-title").innerText()).toBe(text(lang, "events.past"));
    expect(await page.locator("li[data-event] h3").first().innerText()).toBe(text(lang, "eventContent.grand-cru-trade-days-2027.title"));
    expect(await page.getByRole("link", { name: text(lang, "events.host.corporate") }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
