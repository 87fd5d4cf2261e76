import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "./support/fixtures";
import { nginxPorts, startNginx, type RunningNginx } from "./support/nginx";
import { rawGet, rawRequest } from "./support/raw-http";
import { startServer, type RunningServer } from "./support/server";

/**
 * The documented deployment, run for real: Debian's nginx with deploy/nginx.conf terminating TLS
 * (./support/nginx.ts), the server behind it with HSTS=true and TRUST_PROXY=127.0.0.1, and the MDN
 * HTTP Observatory's scanner against the HTTPS origin. The whole install, from a copy of the
 * project under the systemd unit's settings, is rehearsed by ./deployment-rehearsal.test.ts.
 */
const buildDir = process.env.E2E_BUILD_DIR ?? "build";
const rateLimit = 5;

let server: RunningServer;
let nginx: RunningNginx;
let httpsPort: number;
let httpPort: number;

// The tests share one nginx and one server: they run in order, in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  const ports = await nginxPorts();
  ({ httpsPort, httpPort } = ports);
  // deploy/nginx.conf is the one-machine deployment: in front of one server, on SQLite, as it deploys it.
  server = await startServer({
    buildDir,
    database: "sqlite",
    env: { HSTS: "true", TRUST_PROXY: "127.0.0.1", RATE_LIMIT_MAX: String(rateLimit), SITE_URL: `https://localhost:${httpsPort}` },
  });
  nginx = await startNginx({ upstream: Number(new URL(server.url).port), ports });
});

test.afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
});

/** A request over HTTPS to nginx, trusting the test authority. */
const https = (...args: Parameters<RunningNginx["https"]>) => nginx.https(...args);

interface ObservatoryTest {
  pass: boolean | null;
  result: string | null;
  scoreModifier: number;
}
interface ObservatoryResult {
  scan: { grade: string; score: number; statusCode: number; testsQuantity: number; testsPassed: number };
  tests: Record<string, ObservatoryTest>;
}

/**
 * The scanner runs in its own Node process, which trusts the test authority (NODE_EXTRA_CA_CERTS
 * is read at start-up only). It is given `localhost:port`: it fetches http:// and https:// on that
 * port, so nginx's redirect of plain HTTP on its HTTPS port is what the redirection test sees.
 */
function scanHttps(): ObservatoryResult {
  const script = `import("@mdn/mdn-http-observatory").then(async ({ scan }) => process.stdout.write(JSON.stringify(await scan(process.argv[1]))))`;
  const result = spawnSync(process.execPath, ["-e", script, `localhost:${httpsPort}`], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: nginx.caFile },
    encoding: "utf8",
    cwd: resolve("."),
    // A last resort only: the scan takes seconds; a process that hangs is ended before the test's own limit.
    timeout: 150_000,
  });
  if (result.status !== 0) throw new Error(`the scan failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as ObservatoryResult;
}

test.describe("behind nginx over HTTPS (deploy/nginx.conf)", () => {
  test("redirects http:// to https:// on the same host, both on port 80 and on the HTTPS port", async () => {
    const plain = await rawRequest(httpPort, rawGet("/fr/shop?x=1"));
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe("https://localhost/fr/shop?x=1");
    const wrongPort = await rawRequest(httpsPort, rawGet("/fr/shop"));
    expect(wrongPort.status).toBe(301);
    expect(wrongPort.headers.location).toBe(`https://localhost:${httpsPort}/fr/shop`);
  });

  test("serves the pages with the server's headers, HSTS included, and byte ranges of the video", async () => {
    const page = await https("/fr/shop", { headers: { "accept-encoding": "br" } });
    expect(page.status).toBe(200);
    expect(page.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(page.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers.server).toBe("nginx");
    const video = readdirSync(join(buildDir, "client/media")).find((name) => name.endsWith(".mp4"));
    expect(video).toBeDefined();
    const range = await https(`/media/${video}`, { headers: { range: "bytes=0-99" } });
    expect(range.status).toBe(206);
    expect(range.headers["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
  });

  test("answers /healthz to this machine (the configuration refuses it to any other address)", async () => {
    const health = await https("/healthz");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: "ok" });
  });

  test("counts the address nginx saw, so a forged X-Forwarded-For cannot dodge the rate limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < rateLimit + 5; i++) {
      const response = await https("/api/contact-messages", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
        body: JSON.stringify({
          language: "en",
          page: "/contact",
          name: "Alex Smith",
          email: "alex@example.com",
          subject: "Visit",
          message: "Could we visit in June?",
        }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(rateLimit).fill(201), ...Array(5).fill(429)]);
  });

  test("passes all ten tests of the MDN HTTP Observatory over HTTPS", () => {
    test.setTimeout(180_000);
    const { scan, tests } = scanHttps();
    const outcome = Object.fromEntries(Object.entries(tests).map(([name, test]) => [name, `${test.pass ? "pass" : "FAIL"} ${test.result}`]));
    expect(scan.testsQuantity).toBe(10);
    expect(Object.keys(tests)).toHaveLength(10);
    expect(
      Object.values(outcome).filter((line) => line.startsWith("FAIL")),
      JSON.stringify(outcome, null, 2),
    ).toEqual([]);
    // The results themselves, not only "pass".
    expect(tests.redirection?.result).toBe("redirection-to-https");
    expect(tests["strict-transport-security"]?.result).toBe("hsts-implemented-max-age-at-least-six-months");
    expect(tests["content-security-policy"]?.result).toMatch(/^csp-implemented-with-(no-unsafe|unsafe-inline-in-style-src-only)$/);
    expect(tests["x-frame-options"]?.result).toBe("x-frame-options-implemented-via-csp");
    expect(tests["cross-origin-resource-policy"]?.result).toBe("corp-implemented-with-same-origin");
    expect(Object.values(tests).filter((test) => test.scoreModifier < 0)).toEqual([]);
    expect(scan.grade).toBe("A+");
    // Printed for docs/security.md, which records the measured results.
    console.log(`Observatory over HTTPS: ${scan.grade} (${scan.score}), ${scan.testsPassed}/${scan.testsQuantity}\n${JSON.stringify(outcome, null, 2)}`);
  });
});
