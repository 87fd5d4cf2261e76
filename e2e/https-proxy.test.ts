import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test } from "./support/fixtures";
import { rawGet, rawRequest } from "./support/raw-http";
import { freePort, startServer, type RunningServer } from "./support/server";

/**
 * The documented deployment, run for real: Debian's nginx with deploy/nginx.conf terminating TLS
 * (a certificate made here with openssl, signed by a throwaway authority), the server behind it
 * with HSTS=true and TRUST_PROXY=127.0.0.1, and the MDN HTTP Observatory's scanner against the
 * HTTPS origin. `scripts/ensure-nginx.sh` (run by `npm test` and CI) installs nginx when missing.
 */
const nginxBinary = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const buildDir = process.env.E2E_BUILD_DIR ?? "build";
const rateLimit = 5;

let dir: string;
let server: RunningServer;
let nginx: ChildProcess;
let httpsPort: number;
let httpPort: number;
let caFile: string;

/** A certificate authority and a certificate for localhost and 127.0.0.1 signed by it. */
function makeCertificates(into: string): { ca: string; cert: string; key: string } {
  const file = (name: string) => join(into, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=Lescours test authority",
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
  );
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", file("site.key"), "-out", file("site.csr"));
  writeFileSync(file("site.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
  openssl(
    "x509",
    "-req",
    "-in",
    file("site.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    file("site.ext"),
    "-out",
    file("site.pem"),
  );
  return { ca: file("ca.pem"), cert: file("site.pem"), key: file("site.key") };
}

/** deploy/nginx.conf with this test's ports, certificate and upstream; each value must be found. */
function siteConfig(values: { cert: string; key: string; upstream: number }): string {
  let config = readFileSync("deploy/nginx.conf", "utf8");
  const replace = (pattern: RegExp, by: string) => {
    expect(config, String(pattern)).toMatch(pattern);
    config = config.replace(pattern, by);
  };
  // IPv6 may be off on a test machine; the IPv4 lines stay.
  replace(/^\s*listen \[::\]:\d+.*$/gm, "");
  replace(/listen 80;/g, `listen 127.0.0.1:${httpPort};`);
  replace(/listen 443 ssl http2;/g, `listen 127.0.0.1:${httpsPort} ssl http2;`);
  replace(/\/etc\/letsencrypt\/live\/www\.example\.com\/fullchain\.pem/g, values.cert);
  replace(/\/etc\/letsencrypt\/live\/www\.example\.com\/privkey\.pem/g, values.key);
  replace(/server_name www\.example\.com;/g, "server_name localhost;");
  replace(/server 127\.0\.0\.1:3000;/g, `server 127.0.0.1:${values.upstream};`);
  return config;
}

/**
 * Resolves once nginx has opened its sockets: its master process logs "start worker process"
 * (at notice level, on the stderr it was given) after binding them. Rejects if it exits first.
 */
function nginxReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      log += chunk.toString("utf8");
      if (/start worker process/.test(log)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`nginx exited with ${code} (see ${dir}/error.log):\n${log}`)));
  });
}

// The tests share one nginx and one server: they run in order, in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  if (!existsSync(nginxBinary)) throw new Error(`nginx is missing: run "bash scripts/ensure-nginx.sh" (installs Debian's package)`);
  dir = mkdtempSync(join(tmpdir(), "lescours-https-"));
  const { ca, cert, key } = makeCertificates(dir);
  caFile = ca;
  [httpsPort, httpPort] = [await freePort(), await freePort()];
  server = await startServer({
    buildDir,
    env: { HSTS: "true", TRUST_PROXY: "127.0.0.1", RATE_LIMIT_MAX: String(rateLimit), SITE_URL: `https://localhost:${httpsPort}` },
  });
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, "lescours.conf"), siteConfig({ cert, key, upstream: Number(new URL(server.url).port) }));
  const main = `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
error_log stderr notice;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/lescours.conf;
}
`;
  writeFileSync(join(dir, "nginx.conf"), main);
  const check = spawnSync(nginxBinary, ["-t", "-c", join(dir, "nginx.conf"), "-p", dir], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t refused deploy/nginx.conf:\n${check.stderr}`);
  nginx = spawn(nginxBinary, ["-c", join(dir, "nginx.conf"), "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  await nginxReady(nginx);
});

test.afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((done) => nginx.once("exit", done));
    nginx.kill("SIGQUIT");
    await exited;
  }
  await server?.stop();
});

/** A request over HTTPS to nginx, trusting the test authority. */
function https(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port: httpsPort,
        path,
        method: options.method ?? "GET",
        ca: readFileSync(caFile),
        headers: { host: `localhost:${httpsPort}`, ...options.headers },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", fail);
    req.end(options.body);
  });
}

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
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile },
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
