import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContent, type Content } from "#content";
import { addStaff, adminTestServer, attribute, elements, parseHtml, StaffClient, textOf } from "../../../__tests__/support/admin";
import { contentRepository, formValues } from "../../../__tests__/support/content";
import { validPayloads } from "../../../__tests__/support/fixtures";

/**
 * What an editor saves through the content editor reaches the built pages, their
 * JSON-LD and the estate's e-mails as text, never as markup. The values are saved with the real
 * editor (app.inject), then the site's own modules are handed the edited folder, read as the
 * build reads it, and draw the news card, the structured data of the news and wine pages, and the
 * booking notification, as the build and the server do.
 */

const languages = ["en", "fr", "zh", "es", "ja"] as const;
const staff = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };

/**
 * A text as an editor might type it in a field of several lines (content texts are ICU
 * MessageFormat, where a literal brace is quoted, so `'{{'` is how one writes two braces), and the
 * text a visitor must read.
 */
const typed = `</script><script>alert(1)</script> <img src=x onerror=alert(2)> <!-- "double" & 'single' \u2028line\u2029para \u200Fرحلة\u202Eevil\u202C '{{'x'}}' javascript:alert(3)`;
const shown = `</script><script>alert(1)</script> <img src=x onerror=alert(2)> <!-- "double" & 'single' \u2028line\u2029para \u200Fرحلة\u202Eevil\u202C {{x}} javascript:alert(3)`;
/** The same in a one-line field (a title, a label), which refuses line separators, direction marks and overrides, and every other invisible character. */
const typedLine = `</script><script>alert(1)</script> <img src=x onerror=alert(2)> <!-- "double" & 'single' رحلة '{{'x'}}' javascript:alert(3)`;
const shownLine = `</script><script>alert(1)</script> <img src=x onerror=alert(2)> <!-- "double" & 'single' رحلة {{x}} javascript:alert(3)`;
/** An https address (the only kind a news link may have) carrying markup in its query. */
const hostileUrl = `https://journal.example/article?q="><script>alert(4)</script>&x='`;

let dir: string;
let closeServer: () => Promise<void>;
/** The edited folder as a build reads it. */
let edited: Content;

/**
 * Everything a page's markup must not hold: a script element (but the editor's own file, with
 * nothing inline), an event handler, a `javascript:` address.
 */
function expectNoMarkupFrom(html: string): void {
  const nodes = elements(parseHtml(html));
  const scripts = nodes.filter((node) => node.tagName === "script");
  expect(scripts.filter((node) => node.attrs.find((attr) => attr.name === "src")?.value !== "/admin/assets/editor.js" || node.childNodes.length > 0)).toEqual(
    [],
  );
  for (const node of nodes) {
    for (const attr of node.attrs) {
      expect(attr.name.startsWith("on"), `${node.tagName} ${attr.name}`).toBe(false);
      if (["href", "src", "action", "formaction"].includes(attr.name)) expect(attr.value.trim().toLowerCase().startsWith("javascript:")).toBe(false);
    }
  }
}

beforeAll(async () => {
  dir = contentRepository();
  const app = await adminTestServer({ CONTENT_DIR: dir });
  closeServer = () => app.close();
  await addStaff(app, staff.email, staff.password, "editor");
  const client = new StaffClient(app);
  await client.signIn(staff.email, staff.password);

  const texts = (name: string, value: string) => Object.fromEntries(languages.map((lang) => [`${name}.${lang}`, value]));
  await client.get("/admin/content/news/new");
  const news = {
    _id: "hostile-news",
    date: "2027-03-15",
    category: "general",
    icon: "leaf",
    ...texts("title", typedLine),
    ...texts("description", typed),
    ...texts("content", typed),
    ...texts("linkLabel", typedLine),
    "photo.scene": "",
    _op: "save",
  };
  // A javascript: address where an address is allowed is refused at its field, with what was typed kept.
  const scripted = await client.post("/admin/content/news/new", { ...news, externalLink: "javascript:alert(1)//https://x" });
  expect(scripted.statusCode).toBe(400);
  expect(scripted.body).toContain(`id="problem-externalLink"`);
  expectNoMarkupFrom(scripted.body);
  expect(formValues(scripted.body)["title.ja"]).toBe(typedLine);
  // Unquoted braces are no text the site can show: refused at the field, not a broken build; nor
  // `{{x}}`, which the lenient parser read as a brace, a value nobody gives and a brace ({}).
  for (const title of ["Two {{ braces", "Two {{x}} braces", "{{x}}"]) {
    const braces = await client.post("/admin/content/news/new", { ...news, "title.en": title, externalLink: hostileUrl });
    expect(braces.statusCode, title).toBe(400);
    expect(braces.body, title).toContain(`id="problem-title.en"`);
  }
  // A one-line field refuses control characters (NUL, a line break, U+2028) and direction
  // overrides (U+202E); a text of several lines keeps its line breaks but refuses NUL. Each is
  // named at its field, with what was typed kept.
  for (const [field, text] of [
    ["title.fr", "Vendanges\u0000 2027"],
    ["title.fr", "Vendanges \u202E7202"],
    ["linkLabel.zh", "阅读\n全文"],
    ["title.es", "Vendimia\u20282027"],
    ["content.en", "First line\u0000second"],
  ] as const) {
    const refused = await client.post("/admin/content/news/new", { ...news, [field]: text, externalLink: hostileUrl });
    expect(refused.statusCode, JSON.stringify(text)).toBe(400);
    expect(refused.body, JSON.stringify(text)).toContain(`id="problem-${field}"`);
    // (A NUL cannot travel back in the page's HTML: the form shows it as U+FFFD.)
    if (!text.includes("\u0000")) expect(formValues(refused.body)[field]).toBe(text);
  }
  const lines = await client.post("/admin/content/news/new", {
    ...news,
    _id: "several-lines",
    "content.en": "First line\nsecond line\tand a tab",
    externalLink: hostileUrl,
  });
  expect(lines.statusCode).toBe(303);
  const saved = await client.post("/admin/content/news/new", { ...news, externalLink: hostileUrl });
  expect(saved.statusCode).toBe(303);

  const wine = formValues((await client.get("/admin/content/wines/chateau-2020")).body);
  expect(
    (await client.post("/admin/content/wines/chateau-2020", { ...wine, ...texts("tastingNotes", typed), "ratings.0.quote": typed, _op: "save" })).statusCode,
  ).toBe(303);

  const tours = formValues((await client.get("/admin/content/tours/tours")).body);
  expect((await client.post("/admin/content/tours/tours", { ...tours, ...texts("packages.0.selectedLabel", typedLine), _op: "save" })).statusCode).toBe(303);

  // The files hold exactly what was typed.
  const stored = JSON.parse(readFileSync(join(dir, "news/hostile-news.json"), "utf8")) as {
    title: Record<string, string>;
    content: Record<string, string>;
    externalLink: string;
  };
  expect(stored.title.ja).toBe(typedLine);
  expect(stored.content.ja).toBe(typed);
  expect(stored.externalLink).toBe(hostileUrl);
  // The tours' group prices (one shape or another: per person or for the group) come back as they were.
  const original = JSON.parse(readFileSync("content/tours.json", "utf8")) as { packages: { groupPrices?: unknown[] }[] };
  const toursStored = JSON.parse(readFileSync(join(dir, "tours.json"), "utf8")) as typeof original;
  expect(toursStored.packages.map((tour) => tour.groupPrices)).toEqual(original.packages.map((tour) => tour.groupPrices ?? []));

  // The edited folder, read as a build from it reads it: what the pages below are drawn from.
  edited = readContent(dir);
});

