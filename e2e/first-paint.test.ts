import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { po } from "gettext-parser";
import { parse } from "parse5";
import type { Page } from "@playwright/test";
import { readContent } from "#content";
import { describeCharacter, missingCharacters, readFont } from "../pipeline/fonts/coverage";
import { latinStrings } from "../pipeline/fonts/site-text";
import { fontFaces, sourceFont } from "../pipeline/fonts/subset";
import { expect, test } from "./support/fixtures";
import { baseUrl } from "./support/servers";

/**
 * What a page asks for before its first paint (docs/performance.md, "What the browser fetches
 * first"): its largest image preloaded with high priority and no other image high, at most one
 * font preloaded, the face of its largest text; and fonts cut down to the site's characters that
 * still draw every one of them.
 */
const buildDir = process.env.E2E_BUILD_DIR ?? "build";
const clientDir = join(buildDir, "client");

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name === "index.html" ? [join(dir, entry.name)] : [],
  );
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
const decode = (value: string | undefined) => value?.replaceAll("&amp;", "&");

/** The preloads and high-priority images of a built page, as written in its HTML. */
function builtPage(file: string) {
  const html = readFileSync(file, "utf8");
  const head = html.slice(0, html.indexOf("</head>"));
  const body = html.slice(html.indexOf("<body"));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag);
  const imagePreloads = links.filter((tag) => /\srel="preload"/.test(tag) && /\sas="image"/.test(tag));
  const fontPreloads = links.filter((tag) => /\srel="preload"/.test(tag) && /\sas="font"/.test(tag));
  const highImages = [...body.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => /fetchPriority="high"/i.test(tag));
  /** The AVIF `<source>` of the `<picture>` around a high-priority image, if it has one. */
  const sourceOf = (img: string) => {
    const picture = body.slice(body.lastIndexOf("<picture", body.indexOf(img)), body.indexOf(img));
    return [...picture.matchAll(/<source\b[^>]*>/g)].map(([tag]) => tag).find((tag) => attribute(tag, "type") === "image/avif");
  };
  return { imagePreloads, fontPreloads, highImages, sourceOf };
}

const pages = walk(clientDir).map((file) => ["/" + file.slice(clientDir.length + 1).replace(/\/?index\.html$/, ""), file] as const);

test.describe("the preloads of every built page", () => {
  test("finds every page of every language", () => {
    expect(pages.length).toBeGreaterThanOrEqual(85);
  });

  for (const [path, file] of pages) {
    test(`${path}: the preloaded image is the one high-priority image, with the same candidates`, () => {
      const { imagePreloads, highImages, sourceOf } = builtPage(file);
      expect(highImages.length).toBeLessThanOrEqual(1);
      expect(imagePreloads.length).toBe(highImages.length);
      if (highImages.length === 0) return;
      const [preload, img] = [imagePreloads[0]!, highImages[0]!];
      expect(attribute(preload, "fetchPriority")).toBe("high");
      expect(attribute(img, "loading")).toBe("eager");
      const source = sourceOf(img);
      if (source) {
        // A <picture>: the preload offers its AVIF candidates for the same sizes, so the browser picks the same file.
        expect(attribute(preload, "type")).toBe("image/avif");
        expect(decode(attribute(preload, "imageSrcSet"))).toBe(decode(attribute(source, "srcSet")));
        expect(attribute(preload, "imageSizes")).toBe(attribute(source, "sizes"));
      } else {
        expect(attribute(preload, "href")).toBe(attribute(img, "src"));
      }
    });
  }

  for (const [path, file] of pages) {
    test(`${path}: at most one font preloaded, none in Chinese or Japanese`, () => {
      const { fontPreloads } = builtPage(file);
      expect(fontPreloads.length).toBeLessThanOrEqual(1);
      if (/^\/(zh|ja)(\/|$)/.test(path)) expect(fontPreloads).toEqual([]);
      else expect(fontPreloads).toHaveLength(1);
      for (const tag of fontPreloads) {
        expect(attribute(tag, "href")).toMatch(new RegExp(`^/assets/(${fontFaces.map((face) => face.file.replace(".woff2", "")).join("|")})-[\\w-]+\\.woff2$`));
        expect(attribute(tag, "crossorigin")).toBe("anonymous");
      }
    });
  }
});

/** What Chromium reports as the page's largest paint, and the largest text on the first screen and its face. */
interface FirstScreen {
  lcp: { tag: string; url: string };
  largestText: { text: string; family: string; weight: string };
  preloadedImages: { href: string | null; srcset: string | null }[];
  preloadedFonts: string[];
  highImages: number;
}

/**
 * Lighthouse's phone (412×823 at device pixel ratio 1.75) as a first-time visitor, with the age
 * gate open: the last `largest-contentful-paint` entry once the page has loaded, its fonts are in,
 * the pictures on its first screen are decoded, and five frames in a row have been rendered with
 * no new entry (Chromium reports an entry a frame or two after the paint it describes: frames,
 * not a clock, say when it is final); and the text block (text nodes gathered to their nearest
 * non-inline ancestor, as Chromium does) with the largest area inside the viewport.
 */
