import { createHash } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";

/** One file of the build, held in memory with its precompressed variants. */
export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
};

/** Hashed build assets never change; everything else is revalidated on each visit. */
function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith("/assets/") || urlPath.startsWith("/media/")) return "public, max-age=31536000, immutable";
  return "no-cache";
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

function readOptional(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

/**
 * Loads every file of the built site into memory, keyed by its URL path. Requests are answered
 * by looking a path up in this map, never by touching the file system, so no URL can reach a
 * file outside the build.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const file of walk(root)) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    const urlPath = "/" + relative(root, file).split(sep).join("/");
    const body = readFileSync(file);
    files.set(urlPath, {
      body,
      br: readOptional(`${file}.br`),
      gzip: readOptional(`${file}.gz`),
      type: contentTypes[extname(file).toLowerCase()] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: cacheControlFor(urlPath),
    });
  }
  return files;
}

/** Why a request path was refused before any lookup. */
export type PathProblem = "bad-encoding" | "traversal";

/**
 * Turns a raw request target into a decoded path, refusing anything that tries to climb out of
 * the site: `..` or `.` segments, encoded slashes or backslashes, NUL bytes, bad escapes.
 */
export function decodeRequestPath(rawUrl: string): { path: string } | { problem: PathProblem } {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? "/";
  if (!rawPath.startsWith("/")) return { problem: "bad-encoding" };
  if (/%(2f|5c|00)/i.test(rawPath)) return { problem: "traversal" };
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { problem: "bad-encoding" };
  }
  if (path.includes("\0") || path.includes("\\")) return { problem: "traversal" };
  if (path.split("/").some((segment) => segment === ".." || segment === ".")) return { problem: "traversal" };
  return { path };
}

/** The file a page path is served from: `/shop` and `/shop/` both map to `/shop/index.html`. */
export function findFile(files: Map<string, StaticFile>, path: string): StaticFile | undefined {
  const exact = files.get(path);
  if (exact && !path.endsWith("/")) return exact;
  const base = path.endsWith("/") ? path : `${path}/`;
  return files.get(`${base}index.html`);
}

/** Picks the smallest encoding the client accepts. */
export function chooseEncoding(acceptEncoding: string | undefined, file: StaticFile): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (file.br && ok("br")) return "br";
  if (file.gzip && ok("gzip")) return "gzip";
  return undefined;
}
