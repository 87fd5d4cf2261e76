/**
 * The floor for `npm run bench:lighthouse`: a copy of a build whose pages keep their HTML, CSS,
 * fonts, images and head script but have no script in `<body>` (React Router's context, its boot
 * script and the starter, the age gate's opener, scroll restoration, React's streaming helpers),
 * so no framework is loaded and nothing hydrates. Whatever main-thread work the copy still does
 * after its first paint is what the HTML and CSS cost on their own. Each page's
 * Content-Security-Policy hashes are recomputed and its precompressed files rewritten, so the
 * real server serves the copy as it serves a build.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { inlineScriptHashes } from "../pipeline/inline-scripts";
import { precompress } from "../pipeline/precompress";

const bodyScript = /<script\b[^>]*>[\s\S]*?<\/script>/g;

/** A page without any script in its body; `<head>` is left as it is. */
export function withoutBodyScripts(html: string): string {
  const bodyStart = html.indexOf("<body");
  if (bodyStart < 0) throw new Error("no <body> in the page");
  return html.slice(0, bodyStart) + html.slice(bodyStart).replace(bodyScript, "");
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

interface BuildInfo {
  inlineScriptHashes: Record<string, string[]>;
}

/** Copies `buildDir` to `targetDir` (replacing it) with every page's body scripts removed. Returns the pages rewritten. */
export function makeScriptFreeCopy(buildDir: string, targetDir: string): number {
  rmSync(targetDir, { recursive: true, force: true });
  cpSync(buildDir, targetDir, { recursive: true });
  const infoFile = join(targetDir, "build-info.json");
  const info = JSON.parse(readFileSync(infoFile, "utf8")) as BuildInfo;
  const pages = ["client", "errors"].flatMap((dir) => walk(join(targetDir, dir))).filter((file) => file.endsWith(".html"));
  for (const file of pages) {
    const html = withoutBodyScripts(readFileSync(file, "utf8"));
    writeFileSync(file, html);
    if (precompress(file) === undefined) for (const variant of [".br", ".gz"]) rmSync(file + variant, { force: true });
    info.inlineScriptHashes["/" + relative(targetDir, file).split(sep).join("/")] = inlineScriptHashes(html);
  }
  writeFileSync(infoFile, JSON.stringify(info, null, 2));
  return pages.length;
}
