import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { join, relative, resolve, sep } from "node:path";
import negotiate from "@fastify/accept-negotiator";
import send from "@fastify/send";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { defaultLanguage, isLanguage, type Language } from "#core/languages";
import { splitLanguage } from "#core/paths";
import { contentSecurityPolicy } from "./security-headers";

/*
 * Files are served by @fastify/static (and @fastify/send under it): precompressed variants,
 * byte ranges, conditional requests and validators are theirs. This module decides which URL
 * maps to which file of the build, what is not found, and the headers of our own (caching, each
 * page's Content-Security-Policy).
 *
 * One shortcut, justified by a measurement (docs/architecture.md): an unconditional GET or HEAD
 * of a whole file is answered from a copy in memory, with the headers @fastify/send computed for
 * that file at start-up. Reading the file per request served a page at about 0.6 × nginx's rate
 * on this machine; the copy serves it at about nginx's. Anything conditional or partial (ranges,
 * If-None-Match, If-Modified-Since…) goes through the library.
 */

/** What the server needs from build/build-info.json. */
export interface BuildInfo {
  snipcart: boolean;
  inlineScriptHashes: Record<string, string[]>;
  /** The site's stylesheet (`/assets/root-….css`), which the server's own pages link too; absent in older builds. */
  stylesheet?: string | null;
}

// The types @fastify/send gives by extension, where ours differ: JavaScript as RFC 9239 names it,
// and React Router's single-fetch data files as React Router itself serves them.
send.mime.define({ "text/javascript": ["js", "mjs"], "text/x-script": ["data"] }, true);

const encodings = ["br", "gzip"] as const;
type Encoding = (typeof encodings)[number];
const suffix: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** One variant of a file (plain, brotli or gzip) as sent: its bytes and its headers. */
interface Variant {
  body: Buffer;
  headers: Record<string, string>;
}

/** A file of the build that a URL maps to. */
interface BuiltFile {
  /** Its path under the root, with a leading slash: `/shop/index.html`. */
  file: string;
  /** The variants that exist, plain always; filled by `loadVariants`. */
  variants: Partial<Record<Encoding | "identity", Variant>>;
  /** The encodings it has on disk, in the order the server prefers them. */
  available: Encoding[];
}

/** Hashed build assets and media never change; everything else is revalidated on each visit. */
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

/**
 * Every URL path the build answers, mapped to its file: each file at its own path, and each
 * `index.html` also at its folder's path with and without the trailing slash (`/shop`, `/shop/`).
 * Only these paths are ever given to the file-serving library, so no URL can name a file outside
 * the build or one that was not listed here at start-up.
 */
