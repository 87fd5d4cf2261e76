import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { parseConfig } from "../config";
import { baseSecurityHeaders, resourceSecurityPolicy } from "../security-headers";
import { fixtureBuild, tempDataDir, validPayloads } from "./support/fixtures";
import { listen, rawRequest, type RawResponse } from "../../e2e/support/raw-http";

/**
 * docs/security.md promises the security headers on every answer. Errors are where they went
 * missing: Fastify's bad-URL 400 and Node's own 400, 408 and 431 are written outside
 * the usual reply path. Every class of error is asked for here over a real socket.
 */
let app: FastifyInstance;
let port: number;
const expected = baseSecurityHeaders({ hsts: true });

beforeAll(async () => {
  app = await buildServer(
    parseConfig({
      BUILD_DIR: fixtureBuild(),
      DATA_DIR: tempDataDir(),
      LOG_LEVEL: "silent",
      HSTS: "true",
      RATE_LIMIT_MAX: "0",
      REQUEST_TIMEOUT_MS: "1000",
      HEADERS_TIMEOUT_MS: "1000",
      SITE_URL: "https://www.hermitage-lescours.example",
    }),
  );
  port = await listen(app);
});
afterAll(async () => {
  await app.close();
});

const request = (lines: string[], body = "") => `${lines.join("\r\n")}\r\n\r\n${body}`;
const post = (path: string, type: string, body: string, extra: string[] = []) =>
  request(
    [`POST ${path} HTTP/1.1`, "Host: localhost", "Connection: close", `Content-Type: ${type}`, `Content-Length: ${Buffer.byteLength(body)}`, ...extra],
    body,
  );
const get = (path: string, extra: string[] = []) => request([`GET ${path} HTTP/1.1`, "Host: localhost", "Connection: close", ...extra]);

function expectSecurityHeaders(response: RawResponse, what: string) {
  for (const [name, value] of Object.entries(expected)) {
    expect(response.headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
  }
  expect(response.headers["content-security-policy"], `${what}: CSP`).toBeDefined();
}

describe("security headers on every error answer", () => {
  it.each([
    ["400, a URL the router cannot decode", () => get("/%E0%A4%A"), 400],
    ["400, a path that climbs out of the site", () => get("/../package.json"), 400],
    ["400, a request line Node cannot parse", () => "GARBAGE\r\n\r\n", 400],
    ["400, a malformed header", () => request(["GET / HTTP/1.1", "Host: localhost", "Bad Header\u0001: x"]), 400],
    ["431, headers larger than Node accepts", () => get("/", [`X-Big: ${"a".repeat(20_000)}`]), 431],
    ["413, a body over 16 KB", () => post("/api/contact-messages", "application/json", JSON.stringify({ message: "x".repeat(20_000) })), 413],
    ["415, a body that is not JSON", () => post("/api/contact-messages", "text/plain", "hello"), 415],
    ["400, JSON that does not parse", () => post("/api/contact-messages", "application/json", "{"), 400],
    ["403, a submission from another site", () => post("/api/contact-messages", "application/json", "{}", ["Origin: https://evil.example"]), 403],
    ["404, an unknown page", () => get("/no-such-page"), 404],
    ["404, an unknown API path", () => get("/api/no-such-thing"), 404],
    ["417, an Expect header Node does not know", () => get("/", ["Expect: something-else"]), 417],
    ["405, a PUT on a page", () => post("/", "text/plain", "x").replace("POST", "PUT"), 405],
    ["400, an HTTP/1.1 request without Host", () => request(["GET / HTTP/1.1", "Connection: close"]), 400],
    ["400, a submission without Host", () => post("/api/contact-messages", "application/json", "{}").replace("Host: localhost\r\n", ""), 400],
    ["415, a compressed submission", () => post("/api/contact-messages", "application/json", "{}", ["Content-Encoding: gzip"]), 415],
  ])("%s", async (what, build, status) => {
    const response = await rawRequest(port, build());
    expect(response.status, `${what}\n${response.raw.slice(0, 300)}`).toBe(status);
    expectSecurityHeaders(response, what);
    // Nothing the client sent comes back in an error.
    expect(response.body).not.toContain("%E0%A4%A");
    expect(response.body).not.toContain("package.json");
  });

  it("408, a request whose body never arrives", async () => {
    const response = await rawRequest(port, post("/api/contact-messages", "application/json", "").replace("Content-Length: 0", "Content-Length: 100"));
    expect(response.status, response.raw).toBe(408);
    expectSecurityHeaders(response, "408");
  });

  it("429, past the rate limit", async () => {
    const limited = await buildServer(
      parseConfig({ BUILD_DIR: fixtureBuild(), DATA_DIR: tempDataDir(), LOG_LEVEL: "silent", HSTS: "true", RATE_LIMIT_MAX: "1" }),
    );
    try {
      const limitedPort = await listen(limited);
      const body = JSON.stringify(validPayloads.contactMessage);
      expect((await rawRequest(limitedPort, post("/api/contact-messages", "application/json", body))).status).toBe(201);
      const response = await rawRequest(limitedPort, post("/api/contact-messages", "application/json", body));
      expect(response.status).toBe(429);
      expectSecurityHeaders(response, "429");
    } finally {
      await limited.close();
    }
  });

  it("500, a failure inside the server, with no detail given away", async () => {
    // The database closes under the server: the next submission cannot be stored.
    const db = app.db;
    const body = JSON.stringify({ ...validPayloads.newsletterSignup, email: "other@example.org" });
    db.close();
    const response = await rawRequest(port, post("/api/newsletter-signups", "application/json", body));
    expect(response.status, response.raw).toBe(500);
    expectSecurityHeaders(response, "500");
    expect(response.body).not.toMatch(/database|sqlite|stack/i);
  });
});

describe("resource policy", () => {
  it("closes everything on error answers", async () => {
    const response = await rawRequest(port, "GARBAGE\r\n\r\n");
    expect(response.headers["content-security-policy"]).toBe(resourceSecurityPolicy);
  });
});
