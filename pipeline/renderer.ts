/**
 * The build's renderer: React Router deletes its server bundle once the pages are prerendered
 * (`ssr: false`); this Vite plugin keeps a copy in `<build>/renderer/` first, with a manifest of
 * what the bundle was made from (the code, the environment it bakes in, the pictures it processed,
 * the characters its font subsets hold) and the content it was built with. A later publish or
 * preview of a content change renders the pages again with that bundle (./quick-build.ts) instead
 * of building the whole site, as long as the manifest still matches; the editor's live preview
 * renders one page with it (./render-service.ts). The folder is never served (only `client/` is).
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import type { Plugin } from "vite";
import { characterSet, latinSiteText } from "./fonts/site-text";

const root = resolve(import.meta.dirname, "..");

/** A picture as the app's `Picture` (app/lib/images.ts): format → srcset, and the largest JPEG or PNG. */
export interface RenderedPicture {
  sources: Record<string, string>;
  img: { src: string; w: number; h: number };
}

/** What a bundle was made from, `<build>/renderer/manifest.json`. */
export interface RendererManifest {
  /** A digest of the code that decides the pages (`rendererCodeDigest`). */
  code: string;
  /** What the bundle bakes in from the environment (`rendererEnvironment`). */
  env: RendererEnvironment;
  /** Every source picture the bundle processed, `scenes/<name>.jpg` → SHA-256 of its bytes. */
  pictures: Record<string, string>;
  /** Pictures made after the bundle (by a quick build), `scenes/<name>.jpg` → the picture and the SHA-256 it was made from. */
  added: Record<string, { sha256: string; picture: RenderedPicture }>;
  /** The characters the font subsets were cut for. */
  characters: string;
}

export interface RendererEnvironment {
  siteUrl: string;
  snipcart: string;
  /** The footer's year (VITE_BUILD_YEAR). */
  year: number;
}

/** The environment a build bakes into its pages, as the app and the postbuild read it. */
export function rendererEnvironment(env: NodeJS.ProcessEnv = process.env, now = new Date()): RendererEnvironment {
  return { siteUrl: (env.SITE_URL || "http://localhost:3000").replace(/\/$/, ""), snipcart: env.SNIPCART_PUBLIC_KEY ?? "", year: now.getFullYear() };
}

/** The files whose change changes a page: the app, the layers under it, the build steps, the catalogs and the locked packages. */
function codeFiles(): string[] {
  const under = (folder: string, pattern: RegExp) =>
    readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => pattern.test(file) && !file.split(sep).includes("__tests__") && statSync(join(root, folder, file)).isFile())
      .map((file) => join(folder, file));
  return [
    ...under("app", /\.(tsx?|css)$/),
    ...under("core", /\.ts$/),
    ...under("presentation", /\.ts$/),
    ...under("content", /\.ts$/),
    ...under("locales", /\.(ts|po|pot)$/),
    ...under("pipeline", /\.(ts|mjs)$/),
    // The files the build copies as they are (the favicon, the home video), but not the summary sheets, drawn from the content.
    ...under("public", /./).filter((file) => !file.startsWith(join("public", "summaries"))),
    "vite.config.ts",
    "react-router.config.ts",
    "package-lock.json",
  ].sort();
}

/** A digest of the code that decides the pages: a bundle made from other code is not reused. */
export function rendererCodeDigest(): string {
  const hash = createHash("sha256");
  for (const file of codeFiles())
    hash.update(`${file}\0`).update(
      createHash("sha256")
        .update(readFileSync(join(root, file)))
        .digest(),
    );
  return hash.digest("hex");
}

/** SHA-256 of every picture of an images folder's `scenes/` and `bottles/`, by their path there. */
export function pictureDigests(imagesDir: string): Record<string, string> {
  const digests: Record<string, string> = {};
  for (const [folder, extension] of [
    ["scenes", ".jpg"],
    ["bottles", ".png"],
  ] as const) {
    const dir = join(imagesDir, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((file) => file.endsWith(extension))
      .sort()) {
      digests[`${folder}/${name}`] = createHash("sha256")
        .update(readFileSync(join(dir, name)))
        .digest("hex");
    }
  }
  return digests;
}

/** Every content file a build reads (`news/x.json` → its text): what the pages were made from. */
export function contentSnapshot(contentDir: string): Record<string, string> {
  const files = readdirSync(contentDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json") && !file.split(sep).some((part) => part.startsWith(".") || part === "__tests__" || part === "images"))
    .map((file) => file.split(sep).join("/"))
    .sort();
  return Object.fromEntries(files.map((file) => [file, readFileSync(join(contentDir, file), "utf8")]));
}

/** The renderer folder of a build. */
export const rendererDir = (buildDir: string) => join(buildDir, "renderer");

/** A build's renderer manifest, or null when the build kept none. */
export function readRendererManifest(buildDir: string): RendererManifest | null {
  const file = join(rendererDir(buildDir), "manifest.json");
  if (!existsSync(file) || !existsSync(join(rendererDir(buildDir), "index.js"))) return null;
  return JSON.parse(readFileSync(file, "utf8")) as RendererManifest;
}

/**
 * Vite plugin for the server build: before React Router prerenders and deletes the bundle, copies
 * its JavaScript into `<build>/renderer/` with the manifest and the content snapshot.
 */
export function keepRenderer({ buildDir, contentDir }: { buildDir: string; contentDir: string }): Plugin {
  return {
    name: "keep-renderer",
    apply: "build",
    writeBundle: {
      order: "pre",
      handler(options) {
        const serverDir = options.dir;
        if (!serverDir) return;
        const target = rendererDir(buildDir);
        rmSync(target, { recursive: true, force: true });
        mkdirSync(target, { recursive: true });
        // The JavaScript only: the server build's copies of pictures and styles are moved to client/ by React Router.
        cpSync(serverDir, target, { recursive: true, filter: (source) => statSync(source).isDirectory() || /\.(m?js|json)$/.test(source) });
        const manifest: RendererManifest = {
          code: rendererCodeDigest(),
          env: rendererEnvironment(),
          pictures: pictureDigests(join(contentDir, "images")),
          added: {},
          characters: characterSet(latinSiteText()).join(""),
        };
        writeFileSync(join(target, "manifest.json"), JSON.stringify(manifest));
        writeFileSync(join(target, "content.json"), JSON.stringify(contentSnapshot(contentDir)));
      },
    },
  };
}
