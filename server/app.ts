import { readFileSync } from "node:fs";
import { join } from "node:path";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { isLanguage, type Language } from "#core/languages";
import { splitLanguage } from "#core/paths";
import { registerAdmin } from "./admin";
import { registerApi } from "./api";
import type { Config } from "./config";
import { baseSecurityHeaders, contentSecurityPolicy, resourceSecurityPolicy } from "./security-headers";
import { chooseEncoding, decodeRequestPath, findFile, loadStaticFiles, type StaticFile } from "./static-files";

interface BuildInfo {
  snipcart: boolean;
  inlineScriptHashes: Record<string, string[]>;
}

function readBuildInfo(buildDir: string): BuildInfo {
  try {
    return JSON.parse(readFileSync(join(buildDir, "build-info.json"), "utf8")) as BuildInfo;
  } catch {
    throw new Error(`No built site in ${buildDir}: run "npm run build" first`);
  }
}

/** The error page for an unknown path: the wine view for `/shop/<id>`, else "page not found". */
function errorPageFor(path: string): { lang: Language; page: "notFound" | "wineNotFound" } {
  const { lang, path: english } = splitLanguage(path);
  return { lang, page: /^\/shop\/[^/]+\/?$/.test(english) ? "wineNotFound" : "notFound" };
}

/**
 * The site's one server: the prerendered pages and assets, with their caching, compression and
 * security headers, and `/healthz`. Unknown paths get HTTP 404 with the translated error page.
 */
export async function buildServer(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === "silent" ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 16 * 1024,
    // Stack traces stay in the log, never in a response.
    return503OnClosing: true,
  });

  const clientDir = join(config.BUILD_DIR, "client");
  const info = readBuildInfo(config.BUILD_DIR);
  const files = loadStaticFiles(clientDir);
  const errorFiles = loadStaticFiles(join(config.BUILD_DIR, "errors"));
  const common = baseSecurityHeaders({ hsts: config.HSTS });
  const https = config.HSTS;

  app.addHook("onSend", async (_request, reply) => {
    reply.headers(common);
    // Pages (and the newsletter pages) set their own policy; everything else gets the closed one.
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", resourceSecurityPolicy);
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    void reply.status(status).type("application/json; charset=utf-8").send({
      error: status === 500 ? "Internal Server Error" : error.message,
    });
  });

  app.get("/healthz", async () => ({ status: "ok" }));
  await registerApi(app, config);
  await registerAdmin(app, config);

  function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile, key: string, status = 200) {
    reply.status(status).header("Content-Type", file.type).header("Cache-Control", file.cacheControl);
    reply.header("Vary", "Accept-Encoding");
    const hashes = info.inlineScriptHashes[key];
    if (file.type.startsWith("text/html")) {
      reply.header(
        "Content-Security-Policy",
        contentSecurityPolicy({ scriptHashes: hashes ?? [], snipcart: info.snipcart, https }),
      );
    }
    if (status === 200) {
      reply.header("ETag", file.etag);
      if (request.headers["if-none-match"] === file.etag) return reply.status(304).send();
    }
    const encoding = chooseEncoding(request.headers["accept-encoding"], file);
    const body = encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : file.body;
    if (encoding) reply.header("Content-Encoding", encoding);
    reply.header("Content-Length", String(body?.length ?? 0));
    return reply.send(request.method === "HEAD" ? undefined : body);
  }

  function notFound(request: FastifyRequest, reply: FastifyReply, path: string) {
    if (path.endsWith(".data") || path.startsWith("/assets/") || path.startsWith("/api/")) {
      return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    }
    const { lang, page } = errorPageFor(path);
    const key = `/${isLanguage(lang) ? lang : "en"}/${page}.html`;
    const file = errorFiles.get(key);
    if (!file) return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    return send(request, reply, file, `/errors${key}`, 404);
  }

  const serveStatic = async (request: FastifyRequest, reply: FastifyReply) => {
    const decoded = decodeRequestPath(request.raw.url ?? "/");
    if ("problem" in decoded) return reply.status(400).type("text/plain; charset=utf-8").send("Bad Request");
    const { path } = decoded;
    const file = findFile(files, path);
    if (!file) return notFound(request, reply, path);
    const key = files.get(path) === file ? path : `${path.endsWith("/") ? path : `${path}/`}index.html`;
    return send(request, reply, file, `/client${key}`);
  };

  app.route({ method: ["GET", "HEAD"], url: "/*", handler: serveStatic });
  app.route({ method: ["GET", "HEAD"], url: "/", handler: serveStatic });

  return app;
}
