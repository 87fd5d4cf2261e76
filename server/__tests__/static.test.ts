import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { parseConfig } from "../config";
import { chooseEncoding, decodeRequestPath } from "../static-files";

/** A tiny built site, shaped like `npm run build`'s output. */
function fixtureBuild(): string {
  const root = mkdtempSync(join(tmpdir(), "lescours-build-"));
  const put = (path: string, body: string, compress = false) => {
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
  put("errors/en/notFound.html", page("Oops! Page not found"));
  put("errors/fr/notFound.html", page("Page introuvable"));
  put("errors/en/wineNotFound.html", page("Wine Not Found"));
  put("errors/fr/wineNotFound.html", page("Vin introuvable"));
  put("build-info.json", JSON.stringify({ snipcart: false, inlineScriptHashes: { "/client/index.html": ["'sha256-abc'"] } }));
  put("secret.txt", "outside the public folder");
  return root;
}

let app: FastifyInstance;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-static-data-"));
  app = await buildServer(parseConfig({ BUILD_DIR: fixtureBuild(), DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
});
afterAll(async () => {
  await app.close();
});

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

  it("caches hashed assets for a year", async () => {
    const response = await app.inject({ url: "/assets/app-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  it("picks brotli or gzip by Accept-Encoding", async () => {
    const br = await app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("console.log('app')");
    const gz = await app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("console.log('app')");
    const plain = await app.inject({ url: "/assets/app-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("console.log('app')");
    const refused = await app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(refused.headers["content-encoding"]).toBe("gzip");
  });

  it("answers HEAD with headers and no body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/shop" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
    expect(Number(response.headers["content-length"])).toBeGreaterThan(0);
  });

  it("answers a matching ETag with 304", async () => {
    const first = await app.inject({ url: "/favicon.svg" });
    const etag = first.headers.etag as string;
    const second = await app.inject({ url: "/favicon.svg", headers: { "if-none-match": etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
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
    const fr = await app.inject({ url: "/fr/nulle/part" });
    expect(fr.statusCode).toBe(404);
    expect(fr.body).toContain("Page introuvable");
    const wine = await app.inject({ url: "/fr/shop/chateau-1900" });
    expect(wine.statusCode).toBe(404);
    expect(wine.body).toContain("Vin introuvable");
    const data = await app.inject({ url: "/nowhere.data" });
    expect(data.statusCode).toBe(404);
  });

  it("never lists a directory", async () => {
    const response = await app.inject({ url: "/assets/" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("app-abc123.js");
  });

  it("refuses traversal attempts and never serves a file outside the public folder", async () => {
    for (const url of ["/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt", "/%2e%2e%2fsecret.txt", "/a%00b", "/..%5csecret.txt", "/%E0%A4%A"]) {
      const response = await app.inject({ url });
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain("outside the public folder");
    }
  });

  it("answers /healthz", async () => {
    const response = await app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("sends the security headers with every response", async () => {
    for (const url of ["/", "/nowhere", "/healthz", "/assets/app-abc123.js"]) {
      const headers = (await app.inject({ url })).headers;
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(headers["permissions-policy"], url).toContain("camera=()");
      expect(headers["strict-transport-security"], url).toBeUndefined();
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

describe("chooseEncoding", () => {
  const file = { body: Buffer.from(""), br: Buffer.from(""), gzip: Buffer.from(""), type: "", etag: "", cacheControl: "" };
  it("honours q=0 and wildcards", () => {
    expect(chooseEncoding("*", file)).toBe("br");
    expect(chooseEncoding("br;q=0, *;q=0.5", file)).toBe("gzip");
    expect(chooseEncoding("identity", file)).toBeUndefined();
    expect(chooseEncoding(undefined, file)).toBeUndefined();
  });
});