async function firstScreen(page: Page, path: string): Promise<FirstScreen> {
  await page.addInitScript(() => {
    const win = window as unknown as { lcp?: { tag: string; url: string }; lcpEntries: number; readLcp: () => number };
    win.lcpEntries = 0;
    const record = (entries: PerformanceEntryList) => {
      win.lcpEntries += entries.length;
      const last = entries.at(-1) as (PerformanceEntry & { element: Element | null; url: string }) | undefined;
      if (last) win.lcp = { tag: last.element?.tagName.toLowerCase() ?? "", url: last.url };
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    // Entries recorded but not yet handed to the observer are taken too.
    win.readLcp = () => {
      record(observer.takeRecords());
      return win.lcpEntries;
    };
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(async () => {
    // The pictures drawn on the first screen (not those in a closed dialog or further down, which never load here).
    const onScreen = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return img.checkVisibility() && box.width > 0 && box.bottom > 0 && box.top < innerHeight;
    });
    await Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)));
    const win = window as unknown as { lcp?: unknown; readLcp: () => number };
    for (let seen = win.readLcp(), quiet = 0; quiet < 5 || win.lcp === undefined;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = win.readLcp();
      quiet = now === seen ? quiet + 1 : 0;
      seen = now;
    }
  });
  return page.evaluate(() => {
    const blocks = new Map<Element, { area: number; text: string; parent: Element }>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || parent.closest("script, style, noscript, template")) continue;
      let block: Element = parent;
      while (block.parentElement && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      const width = Math.max(0, Math.min(rect.right, innerWidth) - Math.max(rect.left, 0));
      const height = Math.max(0, Math.min(rect.bottom, innerHeight) - Math.max(rect.top, 0));
      const style = getComputedStyle(parent);
      if (style.visibility === "hidden" || style.opacity === "0") continue;
      const entry = blocks.get(block) ?? { area: 0, text: "", parent };
      entry.area += width * height;
      entry.text += node.textContent;
      blocks.set(block, entry);
    }
    const [largest] = [...blocks.values()].sort((a, b) => b.area - a.area);
    const style = getComputedStyle(largest!.parent);
    return {
      lcp: (window as unknown as { lcp: { tag: string; url: string } }).lcp,
      largestText: { text: largest!.text.trim().slice(0, 60), family: style.fontFamily.split(",")[0]!.replaceAll('"', "").trim(), weight: style.fontWeight },
      preloadedImages: [...document.querySelectorAll('head link[rel="preload"][as="image"]')].map((link) => ({
        href: link.getAttribute("href"),
        srcset: link.getAttribute("imagesrcset"),
      })),
      preloadedFonts: [...document.querySelectorAll('head link[rel="preload"][as="font"]')].map((link) => link.getAttribute("href")!),
      highImages: document.querySelectorAll('img[fetchpriority="high"]').length,
    };
  });
}

/** The file a family and weight are drawn from: the family's face of the nearest weight, as CSS font matching picks it. */
function faceFor(family: string, weight: number) {
  return fontFaces.filter((face) => face.family === family).sort((a, b) => Math.abs(a.weight - weight) - Math.abs(b.weight - weight))[0];
}

/**
 * Each kind of page in English (the choice of font is made there, docs/performance.md), and a few
 * in other languages whose largest paint is the same kind of thing.
 */
test.describe("on a phone, the first screen of each kind of page", () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, adult: false });

  for (const path of [
    "/",
    "/story",
    "/shop",
    "/shop/chateau-2020",
    "/villa",
    "/become-importer",
    "/wine-tours",
    "/contact",
    "/news",
    "/events",
    "/privacy",
    "/terms",
    "/legal-notice",
    "/no-such-page",
    "/fr/wine-tours",
    "/es/villa",
    "/zh/shop",
    "/ja/news",
  ] as const) {
    test(`${path}: the largest paint is preloaded if it is an image, and the one font preloaded is the largest text's`, async ({ page, requests }) => {
      const screen = await firstScreen(page, path);
      // What the page had asked for by then.
      const requested = [...requests];
      const detail = JSON.stringify(screen);
      if (screen.lcp.url) {
        // An image: preloaded, the only high-priority one, and downloaded once (the preload's pick is the <img>'s).
        const file = new URL(screen.lcp.url).pathname;
        expect(screen.preloadedImages, detail).toHaveLength(1);
        const [preload] = screen.preloadedImages;
        expect([preload!.href, ...(preload!.srcset ?? "").split(",").map((candidate) => candidate.trim().split(" ")[0])], detail).toContain(file);
        expect(screen.highImages, detail).toBe(1);
        const picture = file.replace(/-[\w-]{8}\.\w+$/, "-");
        expect(
          requested.filter((url) => new URL(url).pathname.startsWith(picture)),
          detail,
        ).toEqual([screen.lcp.url]);
      } else {
        // Text: no image competes with it.
        expect(screen.preloadedImages, detail).toEqual([]);
        expect(screen.highImages, detail).toBe(0);
      }
      if (/^\/(zh|ja)(\/|$)/.test(path)) {
        expect(screen.preloadedFonts, detail).toEqual([]);
        return;
      }
      const face = faceFor(screen.largestText.family, Number(screen.largestText.weight));
      expect(face, detail).toBeDefined();
      expect(screen.preloadedFonts, detail).toHaveLength(1);
      expect(screen.preloadedFonts[0], detail).toMatch(new RegExp(`^/assets/${face!.file.replace(".woff2", "")}-[\\w-]+\\.woff2$`));
    });
  }
});

