import { content } from "#content";
import { textIn } from "#content/text";
import { languages } from "#core/languages";
import { violations } from "./support/axe";
import { expect } from "./support/fixtures";
import { baseUrl } from "./support/servers";
import { formFields, honeypot, mockApi, pathIn, scrollThrough, test, text } from "./support/visit";

const { news, events } = content;
const upcomingEvents = events.filter((event) => event.status === "upcoming");
const pastEvents = events.filter((event) => event.status === "past");
/** A calendar date as the page's language writes it, worked out here with Intl itself. */
const dateIn = (lang: string, iso: string, dateStyle: "long" | "full") =>
  new Intl.DateTimeFormat(lang, { dateStyle, timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

/** The badge colours of a set of elements, keyed by their data attribute (runs in the page). */
const colours = (elements: Element[], attribute: string) =>
  Object.fromEntries(elements.map((el) => [el.getAttribute(attribute), getComputedStyle(el).backgroundColor])) as Record<string, string>;

test.describe("/news", () => {
  test("shows every news card (seven in the spec), newest first, each with a category badge, a date, an icon, a title and a description", async ({ visit }) => {
    const { page, problems } = await visit("/news");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("News");
    const cards = page.locator("article[data-news]");
    expect(await cards.count()).toBe(news.length);
    expect(await cards.evaluateAll((articles) => articles.map((a) => a.id))).toEqual(news.map((n) => n.id));
    const first = cards.first();
    const newest = news[0]!;
    expect(await first.locator("h3").innerText()).toBe(textIn(newest.title, "en"));
    expect(await first.locator("time").getAttribute("datetime")).toBe(newest.date);
    expect(await first.locator("time").innerText()).toBe(dateIn("en", newest.date, "long"));
    expect(await first.locator("svg").first().getAttribute("aria-hidden")).toBe("true");
    expect(await first.innerText()).toContain(textIn(newest.description, "en"));

    const badges = await page.locator("[data-category]").evaluateAll(colours, "data-category");
    expect(Object.keys(badges).sort()).toEqual(["acquisition", "awards", "general", "honor", "partnership", "product", "team"]);
    // Each category has its own colour.
    expect(new Set(Object.values(badges)).size).toBe(7);
    expect(await page.locator('[data-category="honor"]').innerText()).toMatch(/honor/i);
    expect(await page.locator('[data-category="general"]').innerText()).toMatch(/news/i);
    expect(problems).toEqual([]);
  });

  test("opens and closes the full article in place", async ({ visit }) => {
    const { page } = await visit("/news");
    const item = news.find((n) => n.content.en.includes("\n\n"))!;
    const card = page.locator(`article#${item.id}`);
    const toggle = card.getByRole("button", { name: "Read full article" });
    const content = card.locator('[id$="-content"]');
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await content.isVisible()).toBe(false);
    expect(await page.locator(`#${await toggle.getAttribute("aria-controls")}`).count()).toBe(1);
    await toggle.click();
    expect(await card.getByRole("button", { name: "Show less" }).getAttribute("aria-expanded")).toBe("true");
    expect(await content.isVisible()).toBe(true);
    const paragraphs = textIn(item.content, "en").split("\n\n");
    expect(await content.locator("p").allInnerTexts()).toEqual(paragraphs);
    await card.getByRole("button", { name: "Show less" }).click();
    expect(await content.isVisible()).toBe(false);
  });

  test("links the two original articles in new tabs", async ({ visit }) => {
    const { page } = await visit("/news");
    const links = page.locator("article a[target]");
    const found = await links.evaluateAll((anchors) =>
      anchors.map((a) => [a.closest("article")?.id, a.getAttribute("href"), a.getAttribute("target"), a.getAttribute("rel")]),
    );
    expect(found).toEqual(news.filter((n) => n.externalLink).map((n) => [n.id, n.externalLink, "_blank", "noopener noreferrer"]));
  });

  test("loads nothing from another site until the visitor asks for the video, then plays it from youtube-nocookie", async ({ visit }) => {
    const { page, outside } = await visit("/news");
    await scrollThrough(page);
    expect(outside).toEqual([]);
    expect(await page.locator("iframe").count()).toBe(0);
    const item = news.find((n) => n.youtubeVideo)!;
    const card = page.locator(`article#${item.id}`);
    await card.getByRole("button", { name: /Play the video/ }).click();
    const frame = card.locator("iframe");
    await frame.waitFor();
    const videoId = new URL(item.externalLink!).searchParams.get("v");
    expect(await frame.getAttribute("src")).toBe(`https://www.youtube-nocookie.com/embed/${videoId}`);
    expect(await frame.getAttribute("title")).toBe(`Video: ${textIn(item.title, "en")}`);
    await expect.poll(() => outside.some((url) => url.startsWith(`https://www.youtube-nocookie.com/embed/${videoId}`))).toBe(true);
    expect(outside.every((url) => url.startsWith("https://www.youtube-nocookie.com/"))).toBe(true);
  });

  test("signs up to the newsletter: the address only, a toast, an empty box; a failure keeps the address", async ({ visit }) => {
    const { page } = await visit("/news");
    const form = 'form[aria-labelledby="newsletter-title"]';
    expect(await formFields(page, form)).toEqual([{ name: "email", type: "email", required: true, label: "Your email address", labelVisible: true }]);
    expect(await honeypot(page, form)).toEqual({ tabIndex: -1, autocomplete: "off", labelled: true, hidden: true, onScreen: false });
    const box = page.locator(`${form} [name="email"]`);

    await page.route("**/api/**", (route) => route.fulfill({ status: 500, body: "" }));
    await box.fill("ada@example.com");
    await page.locator(form).getByRole("button", { name: "Subscribe" }).click();
    await page.locator("[data-tone=error]").waitFor();
    expect(await box.inputValue()).toBe("ada@example.com");

    await page.unroute("**/api/**");
    const api = await mockApi(page, 201);
    await page.locator(form).getByRole("button", { name: "Subscribe" }).click();
    await page.locator("[data-tone=success]").waitFor();
    expect(await page.locator("[data-tone=success]").innerText()).toContain(text("en", "news.newsletter.success.title"));
    expect(new URL(api.calls[0]!.url).pathname).toBe("/api/newsletter-signups");
    expect(api.calls[0]!.body).toEqual({ email: "ada@example.com", language: "en", page: "/news", fax: "" });
    expect(await box.inputValue()).toBe("");
  });

  for (const [lang, pending, mail] of [
    ["en", /not (yet )?confirmed|not confirmed yet/i, /email/i],
    ["fr", /pas encore confirmée/, /e-mail/],
    ["zh", /尚未确认/, /邮件/],
    ["es", /aún no está confirmada/, /correo/],
    ["ja", /まだ完了していません/, /メール/],
  ] as const) {
    test(`says in ${lang} that the address is not confirmed yet and that a confirmation e-mail is on its way (double opt-in)`, async ({ visit }) => {
      const { page } = await visit(pathIn(lang, "/news"));
      await mockApi(page, 201);
      await page.locator('form[aria-labelledby="newsletter-title"] [name="email"]').fill("ada@example.com");
      await page.locator('form[aria-labelledby="newsletter-title"] button[type="submit"]').click();
      const toast = page.locator("[data-tone=success]");
      await toast.waitFor();
      const said = await toast.innerText();
      expect(said).toMatch(pending);
      expect(said).toMatch(mail);
      expect(said).not.toMatch(/You're subscribed|Suscripción confirmada|ご登録が完了しました|订阅成功/);
    });
  }

  test("passes axe with every article open and a toast showing", async ({ visit }) => {
    const { page } = await visit("/ja/news");
    for (const button of await page.locator("article button[aria-expanded]").all()) await button.click();
    await mockApi(page, 201);
    await page.locator('form[aria-labelledby="newsletter-title"] [name="email"]').fill("ada@example.com");
    await page.locator('form[aria-labelledby="newsletter-title"] button[type="submit"]').click();
    await page.locator("[data-tone=success]").waitFor();
    expect(await violations(page)).toEqual([]);
  });

  for (const lang of languages) {
    test(`speaks ${lang}`, async ({ visit }) => {
      const { page, problems } = await visit(pathIn(lang, "/news"));
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text(lang, "news.hero.title"));
      expect(await page.locator("article h3").first().innerText()).toBe(textIn(news[0]!.title, lang));
      expect(await page.locator('[data-category="awards"]').innerText()).toBe(text(lang, "news.categories.awards").toLocaleUpperCase(lang));
      expect(await page.getByRole("button", { name: text(lang, "news.readFullArticle") }).count()).toBe(news.length);
      expect(await page.locator("#newsletter-title").innerText()).toBe(text(lang, "news.newsletter.title"));
      expect(problems).toEqual([]);
    });
  }
});

test.describe("/events", () => {
  test("shows the upcoming events with date, time and place (four in the spec), and the past ones, each with its type's colour", async ({ visit }) => {
    const { page, problems, outside } = await visit("/events");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Events");
    const upcoming = page.getByTestId("upcoming-events").locator("li[data-event]");
    const past = page.getByTestId("past-events").locator("li[data-event]");
    expect(await upcoming.count()).toBe(upcomingEvents.length);
    expect(await past.count()).toBe(pastEvents.length);
    expect(await page.getByTestId("upcoming-events").getByTestId("event-time").count()).toBe(upcomingEvents.length);
    expect(await page.getByTestId("past-events").getByTestId("event-time").count()).toBe(0);

    const first = upcoming.first();
    const soonest = upcomingEvents[0]!;
    const [hours, minutes] = soonest.time!.split(":").map(Number) as [number, number];
    expect(await first.locator("h3").innerText()).toBe(textIn(soonest.title, "en"));
    expect(await first.innerText()).toContain(dateIn("en", soonest.date, "full"));
    expect(await first.getByTestId("event-time").innerText()).toBe(`${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`);
    expect(await first.innerText()).toContain(textIn(soonest.location, "en"));
    expect(await first.locator("time").getAttribute("datetime")).toBe(`${soonest.date}T${soonest.time}`);

    const types = await page.locator("[data-type]").evaluateAll(colours, "data-type");
    expect(Object.keys(types).sort()).toEqual(["awards", "ceremony", "conference", "festival", "other", "tasting", "trade-show"]);
    expect(new Set(Object.values(types)).size).toBe(7);
    expect(await page.locator('[data-type="trade-show"]').first().innerText()).toMatch(/trade show/i);
    expect(await page.locator('[data-type="other"]').innerText()).toMatch(/event/i);

    await scrollThrough(page);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("writes French times as 9 h 30 or 15 h, and Japanese dates with the weekday in brackets", async ({ visit }) => {
    const fr = await visit("/fr/events");
    const times = await fr.page.getByTestId("event-time").allInnerTexts();
    expect(times.length).toBe(upcomingEvents.length);
    for (const time of times) expect(time).toMatch(/^\d{1,2}\u00a0h(\u00a0\d{2})?$/);

    const ja = await visit("/ja/events");
    const dates = await ja.page.locator("li[data-event] time").allInnerTexts();
    expect(dates.length).toBe(events.length);
    for (const date of dates) expect(date).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日（[月火水木金土日]）$/);
  });

  for (const [lang, button, subject, name] of [
    ["en", "Plan a private event", "Private event at the estate", "event-private"],
    ["en", "Plan a corporate event", "Corporate event at the estate", "event-corporate"],
    ["zh", text("zh", "events.host.private"), text("zh", "contact.form.subjects.eventPrivate"), "event-private"],
  ] as const) {
    test(`opens the contact form with the subject filled in (${lang}: ${button})`, async ({ visit }) => {
      const { page, problems } = await visit(pathIn(lang, "/events"));
      await page.getByRole("link", { name: button }).click();
      await page.waitForURL(`${baseUrl}${pathIn(lang, "/contact")}?subject=${name}#contact-form`);
      await expect.poll(() => page.locator('#contact-form [name="subject"]').inputValue()).toBe(subject);
      expect(problems).toEqual([]);
    });
  }

  for (const lang of languages) {
    test(`speaks ${lang}`, async ({ visit }) => {
      const { page, problems } = await visit(pathIn(lang, "/events"));
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text(lang, "events.hero.title"));
      expect(await page.locator("#upcoming-title").innerText()).toBe(text(lang, "events.upcoming"));
      expect(await page.locator("#past-title").innerText()).toBe(text(lang, "events.past"));
      expect(await page.locator("li[data-event] h3").first().innerText()).toBe(textIn(upcomingEvents[0]!.title, lang));
      expect(await page.getByRole("link", { name: text(lang, "events.host.corporate") }).count()).toBe(1);
      expect(problems).toEqual([]);
    });
  }
});
