import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { join, resolve } from "node:path";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerFactory } from "fastify";
import { staffArea } from "./admin";
import { api } from "./api";
import { backups } from "./backup/schedule";
import type { Config } from "./config";
import { contentFolder, contentStore } from "./content-store";
import { asStorageUnavailable } from "./db/availability";
import { health } from "./health";
import { bookings } from "./plugins/bookings";
import { database } from "./plugins/database";
import { mail } from "./plugins/mail";
import { staffStores } from "./plugins/staff-stores";
import { redactUrl } from "./log";
import { baseSecurityHeaders, resourceSecurityPolicy } from "./security-headers";
import { defaultPublishDir } from "./admin/content/publisher";
import { liveAtStart, normaliseLineEnds } from "./admin/content/published";
import { StartupError } from "./startup";
import { registerStaticFiles, type BuildInfo } from "./static-files";

function readBuildInfo(buildDir: string): BuildInfo {
  try {
    return JSON.parse(readFileSync(join(buildDir, "build-info.json"), "utf8")) as BuildInfo;
  } catch {
    throw new StartupError(`BUILD_DIR=${JSON.stringify(buildDir)} holds no built site (no build-info.json): run "npm run build" first`);
  }
}

export interface ServerOptions {
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** The staff inbox's and the tour bookings' clock (tests hold it still or move it on). */
  now?: () => Date;
  /** The command a publish from the content editor builds with (tests give a stand-in); default: pipeline/publish-build.ts. */
  publishCommand?: { file: string; args: string[] };
  /** Where publishes build (tests give a temporary folder); default: PUBLISH_DIR, else build-published/ in the project. */
  publishDir?: string;
  /**
   * The process this server's leases name (server/db/leases.ts); default its own. A test that plays a
   * server killed with -9 in its own process, which cannot end, gives one that has ended.
   */
  processId?: number;
}

/**
 * The site's one server: the prerendered pages and assets, with their caching, compression and
 * security headers, the form API, `/healthz` and `/readyz`. Unknown paths get HTTP 404 with the
 * translated error page.
 */
