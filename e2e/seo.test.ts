import { content } from "#content";
import { languages, languageTags } from "#core/languages";
import { localizePath } from "#core/paths";
import { publicPaths } from "../app/lib/site-paths.server";
import { expect, test } from "./support/fixtures";
import { baseUrl } from "./support/servers";
/** The public origin the build was made for (SITE_URL, default http://localhost:3000). */
const siteUrl = (process.env.SITE_URL || "http://localhost:3000").replace(/\/$/, "");

interface Head {
  title: string;
  description?: string;
  canonical?: string;
  alternates: Record<string, string>;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: Record<string, unknown>[];
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function parseHead(html: string): Head {
  const head = html.slice(0, html.indexOf("</head>"));
  const tags = head.match(/<(meta|link)\s[^>]*>/g) ?? [];
  const alternates: Record<string, string> = {};
  const og: Record<string, string> = {};
  const twitter: Record<string, string> = {};
  let description: string | undefined;
  let canonical: string | undefined;
  for (const tag of tags) {
    const rel = attr(tag, "rel");
    if (rel === "canonical") canonical = attr(tag, "href");
    if (rel === "alternate") alternates[attr(tag, "hrefLang") ?? attr(tag, "hreflang") ?? "?"] = attr(tag, "href") ?? "";
    const property = attr(tag, "property");
    const name = attr(tag, "name");
    const content = decode(attr(tag, "content") ?? "");
    if (property?.startsWith("og:")) og[property] = content;
    if (name?.startsWith("twitter:")) twitter[name] = content;
    if (name === "description") description = content;
  }
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return { title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ""), description, canonical, alternates, og, twitter, jsonLd };
}

/** Every public page with its parsed head, as the server sends it (fetched once for the file, before its tests). */
let pages: (ReturnType<typeof publicPaths>[number] & { head: Head })[] = [];
test.beforeAll(async () => {
  pages = await Promise.all(publicPaths(content).map(async (page) => ({ ...page, head: parseHead(await (await fetch(`${baseUrl}${page.path}`)).text()) })));
});

test.describe("page metadata", () => {
  test("gives every page a distinct title and a description", () => {
    const titles = new Map<string, string>();
    for (const { path, head } of pages) {
      expect(head.title, path).not.toBe("");
      expect(head.description?.length ?? 0, path).toBeGreaterThan(20);
      expect(titles.get(head.title), `${path} repeats the title of ${titles.get(head.title)}`).toBeUndefined();
      titles.set(head.title, path);
    }
  });

  test("gives every page an absolute canonical URL and hreflang alternates for five languages plus x-default", () => {
    for (const { path, english, head } of pages) {
      expect(head.canonical, path).toBe(`${siteUrl}${path}`);
      const expected = Object.fromEntries([
        ...languages.map((lang) => [languageTags[lang], `${siteUrl}${localizePath(lang, english)}`]),
        ["x-default", `${siteUrl}${english}`],
      ]);
      expect(head.alternates, path).toEqual(expected);
    }
  });

  test("gives every page Open Graph and Twitter card tags with an image that exists", async () => {
    const images = new Set<string>();
    for (const { path, head } of pages) {
      expect(head.og["og:title"], path).toBe(head.title);
      expect(head.og["og:description"], path).toBe(head.description);
      expect(head.og["og:url"], path).toBe(`${siteUrl}${path}`);
      expect(head.og["og:image"], path).toMatch(new RegExp(`^${siteUrl}/og/[a-z0-9-]+\\.jpg$`));
      expect(head.twitter["twitter:card"], path).toBe("summary_large_image");
      images.add(head.og["og:image"]!);
    }
    for (const image of images) {
      const response = await fetch(image.replace(siteUrl, baseUrl));
      expect(response.status, image).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
    }
  });
});

test.describe("sitemap.xml and robots.txt", () => {
  test("lists every page in every language, each with its alternates", async () => {
    const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(pages.map((p) => `${siteUrl}${p.path}`).sort());
    expect(xml.match(/hreflang="x-default"/g)?.length).toBe(pages.length);
    expect(xml).toContain(`hreflang="zh-Hans" href="${siteUrl}/zh/shop/chateau-2019"`);
  });

  test("dates the news pages by their newest item, and no other page", async () => {
    const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const newest = content.news
      .map((item) => item.date)
      .sort()
      .at(-1)!;
    const dated = [...xml.matchAll(/<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)].map(([, loc, date]) => [loc, date]);
    expect(dated.sort()).toEqual(languages.map((lang) => [`${siteUrl}${localizePath(lang, "/news")}`, newest]).sort());
  });

  test("robots.txt points to the sitemap", async () => {
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    expect(robots).toMatch(/User-agent: \*/);
  });
});