afterAll(async () => {
  await closeServer?.();
});

describe("values saved in the content editor", () => {
  it("stay text in the JSON-LD of the news and wine pages: valid JSON that never closes its script", async () => {
    const { jsonLdScript, structuredData } = await import("../../../../pipeline/structured-data");
    const { pagePaths, winePath } = await import("#core/paths");
    for (const lang of languages) {
      for (const path of [pagePaths.news, winePath("chateau-2020")]) {
        const script = jsonLdScript(structuredData({ content: edited, lang, path, absolute: (p) => `https://www.hermitage-lescours.example${p}` }));
        const inner = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(script)?.[1];
        expect(inner).toBeDefined();
        // Nothing inside can end the script element or open a comment: no `<` at all.
        expect(inner).not.toContain("<");
        const data = JSON.parse(inner!) as unknown;
        const json = JSON.stringify(data);
        expect(json, `${lang} ${path}`).toContain(JSON.stringify(shown).slice(1, -1));
        if (path === pagePaths.news) {
          const article = (data as { headline: string; url: string; sameAs?: string }[]).find((item) => item.url.endsWith("#hostile-news"))!;
          expect(article.headline).toBe(shownLine);
          expect(article.sameAs).toBe(hostileUrl);
        }
      }
    }
  });

  it("stay text on the news card in every language: no script, no handler, the link the editor gave", async () => {
    const { newsView } = await import("~/components/news/views.server");
    const { NewsCard } = await import("~/components/news/news-card");
    const { I18nProvider } = await import("~/lib/i18n/context");
    for (const lang of languages) {
      const item = newsView(edited, lang).find((view) => view.id === "hostile-news")!;
      const html = renderToStaticMarkup(createElement(I18nProvider, { lang, messages: {}, children: createElement(NewsCard, { item }) }));
      expectNoMarkupFrom(html);
      const nodes = elements(parseHtml(html));
      expect(textOf(nodes.find((node) => node.tagName === "h3")!)).toBe(shownLine);
      expect(nodes.filter((node) => node.tagName === "p").map(textOf)).toContain(shown);
      const link = nodes.find((node) => node.tagName === "a" && attribute(node, "href").startsWith("https://journal.example"));
      expect(link && attribute(link, "href")).toBe(hostileUrl);
      expect(textOf(link!)).toContain(shownLine);
    }
  });

  it("stay on their own line of the estate's booking e-mail, and escaped in its HTML part", async () => {
    const { composeNotification } = await import("../../../mail/compose");
    const { ContentStore } = await import("../../../content-store");
    // The server's own view of the edited folder, as after a publish (server/content-store.ts).
    const store = new ContentStore(dir);
    const input = { ...validPayloads.tourBooking, package: store.current.tours.packages[0]!.id };
    const mail = composeNotification("tourBooking", "0123abcd-0000-4000-8000-000000000000", input as never, "2027-01-01T10:00:00.000Z", {
      ...store.estateFacts(),
      tourName: (id, lang) => store.tourName(id, lang),
      siteUrl: "https://www.hermitage-lescours.example",
      staffLanguage: () => "en",
    });
    // React writes the HTML: the value is text there, never an element.
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.text).not.toMatch(/\r/);
    const line = mail.text.split("\n").find((candidate) => candidate.startsWith("Tour: "));
    // The label is the whole line, whatever characters it holds: none of them starts a line of its own.
    expect(line?.startsWith("Tour: </script><script>alert(1)</script>")).toBe(true);
    expect(mail.text.split("\n").filter((candidate) => candidate.includes("alert(1)"))).toEqual([line]);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