/**
 * Every text a visitor of a page can read: text nodes outside scripts and styles, and the
 * attributes browsers show. With `frenchOnly`, only what is inside a `lang="fr"` element (the
 * French words a Chinese or Japanese page sets in the Latin faces: the brand, the health message).
 */
function visibleText(html: string, { frenchOnly = false } = {}): string {
  const shown = ["placeholder", "alt", "title", "aria-label", "value"];
  const texts: string[] = [];
  const visit = (node: ParsedNode, french: boolean) => {
    if (node.nodeName === "script" || node.nodeName === "style" || node.nodeName === "template") return;
    const lang = node.attrs?.find((attr) => attr.name === "lang")?.value;
    const inFrench = lang === undefined ? french : lang === "fr";
    const wanted = !frenchOnly || inFrench;
    if (wanted && node.nodeName === "#text" && node.value) texts.push(node.value);
    if (wanted) for (const attr of node.attrs ?? []) if (shown.includes(attr.name)) texts.push(attr.value);
    for (const child of node.childNodes ?? []) visit(child, inFrench);
  };
  visit(parse(html) as unknown as ParsedNode, false);
  return texts.join("\n");
}

interface ParsedNode {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: ParsedNode[];
}

/** The texts the English, French and Spanish catalogs hold, as translators wrote them (every plural branch). */
function catalogText(): string {
  const entries = (file: string) => Object.values(po.parse(readFileSync(file)).translations).flatMap((context) => Object.values(context));
  return [
    ...entries("locales/messages.pot").map((entry) => entry.msgid),
    ...["fr", "es"].flatMap((lang) => entries(`locales/${lang}.po`).flatMap((entry) => entry.msgstr)),
  ].join("\n");
}

test.describe("the built fonts draw every character of the English, French and Spanish pages, and of the French words of the others", () => {
  // The pages and the 404 pages the server answers with (build/errors/<lang>/).
  const errorPages = ["en", "fr", "es"].flatMap((lang) =>
    readdirSync(join(buildDir, "errors", lang))
      .filter((name) => name.endsWith(".html"))
      .map((name) => [`404 ${lang}/${name}`, join(buildDir, "errors", lang, name)] as const),
  );
  const latinPages = [...pages.filter(([path]) => !/^\/(zh|ja)(\/|$)/.test(path)), ...errorPages];
  const cjkPages = pages.filter(([path]) => /^\/(zh|ja)(\/|$)/.test(path));
  const assets = readdirSync(join(clientDir, "assets"));

  for (const [name, face] of fontFaces.map((face) => [`${face.family} ${face.weight}`, face] as const)) {
    test(name, () => {
      const built = assets.filter((file) => file.startsWith(face.file.replace(".woff2", "-")) && file.endsWith(".woff2"));
      expect(built).toHaveLength(1);
      const subset = readFont(readFileSync(join(clientDir, "assets", built[0]!)));
      const full = readFont(sourceFont(face));
      // Cut down indeed: the built file lacks letters the site never writes.
      expect(subset.characterSet.length).toBeLessThan(full.characterSet.length);
      const sources: [string, string][] = [
        ...latinPages.map(([path, file]) => [path, visibleText(readFileSync(file, "utf8"))] as [string, string]),
        ...cjkPages.map(([path, file]) => [`${path} (French words)`, visibleText(readFileSync(file, "utf8"), { frenchOnly: true })] as [string, string]),
        ["the catalogs (locales/messages.pot, fr.po, es.po)", catalogText()],
        ["the content's English, French and Spanish texts", latinStrings(readContent(undefined, { pictures: false })).join("\n")],
      ];
      expect(latinPages.length).toBeGreaterThanOrEqual(51 + 6);
      const missing = sources
        .map(([where, text]) => [where, missingCharacters(subset, full, text).map(describeCharacter)] as const)
        .filter(([, chars]) => chars.length > 0)
        .map(([where, chars]) => `${where}: ${chars.join(", ")}`);
      expect(missing).toEqual([]);
    });
  }
});