/** The parts of schema.org each type must carry for search engines to use it. */
function checkJsonLd(path: string, data: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const need = (cond: boolean, what: string) => cond || problems.push(`${path} ${String(data["@type"])}: ${what}`);
  need(data["@context"] === "https://schema.org", "@context");
  const isText = (v: unknown) => typeof v === "string" && v.trim().length > 0;
  switch (data["@type"]) {
    case "Winery": {
      const address = data.address as Record<string, unknown>;
      need(isText(data.name), "name");
      need(address?.["@type"] === "PostalAddress" && address.postalCode === "33330" && address.addressCountry === "FR", "address");
      need(typeof (data.geo as Record<string, unknown>)?.latitude === "number", "geo");
      need(Array.isArray(data.contactPoint) && data.contactPoint.length > 0, "contactPoint");
      need(isText((data.subOrganization as Record<string, unknown>)?.name), "sister estate");
      break;
    }
    case "Product": {
      const offer = data.offers as Record<string, unknown>;
      need(isText(data.name) && isText(data.description), "name and description");
      need(offer?.["@type"] === "Offer" && /^\d+\.\d{2}$/.test(String(offer.price)) && offer.priceCurrency === "EUR", "offer in EUR");
      need(Array.isArray(offer?.eligibleRegion) && (offer.eligibleRegion as unknown[]).length === 27, "EU-only region");
      for (const review of (data.review as Record<string, unknown>[] | undefined) ?? []) {
        const rating = review.reviewRating as Record<string, unknown>;
        need(review["@type"] === "Review" && isText((review.author as Record<string, unknown>)?.name), "review author");
        need(typeof rating?.ratingValue === "number" && typeof rating.bestRating === "number" && rating.ratingValue <= rating.bestRating, "review rating");
      }
      break;
    }
    case "Event":
      need(isText(data.name) && !String(data.name).startsWith("eventContent."), "translated name");
      need(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2})?$/.test(String(data.startDate)), "ISO startDate");
      need((data.location as Record<string, unknown>)?.["@type"] === "Place", "location");
      break;
    case "NewsArticle":
      need(isText(data.headline) && !String(data.headline).startsWith("newsContent."), "translated headline");
      need(/^\d{4}-\d{2}-\d{2}$/.test(String(data.datePublished)), "datePublished");
      need(isText((data.author as Record<string, unknown>)?.name), "author");
      break;
    default:
      problems.push(`${path}: unexpected type ${String(data["@type"])}`);
  }
  return problems;
}

test.describe("structured data (JSON-LD)", () => {
  test("describes the winery on home and contact, products on wine pages, events and news articles", () => {
    const problems: string[] = [];
    for (const { path, english, head } of pages) {
      const types = head.jsonLd.map((d) => d["@type"]);
      if (english === "/" || english === "/contact") expect(types, path).toEqual(["Winery"]);
      else if (english.startsWith("/shop/")) expect(types, path).toEqual(["Product"]);
      else if (english === "/events") expect(types, path).toEqual(Array(8).fill("Event"));
      else if (english === "/news") expect(types, path).toEqual(Array(7).fill("NewsArticle"));
      else expect(types, path).toEqual([]);
      for (const data of head.jsonLd) problems.push(...checkJsonLd(path, data));
    }
    expect(problems).toEqual([]);
  });

  test("gives the rated wines their critics' reviews, in the page's language", () => {
    const fr = pages.find((p) => p.path === "/fr/shop/chateau-2018")!.head.jsonLd[0]!;
    const reviews = fr.review as Record<string, unknown>[];
    expect(reviews.length).toBeGreaterThanOrEqual(3);
    expect((fr.offers as Record<string, unknown>).price).toBe("150.00");
    const cuvee = pages.find((p) => p.path === "/shop/cuvee9-2019")!.head.jsonLd[0]!;
    expect(cuvee.review).toBeUndefined();
  });
});
