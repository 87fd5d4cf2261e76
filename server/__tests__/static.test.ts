import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { parseConfig } from "../config";
import { decodeRequestPath } from "../static-files";
import { listen, rawGet, rawRequest } from "../../e2e/support/raw-http";

/** 1,000 bytes of a "video" whose every byte tells its offset (mod 251). */
const videoBytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

/** A tiny built site, shaped like `npm run build`'s output. */
function fixtureBuild(): string {
  const root = mkdtempSync(join(tmpdir(), "lescours-build-"));
  const put = (path: string, body: string | Buffer, compress = false) => {
    const file = join(root, path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, body);
    if (compress) {
      writeFileSync(`${file}.br`, brotliCompressSync(body));
      writeFileSync(`${file}.gz`, gzipSync(body));
    }
  };
  const page = (title: string) => `<!DOCTYPE html><html><head><script>var a=1</script></head><body><h1>${title}</h1></body></html>`;
  put("client/index.html", page("Home"), true);
  put("client/shop/index.html", page("Shop"), true);
  put("client/fr/shop/index.html", page("Boutique"), true);
  put("client/shop.data", "[data]");
  put("client/assets/app-abc123.js", "console.log('app')".repeat(50), true);
  put("client/favicon.svg", "<svg/>");
  put("client/media/clip-abc123.mp4", videoBytes);
  put("errors/en/notFound.html", page("Oops! Page not found"), true);
  put("errors/fr/notFound.html", page("Page introuvable"));
  put("errors/en/wineNotFound.html", page("Wine Not Found"));
  put("errors/fr/wineNotFound.html", page("Vin introuvable"));
  put(
    "build-info.json",
    JSON.stringify({ snipcart: false, inlineScriptHashes: { "/client/index.html": ["'sha256-abc'"], "/errors/en/notFound.html": ["'sha256-notfound'"] } }),
  );
  put("secret.txt", "outside the public folder");
  return root;
}

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-static-data-"));
  app = await buildServer(parseConfig({ BUILD_DIR: fixtureBuild(), DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
  port = await listen(app);
});
afterAll(async () => {
  await app.close();
});

const asset = "/assets/app-abc123.js";
const video = "/media/clip-abc123.mp4";

describe("static serving", () => {
  it("serves pages at their paths, with and without a trailing slash, revalidated on each visit", async () => {
    for (const url of ["/shop", "/shop/", "/fr/shop"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
    expect((await app.inject({ url: "/fr/shop" })).body).toContain("Boutique");
  });

  it("caches hashed assets and media for a year", async () => {
    for (const url of [asset, video]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
    }
    expect((await app.inject({ url: asset })).headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect((await app.inject({ url: video })).headers["content-type"]).toBe("video/mp4");
  });

  it("picks brotli or gzip by Accept-Encoding", async () => {
    const br = await app.inject({ url: asset, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary).toLowerCase()).toBe("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("console.log('app')");
    const gz = await app.inject({ url: asset, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("console.log('app')");
    const plain = await app.inject({ url: asset });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("console.log('app')");
    const refused = await app.inject({ url: asset, headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const identity = await app.inject({ url: asset, headers: { "accept-encoding": "identity" } });
    expect(identity.headers["content-encoding"]).toBeUndefined();
  });

  it("answers HEAD with headers and no body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/shop" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
    expect(Number(response.headers["content-length"])).toBeGreaterThan(0);
  });

  it("sends the page's Content-Security-Policy with its inline-script hashes", async () => {
    const csp = (await app.inject({ url: "/" })).headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self' 'sha256-abc'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
  });

  it("answers unknown paths with 404 and the error page of their language", async () => {
    const en = await app.inject({ url: "/nowhere" });
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain("Oops! Page not found");
    expect(en.headers["content-security-policy"]).toContain("'sha256-notfound'");
    expect(en.headers["cache-control"]).toBe("no-cache");
    const fr = await app.inject({ url: "/fr/nulle/part" });
    expect(fr.statusCode).toBe(404);
    expect(fr.body).toContain("Page introuvable");
    const wine = await app.inject({ url: "/fr/shop/chateau-1900" });
    expect(wine.statusCode).toBe(404);
    expect(wine.body).toContain("Vin introuvable");
    const data = await app.inject({ url: "/nowhere.data" });
    expect(data.statusCode).toBe(404);
    // The 404 page is never a 304 or a range, whatever the request says.
    const conditional = await app.inject({ url: "/nowhere", headers: { "if-none-match": "*", range: "bytes=0-10" } });
    expect(conditional.statusCode).toBe(404);
    expect(conditional.body).toContain("Oops! Page not found");
    const compressed = await app.inject({ url: "/nowhere", headers: { "accept-encoding": "gzip" } });
    expect(compressed.statusCode).toBe(404);
    expect(gunzipSync(compressed.rawPayload).toString()).toContain("Oops! Page not found");
  });

  it("never lists a directory", async () => {
    const response = await app.inject({ url: "/assets/" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("app-abc123.js");
  });

  it("refuses traversal attempts as sent on the wire, and never serves a file outside the public folder", async () => {
    // Sent byte for byte: fetch and app.inject would turn /../ and /%2e%2e/ into a plain path first.
    for (const target of [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/%2e%2e%2fsecret.txt",
      "/a%00b",
      "/..%5csecret.txt",
      "/..\\secret.txt",
      "/%E0%A4%A",
    ]) {
      const response = await rawRequest(port, rawGet(target));
      expect(response.status, target).toBe(400);
      expect(response.body, target).not.toContain("outside the public folder");
      expect(response.body, target).not.toContain(target);
      expect(response.headers["x-content-type-options"], target).toBe("nosniff");
    }
  });

  it("answers /healthz", async () => {
    const response = await app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok" });
  });

  it("sends the security headers with every response", async () => {
    for (const url of ["/", "/nowhere", "/healthz", asset, video]) {
      const headers = (await app.inject({ url })).headers;
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(headers["permissions-policy"], url).toContain("camera=()");
      expect(headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it("answers other methods on a page or file with 405 and Allow, and on unknown paths with 404", async () => {
    for (const method of ["PUT", "DELETE", "TRACE", "PATCH", "POST", "OPTIONS"] as const) {
      for (const url of ["/shop", "/fr/shop/", "/", asset]) {
        const response = await rawRequest(port, `${method} ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        expect(response.status, `${method} ${url}`).toBe(405);
        expect(response.headers.allow, `${method} ${url}`).toBe("GET, HEAD");
        expect(response.headers["x-content-type-options"], `${method} ${url}`).toBe("nosniff");
      }
      const unknown = await rawRequest(port, `${method} /nowhere HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      expect(unknown.status, `${method} /nowhere`).toBe(404);
    }
  });
});

describe("byte ranges (Safari plays a <video> only with them)", () => {
  it("answers a range with 206, the bytes asked for and Content-Range, and says it accepts ranges", async () => {
    const whole = await app.inject({ url: video });
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    const first = await app.inject({ url: video, headers: { range: "bytes=0-99" } });
    expect(first.statusCode).toBe(206);
    expect(first.headers["content-range"]).toBe("bytes 0-99/1000");
    expect(first.headers["content-length"]).toBe("100");
    expect(first.rawPayload.equals(videoBytes.subarray(0, 100))).toBe(true);
    const middle = await app.inject({ url: video, headers: { range: "bytes=500-" } });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(videoBytes.subarray(500))).toBe(true);
    const suffix = await app.inject({ url: video, headers: { range: "bytes=-10" } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(videoBytes.subarray(990))).toBe(true);
  });

  it("answers a range past the end with 416 and the file's length", async () => {
    const response = await app.inject({ url: video, headers: { range: "bytes=2000-3000" } });
    expect(response.statusCode).toBe(416);
    expect(response.headers["content-range"]).toBe("bytes */1000");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends the whole file when If-Range names another version", async () => {
    const response = await app.inject({ url: video, headers: { range: "bytes=0-99", "if-range": '"another-version"' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(videoBytes)).toBe(true);
  });

  it("compares If-Range strongly (RFC 9110 §13.1.5): the file's own weak ETag sends the whole file, its Last-Modified date the range", async () => {
    const whole = await app.inject({ url: video });
    const etag = whole.headers.etag as string;
    // The server's ETags are weak (size and time): one can never vouch that two byte ranges belong together.
    expect(etag).toMatch(/^W\//);
    for (const ifRange of [etag, etag.slice(2), `${etag}, "x"`]) {
      const response = await app.inject({ url: video, headers: { range: "bytes=0-99", "if-range": ifRange } });
      expect(response.statusCode, ifRange).toBe(200);
      expect(response.rawPayload.equals(videoBytes), ifRange).toBe(true);
    }
    const dated = await app.inject({ url: video, headers: { range: "bytes=0-99", "if-range": whole.headers["last-modified"] as string } });
    expect(dated.statusCode).toBe(206);
    expect(dated.rawPayload.equals(videoBytes.subarray(0, 100))).toBe(true);
  });

  it("sends the range for an If-Range date only when it is exactly the file's Last-Modified (RFC 9110 §13.1.5)", async () => {
    const lastModified = Date.parse((await app.inject({ url: video })).headers["last-modified"] as string);
    // A later date (it answered 206 before), an earlier one, one in another form of the same moment, garbage.
    for (const ifRange of [
      new Date(lastModified + 3_600_000).toUTCString(),
      new Date(lastModified - 1000).toUTCString(),
      new Date(lastModified).toISOString(),
      "yesterday",
    ]) {
      const response = await app.inject({ url: video, headers: { range: "bytes=0-99", "if-range": ifRange } });
      expect(response.statusCode, ifRange).toBe(200);
      expect(response.rawPayload.equals(videoBytes), ifRange).toBe(true);
    }
  });
});

describe("validators", () => {
  it("gives the brotli, gzip and plain bodies each their own ETag", async () => {
    const etagOf = async (encoding: string) => (await app.inject({ url: asset, headers: { "accept-encoding": encoding } })).headers.etag as string;
    const etags = [await etagOf("br"), await etagOf("gzip"), await etagOf("identity")];
    expect(etags.every(Boolean)).toBe(true);
    expect(new Set(etags).size).toBe(3);
    // A gzip ETag does not validate the brotli body.
    const mismatch = await app.inject({ url: asset, headers: { "accept-encoding": "br", "if-none-match": etags[1]! } });
    expect(mismatch.statusCode).toBe(200);
    expect(mismatch.headers["content-encoding"]).toBe("br");
  });

  it("answers 304 to a matching ETag, a list holding it, its weak form and *", async () => {
    const etag = (await app.inject({ url: "/favicon.svg" })).headers.etag as string;
    const strong = etag.replace(/^W\//, "");
    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${strong}`, strong, "*"]) {
      const response = await app.inject({ url: "/favicon.svg", headers: { "if-none-match": ifNoneMatch } });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.body).toBe("");
      expect(response.headers.etag).toBe(etag);
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
    const other = await app.inject({ url: "/favicon.svg", headers: { "if-none-match": '"other", W/"another"' } });
    expect(other.statusCode).toBe(200);
  });

  it("revalidates a page with its CSP and caching headers on the 304", async () => {
    const first = await app.inject({ url: "/", headers: { "accept-encoding": "br" } });
    const again = await app.inject({ url: "/", headers: { "accept-encoding": "br", "if-none-match": first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(again.headers["cache-control"]).toBe("no-cache");
  });

  it("sends the same headers whether a file comes from memory or from the file-serving library", async () => {
    // An unconditional GET is answered from memory; a conditional one that does not match goes
    // through @fastify/static. Both must describe the same representation the same way.
    const same = (headers: Record<string, unknown>) => {
      const { date: _date, connection: _connection, ...rest } = headers;
      return rest;
    };
    for (const url of ["/", "/shop", asset, video, "/shop.data"]) {
      for (const encoding of ["br", "gzip", "identity", "*"]) {
        const fromMemory = await app.inject({ url, headers: { "accept-encoding": encoding } });
        const fromLibrary = await app.inject({ url, headers: { "accept-encoding": encoding, "if-none-match": '"no-match"' } });
        expect(fromMemory.statusCode).toBe(200);
        expect(fromLibrary.statusCode).toBe(200);
        expect(same(fromMemory.headers), `${url} ${encoding}`).toEqual(same(fromLibrary.headers));
        expect(fromMemory.rawPayload.equals(fromLibrary.rawPayload), `${url} ${encoding}`).toBe(true);
      }
    }
  });
});

describe("decodeRequestPath", () => {
  it("decodes ordinary paths", () => {
    expect(decodeRequestPath("/shop/ch%C3%A2teau?x=1")).toEqual({ path: "/shop/château" });
  });
  it("refuses dot segments, encoded slashes, NUL and bad escapes", () => {
    expect(decodeRequestPath("/a/../b")).toEqual({ problem: "traversal" });
    expect(decodeRequestPath("/a/%2e%2e/b")).toEqual({ problem: "traversal" });
    expect(decodeRequestPath("/a%2Fb")).toEqual({ problem: "traversal" });
    expect(decodeRequestPath("/a%00")).toEqual({ problem: "traversal" });
    expect(decodeRequestPath("/%zz")).toEqual({ problem: "bad-encoding" });
  });
});
