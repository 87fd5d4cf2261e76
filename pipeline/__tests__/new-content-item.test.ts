/**
 * Issue "one house", done when: an editor adds a wine or a news item with one content file (and a
 * picture), and it appears on the pages, in the sitemap, in the JSON-LD and on the summary sheets
 * of every language, without touching code or tests. Checked on a copy of the content folder.
 */
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContent, type ContentSource } from "#content";
import { languages } from "#core/languages";
import { localizePath } from "#core/paths";
import { contentDir } from "../../content/__tests__/support";

let dir: string;
/** The copy, read: what each step below is handed, as the build hands it the folder it reads. */
let copy: ContentSource;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "content-new-"));
  cpSync(contentDir, dir, { recursive: true, filter: (source) => !source.includes("__tests__") });
  // A new vintage: its file, copied from the 2018 and changed (its harvest falls in 2021), and its bottle picture.
  const wine = JSON.parse(readFileSync(join(dir, "wines/chateau-2018.json"), "utf8")) as Record<string, unknown>;
  const harvest = { start: "2021-09-27", end: "2021-10-14" };
  writeFileSync(join(dir, "wines/chateau-2021.json"), JSON.stringify({ ...wine, vintage: 2021, price: 160, harvest, ratings: [] }));
  copyFileSync(join(dir, "images/bottles/chateau-2018.png"), join(dir, "images/bottles/chateau-2021.png"));
  // A new news item: one file.
  const item = JSON.parse(readFileSync(join(dir, "news/harvest-2026.json"), "utf8")) as Record<string, Record<string, string>>;
  writeFileSync(
    join(dir, "news/bottling-2027.json"),
    JSON.stringify({
      ...item,
      date: "2026-11-20",
      title: Object.fromEntries(languages.map((lang) => [lang, `Bottling (${lang})`])),
      photo: { scene: "tasting", alt: Object.fromEntries(languages.map((lang) => [lang, `The bottling line (${lang})`])) },
    }),
  );
  copy = { content: readContent(dir), dir };
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("a wine added with one file and its picture", () => {
  it("gets its page in every language, and so its place in the sitemap", async () => {
    const { publicPaths, prerenderPaths } = await import("../../app/lib/site-paths.server");
    for (const lang of languages) {
      expect(prerenderPaths(copy.content)).toContain(localizePath(lang, "/shop/chateau-2021"));
      expect(publicPaths(copy.content).map((page) => page.path)).toContain(localizePath(lang, "/shop/chateau-2021"));
    }
  });

  it("is the first card of its collection on the shop and the home page, newest vintage first", async () => {
    const { collectionCards } = await import("../../app/components/wine/views.server");
    const { createI18n } = await import("../../app/lib/i18n/context");
    const { catalogs } = await import("#locales");
    const cards = collectionCards(copy.content, createI18n("fr", catalogs.fr), "chateau", 3);
    expect(cards.map((card) => card.id)).toEqual(["chateau-2021", "chateau-2020", "chateau-2019"]);
    expect(cards[0]!.price).toBe("160\u00a0€");
  });

  it("has its Product in the page's JSON-LD, with its price", async () => {
    const { structuredData } = await import("../structured-data");
    const [product] = structuredData({ content: copy.content, lang: "ja", path: "/shop/chateau-2021", absolute: (path) => `https://example.test${path}` }) as {
      sku: string;
      offers: { price: string };
    }[];
    expect(product).toMatchObject({ sku: "chateau-2021", offers: { price: "160.00" } });
  });

  it("has a summary sheet in every language", async () => {
    const { gatherSheets } = await import("../summaries/gather");
    const sheets = gatherSheets(copy).filter((sheet) => sheet.wineId === "chateau-2021");
    expect(sheets.map((sheet) => sheet.lang).sort()).toEqual([...languages].sort());
    expect(sheets.every((sheet) => sheet.vintage === "2021")).toBe(true);
  });
});

describe("a news item added with one file", () => {
  it("is the first card of the news page in every language, and in its JSON-LD", async () => {
    const { newsView } = await import("../../app/components/news/views.server");
    const { structuredData } = await import("../structured-data");
    for (const lang of languages) {
      expect(newsView(copy.content, lang)[0]).toMatchObject({ id: "bottling-2027", title: `Bottling (${lang})` });
      const articles = structuredData({ content: copy.content, lang, path: "/news", absolute: (path) => path }) as { headline: string }[];
      expect(articles[0]!.headline).toBe(`Bottling (${lang})`);
    }
  });

  it("gives its own photograph as the image of its NewsArticle; an item without one keeps the estate's picture", async () => {
    const { structuredData } = await import("../structured-data");
    const articles = structuredData({ content: copy.content, lang: "fr", path: "/news", absolute: (path) => `https://example.test${path}` }) as {
      url: string;
      image: string | string[];
    }[];
    const image = (id: string) => articles.find((article) => article.url.endsWith(`#${id}`))?.image;
    // In the three shapes Google asks of an article's image: 16:9, 4:3 and 1:1.
    expect(image("bottling-2027")).toEqual(
      ["16x9", "4x3", "1x1"].map((shape) => `https://example.test/og/news/bottling-2027${shape === "16x9" ? "" : `-${shape}`}.jpg`),
    );
    expect(image("harvest-2026")).toBe("https://example.test/og/estate.jpg");
  });

  it("has that photograph drawn for link previews and search results, 1200 × 675, 1200 × 900 and 1200 × 1200", async () => {
    const { writeOpenGraphImages } = await import("../og-images");
    const out = join(dir, "og-out");
    await writeOpenGraphImages(out, copy);
    const sharp = (await import("sharp")).default;
    expect(await sharp(join(out, "news", "bottling-2027.jpg")).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 675 });
    expect(await sharp(join(out, "news", "bottling-2027-4x3.jpg")).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 900 });
    expect(await sharp(join(out, "news", "bottling-2027-1x1.jpg")).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 1200 });
    expect(existsSync(join(out, "news", "harvest-2026.jpg"))).toBe(false);
  });

  it("copies the link-preview pictures whose inputs did not change from an earlier build, and draws the others", async () => {
    const { writeOpenGraphImages } = await import("../og-images");
    const earlier = join(dir, "og-earlier");
    const inputs = await writeOpenGraphImages(earlier, copy);
    // Marks in the earlier build's files show which were copied.
    writeFileSync(join(earlier, "estate.jpg"), "copied from the earlier build");
    writeFileSync(join(earlier, "news", "bottling-2027.jpg"), "copied from the earlier build");
    const out = join(dir, "og-next");
    await writeOpenGraphImages(out, copy, { dir: earlier, inputs: { ...inputs, "news/bottling-2027.jpg": "a photograph since replaced" } });
    expect(readFileSync(join(out, "estate.jpg"), "utf8")).toBe("copied from the earlier build");
    const sharp = (await import("sharp")).default;
    expect(await sharp(join(out, "news", "bottling-2027.jpg")).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 675 });
  });
});
