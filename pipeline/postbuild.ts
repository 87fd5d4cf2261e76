/**
 * After `react-router build`: moves the error pages out of the public folder, adds JSON-LD, defers
 * each page's framework until after the first paint (./paint-first.ts), records the hash of every
 * inline script for the Content-Security-Policy, and precompresses text files.
 * Run by `npm run build`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { errorPagePaths } from "../app/lib/site-paths.server";
import { buildSource, content } from "#content";
import { languages, languageTags } from "#core/languages";
import { localizePath, pagePaths } from "#core/paths";
import { englishPagePaths, publicPaths } from "../app/lib/site-paths.server";
import { writeOpenGraphImages, type OpenGraphInputs } from "./og-images";
import { inlineScriptHashes } from "./inline-scripts";
import { paintFirst } from "./paint-first";
import { precompress } from "./precompress";
import { jsonLdScript, structuredData } from "./structured-data";

const buildDir = process.env.BUILD_DIR ?? "build";
const clientDir = join(buildDir, "client");
const errorsDir = join(buildDir, "errors");

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Error pages are served with status 404 by the server, never at URLs of their own. */
function moveErrorPages(): void {
  rmSync(errorsDir, { recursive: true, force: true });
  for (const lang of languages) {
    for (const [name, path] of Object.entries(errorPagePaths)) {
      const localized = localizePath(lang, path);
      const page = join(clientDir, localized, "index.html");
      if (!existsSync(page)) throw new Error(`Error page ${localized} was not prerendered`);
      mkdirSync(join(errorsDir, lang), { recursive: true });
      renameSync(page, join(errorsDir, lang, `${name}.html`));
      rmSync(join(clientDir, localized), { recursive: true, force: true });
      rmSync(join(clientDir, `${localized}.data`), { force: true });
    }
  }
  // Every URL is prerendered; the SPA fallback would only hide a missing page behind a blank shell.
  rmSync(join(clientDir, "__spa-fallback.html"), { force: true });
}

const siteUrl = (process.env.SITE_URL || "http://localhost:3000").replace(/\/$/, "");
const absolute = (path: string) => `${siteUrl}${path}`;
const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/**
 * When a page last changed, where the content says: the news pages change with their newest item
 * (its date), so a search engine finds a new item without reading every page again.
 */
function lastModified(english: string): string | undefined {
  return english === pagePaths.news ? content.news[0]?.date : undefined;
}

/** sitemap.xml: every page in every language, each with its alternates; robots.txt points to it. */
function writeSitemap(): number {
  const entries = englishPagePaths(content).flatMap((english) => {
    const alternates = [
      ...languages.map((code) => `    <xhtml:link rel="alternate" hreflang="${languageTags[code]}" href="${xml(absolute(localizePath(code, english)))}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(absolute(english))}"/>`,
    ].join("\n");
    const modified = lastModified(english);
    const lastmod = modified ? `\n    <lastmod>${modified}</lastmod>` : "";
    return languages.map((lang) => `  <url>\n    <loc>${xml(absolute(localizePath(lang, english)))}</loc>${lastmod}\n${alternates}\n  </url>`);
  });
  writeFileSync(
    join(clientDir, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`,
  );
  writeFileSync(join(clientDir, "robots.txt"), `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${absolute("/sitemap.xml")}\n`);
  return entries.length;
}

/** Writes each page's JSON-LD into its <head> (React leaves unknown head tags alone when hydrating). */
function insertStructuredData(): number {
  let pages = 0;
  for (const { lang, english, path } of publicPaths(content)) {
    const data = structuredData({
      content,
      lang,
      path: english,
      absolute,
      bottleImage: (id) => absolute(`/og/${id}.jpg`),
    });
    if (data.length === 0) continue;
    const file = join(clientDir, path === "/" ? "" : path, "index.html");
    const html = readFileSync(file, "utf8");
    if (!html.includes("</head>")) throw new Error(`${file} has no </head>`);
    writeFileSync(file, html.replace("</head>", `${data.map(jsonLdScript).join("")}</head>`));
    pages += 1;
  }
  return pages;
}

/** Every page starts its framework after the first paint (pipeline/paint-first.ts); `PAINT_FIRST=0` keeps the old head. */
function deferFrameworks(): number {
  if (process.env.PAINT_FIRST === "0") return 0;
  const pages = [...walk(clientDir), ...walk(errorsDir)].filter((file) => file.endsWith(".html"));
  for (const file of pages) writeFileSync(file, paintFirst(readFileSync(file, "utf8")));
  return pages.length;
}

/** `sha256-…` sources of every inline script of each page, keyed by its path under build/. */
function hashInlineScripts(): Record<string, string[]> {
  const hashes: Record<string, string[]> = {};
  for (const file of [...walk(clientDir), ...walk(errorsDir)].filter((f) => f.endsWith(".html"))) {
    hashes["/" + relative(buildDir, file).split(sep).join("/")] = inlineScriptHashes(readFileSync(file, "utf8"));
  }
  return hashes;
}

/** An earlier build whose compressed files may be reused for identical files (a publish from the content editor sets it). */
const previousBuild = process.env.PREVIOUS_BUILD_DIR;

function precompressAll(): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const file of [...walk(clientDir), ...walk(errorsDir)]) {
    const size = precompress(file, previousBuild ? join(previousBuild, relative(buildDir, file)) : undefined);
    if (size === undefined) continue;
    files += 1;
    bytes += size;
  }
  return { files, bytes };
}

moveErrorPages();
const urls = writeSitemap();
const withJsonLd = insertStructuredData();
// The digests the link-preview pictures were drawn from, kept beside the build so that the next publish reuses what did not change.
const openGraphInputs = join(buildDir, "og-inputs.json");
const earlierOpenGraph =
  previousBuild && existsSync(join(previousBuild, "og-inputs.json"))
    ? { dir: join(previousBuild, "client", "og"), inputs: JSON.parse(readFileSync(join(previousBuild, "og-inputs.json"), "utf8")) as OpenGraphInputs }
    : undefined;
writeFileSync(openGraphInputs, JSON.stringify(await writeOpenGraphImages(join(clientDir, "og"), buildSource(), earlierOpenGraph), null, 2));
const deferred = deferFrameworks();
/**
 * The site's stylesheet, as the home page links it: the server's own pages (the visitor's booking
 * page, answers to forms posted without script) link it too, to be set in the site's type.
 */
function siteStylesheet(): string | null {
  const home = join(clientDir, "index.html");
  if (!existsSync(home)) return null;
  return /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(readFileSync(home, "utf8"))?.[1] ?? null;
}

const info = {
  snipcart: Boolean(process.env.SNIPCART_PUBLIC_KEY),
  inlineScriptHashes: hashInlineScripts(),
  stylesheet: siteStylesheet(),
};
mkdirSync(dirname(join(buildDir, "build-info.json")), { recursive: true });
writeFileSync(join(buildDir, "build-info.json"), JSON.stringify(info, null, 2));
const { files, bytes } = precompressAll();
console.log(
  `postbuild: sitemap with ${urls} URLs, JSON-LD in ${withJsonLd} pages, error pages moved, framework deferred in ${deferred} pages, ${Object.keys(info.inlineScriptHashes).length} pages hashed, ${files} files precompressed (${(bytes / 1024).toFixed(0)} KB brotli)`,
);
