/**
 * Each page carries only its own words (issue: messages per page): its HTML and its `.data` file
 * hold the layout's messages and its route's, in its own language, and nothing else; and its HTML
 * stays within 13 KB brotli, the legal and story pages excepted (their own text is long); 12 KB until every page's
 * footer carried the newsletter sign-up (docs/performance.md, 29 November 2026).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { isLanguage, type Language } from "#core/languages";
import { splitLanguage } from "#core/paths";
import { newsletterSignupForm } from "#forms/newsletter-signup";
import { catalogs } from "#locales";
import { unpackMessages, type PackedMessages } from "../app/lib/i18n/packed-messages";
import { expect, test } from "./support/fixtures";

const buildDir = process.env.E2E_BUILD_DIR ?? "build";
const client = join(buildDir, "client");
const KB = 1024;

/**
 * What each page may carry besides the layout's namespaces: written out, as the pages are meant to
 * be. The layout's footer has the newsletter sign-up on every page: the forms' words, and the
 * sign-up's own field label and answer, which its definition names.
 */
const layout = ["site", "nav", "language", "cart", "ageGate", "footer", "social", "errors", "forms"];
const footerSignup = new Set<string>([
  newsletterSignupForm.success.title,
  newsletterSignupForm.success.description,
  ...newsletterSignupForm.fields.map((field) => field.label),
]);
const pageNamespaces: Record<string, string[]> = {
  home: ["home", "wine", "media"],
  story: ["story", "content"],
  shop: ["shop", "wine"],
  wine: ["wine"],
  "wine-tours": ["wineTours", "forms"],
  villa: ["villa", "contact", "forms"],
  contact: ["contact", "forms"],
  "become-importer": ["importer", "forms"],
  news: ["news", "forms"],
  events: ["events"],
  "legal-notice": ["legal", "legalNotice"],
  privacy: ["legal", "privacy"],
  terms: ["legal", "terms"],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Each prerendered page's `.data` file: `/fr/shop` → `fr/shop.data`, `/` → `_root.data`. */
const dataFiles = files(client)
  .filter((file) => file.endsWith(".data"))
  .map((file) => {
    const rel = relative(client, file).slice(0, -".data".length);
    return { file, path: rel === "_root" ? "/" : `/${rel}` };
  });

async function routeData(file: string): Promise<Record<string, { data?: { messages?: unknown } }>> {
  const { value } = await decodeTurboStream(new Response(readFileSync(file)).body!, globalThis);
  return value as Record<string, { data?: { messages?: unknown } }>;
}

/** A route's messages, which travel as one JSON string (app/lib/i18n/packed-messages.ts). */
function messagesOf(route: { data?: { messages?: unknown } }): [string, unknown][] {
  const packed = route.data?.messages;
  if (packed === undefined) return [];
  expect(typeof packed, "messages packed in one string").toBe("string");
  return Object.entries(unpackMessages(packed as PackedMessages));
}

test.describe("messages on each page", () => {
  test("finds every page's data", () => {
    expect(dataFiles.length).toBeGreaterThanOrEqual(80);
  });

  for (const [path, file] of dataFiles.map((entry) => [entry.path, entry.file] as const)) {
    test(`${path} carries the layout's and its route's messages, in its language only`, async () => {
      const lang = splitLanguage(path).lang;
      const routes = await routeData(file);
      const pageRoute = Object.keys(routes).find((id) => !id.endsWith("/layout"))!;
      const page = pageRoute.split("/")[1]!;
      expect(pageNamespaces, `a namespace list for ${page}`).toHaveProperty(page);
      const allowed = new Set([...layout, ...pageNamespaces[page]!]);
      const carried = Object.values(routes).flatMap(messagesOf);
      expect(carried.length).toBeGreaterThan(0);
      const stray = carried.map(([id]) => id).filter((id) => !allowed.has(id.slice(0, id.indexOf("."))) && !footerSignup.has(id));
      expect(stray, "messages of other pages").toEqual([]);
      // Each message is the page's own language's (content texts excepted: their words come from the content files).
      const foreign = carried.filter(([id, value]) => !id.startsWith("content.") && JSON.stringify(value) !== JSON.stringify(catalogs[lang as Language][id]));
      expect(foreign.map(([id]) => id)).toEqual([]);
      expect(carried.length, "far fewer than the whole catalog").toBeLessThan(Object.keys(catalogs.en).length / 2);
      expect(isLanguage(lang)).toBe(true);
    });
  }
});

test.describe("page weight", () => {
  const pages = files(client).filter((file) => file.endsWith("index.html") && !file.includes("__"));
  const long = /\/(legal-notice|privacy|terms|story)\/index\.html$/;

  for (const [name, file] of pages.map((file) => [relative(client, file), file] as const)) {
    test(`${name} is at most 13 KB brotli (legal and story pages excepted)`, () => {
      const bytes = statSync(`${file}.br`).size;
      if (long.test(file)) expect(bytes).toBeLessThanOrEqual(24 * KB);
      else expect(bytes, `${(bytes / KB).toFixed(1)} KB`).toBeLessThanOrEqual(13 * KB);
    });
  }
});