export async function buildServer(config: Config, options: ServerOptions = {}): Promise<FastifyInstance> {
  const common = { ...baseSecurityHeaders({ hsts: config.HSTS }), "Content-Security-Policy": resourceSecurityPolicy };
  // The last build published from the content editor, when it is newer than BUILD_DIR's (a deploy's
  // own build wins), and only a build made from the published content (./admin/content/published.ts).
  const publishDir = resolve(options.publishDir ?? config.PUBLISH_DIR ?? defaultPublishDir);
  const contentDir = contentFolder(config.CONTENT_DIR);
  // Texts saved with a browser's \r\n before the editor read line ends: made \n once (a commit, logged below).
  const normalised = await normaliseLineEnds(contentDir, publishDir);
  const live = await liveAtStart({ contentDir, buildsDir: publishDir, deployed: config.BUILD_DIR });
  const buildDir = live.buildDir;
  const info = readBuildInfo(buildDir);

  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : {
            level: config.LOG_LEVEL,
            stream: options.logStream ?? stdoutLog(),
            // Query strings carry newsletter tokens and e-mail addresses: never logged.
            serializers: {
              req: (request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 16 * 1024,
    // Requests that arrive once shutdown began are answered below, through the reply (and its headers).
    return503OnClosing: false,
    serverFactory: serverWithLimits(config, common),
    clientErrorHandler: clientError(common),
    // Fastify's own answer to a URL the router cannot decode echoes the URL; this one is sent
    // before any hook could add the headers, so it carries them itself.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).status(400).headers(common).type("text/plain; charset=utf-8").send("Bad Request");
    },
  });

  if (normalised.length > 0) app.log.info({ files: normalised }, "content: line ends in texts written \\n (once)");

  let shuttingDown = false;
  app.addHook("preClose", async () => {
    shuttingDown = true;
    app.mailSender?.drainUntil(Date.now() + config.SHUTDOWN_TIMEOUT_MS);
  });
  // The two hooks every request passes take callbacks: an async hook costs a promise per request.
  app.addHook("onRequest", (request, reply, done) => {
    // HTTP/1.1 requires Host (RFC 9112 §3.2). Node would answer its absence itself, without the
    // security headers; Node is told not to (requireHostHeader) and the answer is made here.
    if (request.raw.httpVersion === "1.1" && request.headers.host === undefined) {
      void reply.status(400).header("Connection", "close").type("text/plain; charset=utf-8").send("Bad Request");
      return;
    }
    if (!shuttingDown) return done();
    void reply
      .status(503)
      .header("Connection", "close")
      .header("Retry-After", "5")
      .type("application/json; charset=utf-8")
      .send({ error: "Service Unavailable" });
  });

  const commonEntries = Object.entries(common);
  app.addHook("onSend", (_request, reply, payload, done) => {
    // Pages (and the newsletter pages) set their own policy; everything else gets the closed one.
    for (const [name, value] of commonEntries) if (!reply.hasHeader(name)) reply.header(name, value);
    // A request that finishes during shutdown closes its connection, so the server can stop.
    if (shuttingDown) reply.header("Connection", "close");
    done(null, payload);
  });

  app.setErrorHandler((error: { statusCode?: number; message: string; headers?: Record<string, string> }, request, reply) => {
    // Another process's lock or a full disk: "not now", with when to come back; never a 500.
    const unavailable = asStorageUnavailable(error);
    if (unavailable) {
      request.log.warn({ reason: unavailable.reason }, unavailable.message);
      return reply
        .status(503)
        .header("Retry-After", String(unavailable.retryAfterSeconds))
        .type("application/json; charset=utf-8")
        .send({ error: unavailable.message });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    // A 416 names the file's length in Content-Range (RFC 9110); other errors add nothing.
    if (status === 416 && error.headers?.["Content-Range"]) reply.header("Content-Range", error.headers["Content-Range"]);
    void reply
      .status(status)
      .type("application/json; charset=utf-8")
      .send({
        error: status === 500 ? "Internal Server Error" : error.message,
      });
  });

  // The server's parts, each a plugin that names the ones it needs (registered out of order, the
  // server does not start and says which is missing). The content the server speaks with is read
  // now, and again when a publish goes live (./content-store.ts).
  await app.register(contentStore, { dir: contentDir, live: live.contentDir });
  await app.register(database, { config });
  await app.register(mail, { config });
  await app.register(bookings, { config, now: options.now });
  await app.register(api, { config });
  await app.register(backups, { config });
  await app.register(staffStores, { config, processId: options.processId });
  await app.register(staffArea, { config, now: options.now, publishCommand: options.publishCommand, publishDir, rebuildWith: live.rebuildWith });
  await app.register(health, { config });
  await registerStaticFiles(app, { buildDir, info, https: config.HSTS });

  return app;
}

/**
 * stdout as the log's destination, written through Node's own stream. Pino's default writer
 * flushes what it holds when the process exits and, when stdout's reader has gone away (a closed
 * pipe), retries that flush for ever: the process could never exit (seen here with the log piped
 * into `head`). A log reader that goes away costs only the log lines.
 */
function stdoutLog(): NodeJS.WritableStream {
  if (!process.stdout.listeners("error").includes(dropLogErrors)) process.stdout.on("error", dropLogErrors);
  return process.stdout;
}
const dropLogErrors = () => {};

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify ignores a bare hop count (it cannot check the
 * nearest peer), so a hop count becomes a function trusting that many hops; the configuration
 * allows one only when the server listens on loopback, where every peer is local.
 */
function trustProxyOption(trust: Config["TRUST_PROXY"]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return trust > 0 ? (_address: string, hop: number) => hop < trust : false;
  return trust;
}

/**
 * The HTTP server, with every limit set: time for the headers and for the whole request, idle
 * keep-alive and inactivity timeouts, requests per connection and open connections at most.
 * Node answers an `Expect` header it does not know with its own bare 417: here that answer
 * carries the security headers too.
 */
function serverWithLimits(config: Config, common: Record<string, string>): FastifyServerFactory {
  return (handler) => {
    const server = createServer(
      {
        headersTimeout: config.HEADERS_TIMEOUT_MS,
        requestTimeout: config.REQUEST_TIMEOUT_MS,
        keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
        // Node checks the two timeouts above on this period (30 s by default).
        connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
        // Node's own 400 for a missing Host carries no security headers: the server answers it (onRequest).
        requireHostHeader: false,
      },
      handler,
    );
    server.on("checkExpectation", (_request: IncomingMessage, response: ServerResponse) => {
      response.writeHead(417, { ...common, "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
      response.end("Expectation Failed");
    });
    server.setTimeout(config.CONNECTION_TIMEOUT_MS);
    server.maxRequestsPerSocket = config.MAX_REQUESTS_PER_SOCKET;
    server.maxConnections = config.MAX_CONNECTIONS;
    return server;
  };
}

/**
 * Node's answer to a request it cannot parse (400), headers too large (431) or too slow (408),
 * written on the socket itself, with the security headers and nothing the client sent.
 */
function clientError(common: Record<string, string>) {
  return function (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [status, reason] =
      error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout"]
        : error.code === "HPE_HEADER_OVERFLOW"
          ? [431, "Request Header Fields Too Large"]
          : [400, "Bad Request"];
    this.log.debug({ code: error.code }, `client error ${status}`);
    if (socket.writable) {
      const headers = Object.entries({ ...common, "Content-Type": "text/plain; charset=utf-8", "Content-Length": String(reason.length), Connection: "close" })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("");
      socket.write(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n${reason}`);
    }
    socket.destroy(error);
  };
}