function indexBuild(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const onDisk = new Set(walk(root).map((file) => "/" + relative(root, file).split(sep).join("/")));
  for (const file of onDisk) {
    if (file.endsWith(".br") || file.endsWith(".gz") || file.split("/").some((part) => part.startsWith("."))) continue;
    const entry: BuiltFile = { file, variants: {}, available: encodings.filter((encoding) => onDisk.has(file + suffix[encoding])) };
    files.set(file, entry);
    if (file.endsWith("/index.html")) {
      const folder = file.slice(0, -"index.html".length);
      files.set(folder, entry);
      if (folder !== "/") files.set(folder.slice(0, -1), entry);
    }
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

/** The error page for an unknown path: the wine view for `/shop/<id>`, else "page not found". */
function errorPageFor(path: string): string {
  const { lang, path: english } = splitLanguage(path);
  const language: Language = isLanguage(lang) ? lang : defaultLanguage;
  return `/${language}/${/^\/shop\/[^/]+\/?$/.test(english) ? "wineNotFound" : "notFound"}.html`;
}

/**
 * RFC 9110 §13.1.5: an `If-Range` that holds an entity-tag is true only under the strong
 * comparison, so a weak tag (`W/"…"`) never is, and the whole file must be sent; one that holds a
 * date is true only when it exactly matches the file's `Last-Modified`. @fastify/send 4.2.1, the
 * newest, reads any `If-Range` that contains the file's ETag as true (a substring test inherited
 * from pillarjs/send), weak tags included, and any date not older than the file's, and answered
 * 206 to both. The library is not ours to change, so the check sits where requests are handed to
 * it: the server's ETags are @fastify/send's weak size-and-time tags, so an entity-tag in
 * `If-Range` drops the `Range` unless both are strong and equal, and a date drops it unless it is
 * the variant's `Last-Modified`, character for character.
 */
function dropRangeUnlessExactMatch(request: FastifyRequest, validators: { ETag?: string; "Last-Modified"?: string } | undefined): void {
  const header = request.headers["if-range"];
  if (typeof header !== "string" || request.headers.range === undefined) return;
  const ifRange = header.trim();
  const etag = validators?.ETag;
  const isTag = ifRange.startsWith('"') || ifRange.startsWith("W/");
  const matches = isTag ? etag !== undefined && !etag.startsWith("W/") && ifRange === etag : ifRange === validators?.["Last-Modified"];
  if (matches) return;
  delete request.raw.headers.range;
  delete request.raw.headers["if-range"];
}

/** Request headers that make an answer depend on more than the file: these go to the library. */
const conditional = ["range", "if-range", "if-none-match", "if-modified-since", "if-match", "if-unmodified-since"];

/**
 * The encoding @fastify/static would pick for this request among the file's variants: the same
 * negotiator, with `*` read as gzip as it does.
 */
function pickEncoding(acceptEncoding: string | undefined, available: Encoding[]): Encoding | undefined {
  if (!acceptEncoding || available.length === 0) return undefined;
  // Browsers send a handful of distinct headers: each is parsed once (the cache is bounded, so a
  // client inventing headers cannot grow it).
  const key = `${available.join(",")}|${acceptEncoding}`;
  let picked = negotiated.get(key);
  if (picked === undefined) {
    picked = (negotiate(acceptEncoding.toLowerCase().replace(/\*/g, "gzip"), available) as Encoding | null) ?? "identity";
    if (negotiated.size >= 200) negotiated.clear();
    negotiated.set(key, picked);
  }
  return picked === "identity" ? undefined : picked;
}
const negotiated = new Map<string, Encoding | "identity">();

export interface StaticOptions {
  buildDir: string;
  info: BuildInfo;
  /** The site is served over HTTPS: pages' policies upgrade stray http:// requests. */
  https: boolean;
}

/** A build as served: its folders, what build-info.json says, and every file it answers with, in memory. */
interface LiveBuild {
  buildDir: string;
  clientDir: string;
  info: BuildInfo;
  files: Map<string, BuiltFile>;
  errorFiles: Map<string, BuiltFile>;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Serves another build from now on (the content editor's publish): it is read whole into
     * memory first, then replaces the served one in one assignment, so every request gets either
     * the old build or the new one, never a mix. Throws, changing nothing, when the folder is no
     * complete build.
     */
    switchBuild: (buildDir: string) => Promise<void>;
    /** The folder of the build being served. */
    servedBuild: () => string;
  }
}

/**
 * Serves build/client with @fastify/static: pages at their paths, the translated 404 page for
 * anything else (from build/errors/<lang>/), 400 for paths that try to leave the site, and 405
 * with `Allow` for other methods on a file. `app.switchBuild` replaces the build served.
 */
export async function registerStaticFiles(app: FastifyInstance, { buildDir: given, info, https }: StaticOptions): Promise<void> {
  /** Our headers for a file of a build: caching, and a page's own policy. */
  const headersFor = (build: Pick<LiveBuild, "buildDir" | "info">) => (reply: HeaderSink, absolutePath: string) => {
    const logical = absolutePath.replace(/\.(br|gz)$/, "");
    const underBuild = "/" + relative(build.buildDir, logical).split(sep).join("/");
    const urlPath = underBuild.replace(/^\/(client|errors)/, "");
    reply.header("Cache-Control", underBuild.startsWith("/errors/") ? "no-cache" : cacheControlFor(urlPath));
    if (logical.endsWith(".html")) {
      const scriptHashes = build.info.inlineScriptHashes[underBuild] ?? [];
      reply.header("Content-Security-Policy", contentSecurityPolicy({ scriptHashes, snipcart: build.info.snipcart, https }));
    }
  };

  /** Reads a build whole: its index and every file's variants. */
  const load = async (dir: string, buildInfo: BuildInfo): Promise<LiveBuild> => {
    // The library takes absolute roots only; BUILD_DIR may be relative to the working folder.
    const buildDir = resolve(dir);
    const build = {
      buildDir,
      clientDir: join(buildDir, "client"),
      info: buildInfo,
      files: indexBuild(join(buildDir, "client")),
      errorFiles: indexBuild(join(buildDir, "errors")),
    };
    await loadVariants(build.files, build.clientDir, headersFor(build));
    await loadVariants(build.errorFiles, join(buildDir, "errors"), headersFor(build));
    return build;
  };

  let live = await load(given, info);

  await app.register(fastifyStatic, {
    root: live.clientDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
    dotfiles: "ignore",
    // The headers of the build served now (a file the library sends is always from it).
    setHeaders: (reply: FastifyReply, absolutePath: string) => headersFor(live)(reply, absolutePath),
  });

  app.decorate("switchBuild", async (dir: string) => {
    const buildInfo = JSON.parse(await readFile(join(dir, "build-info.json"), "utf8")) as BuildInfo;
    const next = await load(dir, buildInfo);
    if (!next.files.has("/")) throw new Error(`${dir} has no home page: not switched`);
    live = next;
  });
  app.decorate("servedBuild", () => live.buildDir);
  app.decorate("siteStylesheet", () => live.info.stylesheet ?? null);

  const notFound = (request: FastifyRequest, reply: FastifyReply, path: string, errorFiles: Map<string, BuiltFile>) => {
    if (path.endsWith(".data") || path.startsWith("/assets/") || path.startsWith("/api/") || path.startsWith("/media/")) {
      return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    }
    const page = errorFiles.get(errorPageFor(path));
    const variant = page?.variants[pickEncoding(request.headers["accept-encoding"], page.available) ?? "identity"];
    if (!variant) return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    // The error page answers a request for something else: no validators, no ranges, so never a 304 or a part of it.
    const { ETag: _etag, "Last-Modified": _modified, "Accept-Ranges": _ranges, ...headers } = variant.headers;
    return reply
      .status(404)
      .headers(headers)
      .send(request.method === "HEAD" ? undefined : variant.body);
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    // One build for the whole answer, even if a publish switches builds meanwhile.
    const build = live;
    const decoded = decodeRequestPath(request.raw.url ?? "/");
    if ("problem" in decoded) return reply.status(400).type("text/plain; charset=utf-8").send("Bad Request");
    const entry = build.files.get(decoded.path);
    if (!entry) return notFound(request, reply, decoded.path, build.errorFiles);
    const encoding = pickEncoding(request.headers["accept-encoding"], entry.available);
    dropRangeUnlessExactMatch(request, entry.variants[encoding ?? "identity"]?.headers);
    if (!conditional.some((name) => name in request.headers)) {
      const variant = entry.variants[encoding ?? "identity"];
      if (variant)
        return reply
          .status(200)
          .headers(variant.headers)
          .send(request.method === "HEAD" ? undefined : variant.body);
    }
    return reply.sendFile(entry.file, build.clientDir);
  };

  app.route({ method: ["GET", "HEAD"], url: "/*", handler: serve });
  app.route({ method: ["GET", "HEAD"], url: "/", handler: serve });

  // Other methods reach no route: a file's path answers 405 with what it allows, anything else 404.
  app.setNotFoundHandler((request, reply) => {
    const decoded = decodeRequestPath(request.raw.url ?? "/");
    if ("problem" in decoded) return reply.status(400).type("text/plain; charset=utf-8").send("Bad Request");
    if (live.files.has(decoded.path)) {
      return reply.status(405).header("Allow", "GET, HEAD").type("text/plain; charset=utf-8").send("Method Not Allowed");
    }
    return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
  });
}

/**
 * Reads each file's variants into memory with the headers the library sends for them: its own
 * (@fastify/send's ETag, Last-Modified, Content-Type, Content-Length, Accept-Ranges), those
 * @fastify/static adds for a precompressed file (Content-Encoding, Vary, the plain file's type),
 * and ours (`setHeaders`). The ETag is @fastify/send's weak size-and-time tag of the variant's
 * own file, so the brotli, gzip and plain bodies each have their own.
 */
async function loadVariants(files: Map<string, BuiltFile>, root: string, setHeaders: (reply: HeaderSink, path: string) => void): Promise<void> {
  const load = async (entry: BuiltFile) => {
    const plain = await headOf(root, entry.file);
    for (const encoding of ["identity", ...entry.available] as const) {
      const onDisk = encoding === "identity" ? entry.file : entry.file + suffix[encoding];
      const headers = encoding === "identity" ? { ...plain } : await headOf(root, onDisk);
      const ours = collectHeaders((reply) => setHeaders(reply, join(root, onDisk)));
      Object.assign(headers, ours, { Vary: "accept-encoding" });
      if (encoding !== "identity") Object.assign(headers, { "Content-Type": plain["Content-Type"]!, "Content-Encoding": encoding });
      const body = await readFile(join(root, onDisk));
      if (String(body.length) !== headers["Content-Length"]) throw new Error(`${onDisk} changed while it was read`);
      entry.variants[encoding] = { body, headers };
    }
  };
  await Promise.all([...new Set(files.values())].map(load));
}

/** The headers @fastify/send answers a plain HEAD for `file` with (no file is opened for a HEAD). */
async function headOf(root: string, file: string): Promise<Record<string, string>> {
  const request = new IncomingMessage(new Socket());
  request.method = "HEAD";
  const result = await send(request, encodeURI(file), { root, cacheControl: false, dotfiles: "ignore", index: false });
  if (result.type !== "file") throw new Error(`@fastify/send cannot serve ${file} (${result.statusCode})`);
  return Object.fromEntries(Object.entries(result.headers as Record<string, string | number>).map(([name, value]) => [name, String(value)]));
}

/** What our headers are set on: a Fastify reply when @fastify/static serves, a stand-in when read ahead. */
interface HeaderSink {
  header(name: string, value: string): unknown;
}

/** The headers a `setHeaders`-style function sets, read from a stand-in reply. */
function collectHeaders(apply: (reply: HeaderSink) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  apply({ header: (name, value) => (headers[name] = value) });
  return headers;
}
