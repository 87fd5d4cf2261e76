/**
 * Measures what each built page costs a first-time visitor, from the files alone (deterministic):
 * first-load JavaScript (module scripts, the static imports of React Router's boot script, and
 * modulepreload links), CSS, and every JavaScript chunk, gzip level 9. Used by e2e/budgets.test.ts
 * and printed as tables for docs/performance.md:
 *
 *   npx tsx bench/measure-bundles.ts [build-dir]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { defaultLanguage, languages } from "#core/languages";
import { splitLanguage } from "#core/paths";
import { messagesFor, type Namespace } from "#locales";
import { bootBlockType } from "../pipeline/paint-first";

/** Bytes of a file gzipped at level 9 (what the server's precompressed .gz copy holds). */
export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Every prerendered page of a build: URL path → HTML file. */
export function builtPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of walk(clientDir)
    .filter((f) => f.endsWith("index.html"))
    .sort()) {
    const dir = relative(clientDir, file).split(sep).slice(0, -1).join("/");
    pages.set(`/${dir}`, file);
  }
  return pages;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];

/** The JavaScript files a page starts with, as URL paths: its module scripts and what its inline bootstrap imports. */
export function bootScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (attr(tag, "rel") === "modulepreload") urls.add(attr(tag, "href")!);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs = "", body = ""] = match;
    // React Router's boot script runs as an inline module, or waits in the data block of
    // pipeline/paint-first.ts until the page has painted; either way it names the manifest, the
    // route modules and the client entry.
    const type = attr(attrs, "type");
    if (type !== "module" && type !== bootBlockType) continue;
    const src = attr(attrs, "src");
    if (src) urls.add(src);
    for (const m of body.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!);
  }
  return [...urls];
}

/** The chunks a chunk imports statically (`import{…}from"./x.js"`, `import"./x.js"`); dynamic `import()` loads later. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g)].map((m) => m[1]!);
}

/** The JavaScript a page loads before it is interactive: its bootstrap's modules and everything they import statically. */
export function firstLoadScripts(html: string, clientDir = "build/client"): string[] {
  const seen = new Set<string>();
  const queue = bootScripts(html);
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const dir = url.slice(0, url.lastIndexOf("/") + 1);
    for (const dep of staticImports(readFileSync(join(clientDir, url), "utf8"))) queue.push(`${dir}${dep.slice(2)}`);
  }
  return [...seen];
}

/** The stylesheets a page links. */
export function stylesheets(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => attr(tag, "rel") === "stylesheet")
    .map((tag) => attr(tag, "href")!)
    .filter((url) => url.startsWith("/"));
}

export interface PageCost {
  path: string;
  js: number;
  css: number;
  html: number;
  scripts: { url: string; bytes: number }[];
}

/** First-load JavaScript and CSS (gzip) of every page of a build. */
export function measurePages(buildDir = "build"): PageCost[] {
  const clientDir = join(buildDir, "client");
  const sizes = new Map<string, number>();
  const size = (url: string) => {
    if (!sizes.has(url)) sizes.set(url, gzipSize(join(clientDir, url)));
    return sizes.get(url)!;
  };
  return [...builtPages(clientDir)].map(([path, file]) => {
    const html = readFileSync(file, "utf8");
    const scripts = firstLoadScripts(html, clientDir).map((url) => ({ url, bytes: size(url) }));
    return {
      path,
      js: scripts.reduce((sum, s) => sum + s.bytes, 0),
      css: stylesheets(html).reduce((sum, url) => sum + size(url), 0),
      html: gzipSync(html, { level: 9 }).length,
      scripts,
    };
  });
}

/** Built images (AVIF, WebP, JPEG, PNG) with their sizes in bytes. */
export function builtImages(buildDir = "build"): { file: string; bytes: number }[] {
  const assets = join(buildDir, "client", "assets");
  return readdirSync(assets)
    .filter((name) => /\.(avif|webp|jpe?g|png)$/.test(name))
    .map((name) => ({ file: name, bytes: statSync(join(assets, name)).size }));
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function main(): void {
  const buildDir = process.argv[2] ?? "build";
  const pages = measurePages(buildDir);
  // Which pages load each chunk, to tell the shared framework from one page's own code.
  const chunks = new Map<string, { bytes: number; pages: number }>();
  for (const page of pages) {
    for (const s of page.scripts) {
      const entry = chunks.get(s.url) ?? { bytes: s.bytes, pages: 0 };
      entry.pages += 1;
      chunks.set(s.url, entry);
    }
  }
  console.log(`| chunk | gzip KB | pages loading it (of ${pages.length}) |\n|---|---:|---:|`);
  for (const [url, { bytes, pages: n }] of [...chunks].sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(`| \`${url.replace(/^\/assets\//, "")}\` | ${kb(bytes)} | ${n} |`);
  }
  const english = pages.filter((p) => splitLanguage(p.path).lang === defaultLanguage);
  console.log(`\n| page (English; other languages load the same chunks) | first-load JS gzip KB | CSS gzip KB | HTML gzip KB |\n|---|---:|---:|---:|`);
  for (const page of english) console.log(`| \`${page.path}\` | ${kb(page.js)} | ${kb(page.css)} | ${kb(page.html)} |`);
  const worst = pages.reduce((a, b) => (b.js > a.js ? b : a));
  console.log(`\nLargest first-load JS: ${worst.path} ${kb(worst.js)} KB gzip, over ${pages.length} pages.`);
  const images = builtImages(buildDir).sort((a, b) => b.bytes - a.bytes);
  console.log(`Largest image: ${images[0]?.file} ${kb(images[0]?.bytes ?? 0)} KB, ${images.length} image files.`);
  messagesPerPage();
}

/**
 * The compiled messages of a few pages (the layout's namespaces and the page's), gzipped: in one
 * language, as this site sends them in the page's data, and in all five, as a library that compiles
 * messages into the JavaScript (Paraglide JS) would ship them (docs/i18n.md).
 */
function messagesPerPage(): void {
  const layout: Namespace[] = ["site", "nav", "language", "cart", "ageGate", "footer", "social", "errors"];
  const samples: [string, Namespace[]][] = [
    ["/", ["home", "wine", "media"]],
    ["/news", ["news", "forms"]],
    ["/wine-tours", ["wineTours", "forms"]],
  ];
  const gz = (value: unknown) => gzipSync(JSON.stringify(value), { level: 9 }).length;
  console.log(`\n| page | its messages, one language, gzip KB | the same in all five languages, gzip KB |\n|---|---:|---:|`);
  for (const [page, namespaces] of samples) {
    const wanted = [...layout, ...namespaces];
    console.log(`| \`${page}\` | ${kb(gz(messagesFor("en", wanted)))} | ${kb(gz(languages.map((lang) => messagesFor(lang, wanted))))} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
