/**
 * A content change built in seconds: the served build's pages rendered again with its kept server
 * bundle (./renderer.ts, ./render-pages.ts) from the content as it is now, into BUILD_DIR, beside
 * a copy of everything else the served build (PREVIOUS_BUILD_DIR) holds (the scripts, styles, fonts
 * and pictures a content change cannot touch), then the usual postbuild (JSON-LD, sitemap,
 * link-preview pictures, script hashes, compression). A picture the bundle does not have (an upload)
 * gets its sizes made here (./picture-sizes.ts). The result is a whole build, the same files as a
 * full build would write for the same code and content.
 *
 * It declines, saying why, when the served build cannot be reused: no kept bundle, other code,
 * another site address, Snipcart key or year, characters the font subsets lack, or a changed picture
 * that is not a scene or a bottle (the home poster, the map). pipeline/publish-build.ts then builds
 * the whole site.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { contentFile, readContent } from "#content";
import { prerenderPaths } from "../app/lib/site-paths.server";
import { characterSet, latinSiteText } from "./fonts/site-text";
import { makePictureSizes } from "./picture-sizes";
import { dataFileOf, htmlFileOf, loadRenderer } from "./render-pages";
import { contentSnapshot, pictureDigests, readRendererManifest, rendererCodeDigest, rendererDir, rendererEnvironment, type RendererManifest } from "./renderer";
import { summariesDir, updateSummaries } from "./build-summaries";

const root = resolve(import.meta.dirname, "..");
/** Why a quick build declined (the publish page words each): */
export type QuickRefusal =
  /** the served build kept no server bundle (a build made before they were kept); */
  | "no-bundle"
  /** the code changed since the served build; */
  | "code"
  /** the site's address, the Snipcart key or the year changed since; */
  | "environment"
  /** a text uses characters the font subsets lack; */
  | "fonts"
  /** a picture that is not a scene or a bottle changed (the home poster, the map). */
  | "picture";

/** A progress line the publisher reads (server/admin/content/publisher.ts): the step's name, and its time or that it was skipped. */
export const step = (name: string, ms?: number) => console.log(`publish-step: ${name} (${ms === undefined ? "skipped" : `${ms} ms`})`);

/** Why the served build's bundle cannot render this content, or null when it can. */
export function whyNotQuick(manifest: RendererManifest | null, imagesDir: string, now = new Date()): QuickRefusal | null {
  if (!manifest) return "no-bundle";
  if (manifest.code !== rendererCodeDigest()) return "code";
  const env = rendererEnvironment(process.env, now);
  if (JSON.stringify(env) !== JSON.stringify(manifest.env)) return "environment";
  const have = new Set(Array.from(manifest.characters));
  if (characterSet(latinSiteText()).some((character) => !have.has(character))) return "fonts";
  const pictures = pictureDigests(imagesDir);
  for (const [file, sha256] of Object.entries(manifest.pictures)) {
    // A scene or a bottle the app looks up by name may change (its new sizes are registered); the home poster is imported on its own.
    const lookedUp = (file.startsWith("scenes/") || file.startsWith("bottles/")) && file !== "scenes/estate-hero.jpg";
    if (!lookedUp && pictures[file] !== sha256) return "picture";
  }
  return null;
}

/** What a quick build does not copy from the served build, because it writes it again: pages, their data, the sitemap, link previews. */
function rewritten(file: string): boolean {
  const path = file
    .split(sep)
    .join("/")
    .replace(/\.(br|gz)$/, "");
  return (
    path.endsWith("index.html") ||
    path.endsWith(".data") ||
    path.startsWith("og/") ||
    path === "sitemap.xml" ||
    path === "robots.txt" ||
    path.startsWith("summaries/")
  );
}

/** Runs a command of the project, its output passed on; rejects on a failure. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env });
    child.on("error", fail);
    child.on("exit", (code, signal) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`))));
  });
}

/**
 * Builds into `out` from the served build `previous` and the content (CONTENT_DIR), or declines
 * before writing anything.
 */
export async function quickBuild(out: string, previous: string): Promise<{ built: true } | { built: false; reason: QuickRefusal }> {
  const manifest = readRendererManifest(previous);
  const imagesDir = contentFile("images");
  const refusal = whyNotQuick(manifest, imagesDir);
  if (refusal || !manifest) return { built: false, reason: refusal ?? "no-bundle" };

  let mark = Date.now();
  rmSync(out, { recursive: true, force: true });
  const client = join(out, "client");
  cpSync(join(previous, "client"), client, {
    recursive: true,
    filter: (source) => source === join(previous, "client") || !rewritten(relative(join(previous, "client"), source)),
  });
  step("copy", Date.now() - mark);

  // Pictures the bundle does not have as they are now: made once, kept in the manifest for the next quick builds.
  mark = Date.now();
  const digests = pictureDigests(imagesDir);
  const added: RendererManifest["added"] = {};
  for (const [file, sha256] of Object.entries(digests)) {
    if (manifest.pictures[file] === sha256) continue;
    const earlier = manifest.added[file];
    const folder = file.startsWith("scenes/") ? "scenes" : "bottles";
    const name = basename(file).replace(/\.\w+$/, "");
    added[file] =
      earlier?.sha256 === sha256
        ? earlier
        : { sha256, picture: await makePictureSizes(readFileSync(join(imagesDir, file)), name, folder, join(client, "assets")) };
  }
  step("pictures", Date.now() - mark);

  mark = Date.now();
  const drawn = await updateSummaries();
  cpSync(summariesDir, join(client, "summaries"), { recursive: true });
  step("summaries", drawn ? Date.now() - mark : undefined);

  mark = Date.now();
  // The content as the folder holds it now, handed to every page's loaders (the bundle keeps none of its own).
  const content = readContent();
  const paths = prerenderPaths(content);
  const renderer = await loadRenderer(previous, () => paths);
  renderer.hooks.addPictures(Object.fromEntries(Object.entries(added).map(([file, { picture }]) => [file.replace(/\.\w+$/, ""), picture])));
  for (const path of paths) {
    const { html, data } = await renderer.render(path, content);
    for (const [file, text] of [
      [dataFileOf(path), data],
      [htmlFileOf(path), html],
    ] as const) {
      mkdirSync(dirname(join(client, file)), { recursive: true });
      writeFileSync(join(client, file), text);
    }
  }
  step("render", Date.now() - mark);

  // The bundle goes on with the build, with what this one added and the content it was made from.
  cpSync(rendererDir(previous), rendererDir(out), { recursive: true });
  writeFileSync(join(rendererDir(out), "manifest.json"), JSON.stringify({ ...manifest, added } satisfies RendererManifest));
  writeFileSync(join(rendererDir(out), "content.json"), JSON.stringify(contentSnapshot(contentFile())));

  mark = Date.now();
  await run(join(root, "node_modules", ".bin", "tsx"), ["pipeline/postbuild.ts"], { ...process.env, BUILD_DIR: out, PREVIOUS_BUILD_DIR: previous });
  step("postbuild", Date.now() - mark);
  return { built: true };
}
