/**
 * `npm run bench:load`: the whole server under mixed load, and its static serving next to nginx.
 *
 * 1. Mixed load: autocannon drives pages and assets (one instance) and the form API (another)
 *    at the same time against the real server (`server/main.ts` as a child process, a fresh
 *    DATA_DIR, rate limit off, no mail), for BENCH_DURATION seconds (default 20). Every 201 must
 *    have left its row in the database.
 * 2. Static serving, in the same run: the same page and the same hashed asset from our server
 *    and from nginx (Debian's package; installed with apt-get when missing) started on a free
 *    loopback port with a generated configuration whose root is build/client with gzip_static
 *    on, both asked for gzip so both send the same precompressed bytes, and a byte range of the
 *    plain page; alternating rounds, medians kept. nginx is stopped after.
 *
 * Writes the figures with the machine and date between the `bench:load` markers of
 * docs/benchmarks.md; other sections are left as they are. Needs `npm run build`.
 * Options (environment): BENCH_DURATION (s, default 20), BENCH_STATIC_DURATION (s per run, default 5),
 * BENCH_STATIC_ROUNDS (3),
 * BENCH_PAGE_CONNECTIONS (16), BENCH_API_CONNECTIONS (8), BENCH_STATIC_CONNECTIONS (20),
 * NGINX_WORKERS (1: the Node server is one process too), BUILD_DIR (build).
 */
import "./scratch";
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, relative, resolve } from "node:path";
import { freePort, startServer } from "../e2e/support/server";
import { openDatabase } from "../server/db/database";
import { autocannon, autocannonVersion, type AutocannonRequest, type AutocannonResult } from "./autocannon";
import { writeBenchmarkSection } from "./benchmarks-doc";

const duration = Number(process.env.BENCH_DURATION ?? 20);
const staticDuration = Number(process.env.BENCH_STATIC_DURATION ?? 5);
const staticRounds = Number(process.env.BENCH_STATIC_ROUNDS ?? 3);
const pageConnections = Number(process.env.BENCH_PAGE_CONNECTIONS ?? 16);
const apiConnections = Number(process.env.BENCH_API_CONNECTIONS ?? 8);
const staticConnections = Number(process.env.BENCH_STATIC_CONNECTIONS ?? 20);
const nginxWorkers = process.env.NGINX_WORKERS ?? "1";
const buildDir = resolve(process.env.BUILD_DIR ?? "build");
const clientDir = join(buildDir, "client");
const docPath = "docs/benchmarks.md";
const start = "<!-- bench:load:start -->";
const end = "<!-- bench:load:end -->";

/* ----- what is requested ----- */

const pages = ["/", "/fr/shop", "/shop/chateau-2020", "/ja/story", "/es/wine-tours", "/zh/news", "/contact", "/fr/become-importer", "/events", "/villa"];

/** Every /assets/ file a page's HTML names in src or href. */
function assetsOf(page: string): string[] {
  const html = readFileSync(join(clientDir, page === "/" ? "" : page, "index.html"), "utf8");
  return [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css|avif|webp|jpe?g|png|woff2))"/g)].map((match) => match[1]!))];
}

const sizeOf = (path: string) => statSync(join(clientDir, path)).size;

/** What a browser fetches for a page besides its HTML, in short: its stylesheet, two largest scripts and first image. */
function pageFiles(page: string): string[] {
  const assets = assetsOf(page);
  const scripts = assets.filter((path) => path.endsWith(".js")).sort((a, b) => sizeOf(b) - sizeOf(a));
  const images = assets.filter((path) => /\.(avif|webp|jpe?g|png)$/.test(path));
  return [...assets.filter((path) => path.endsWith(".css")), ...scripts.slice(0, 2), ...images.slice(0, 1)];
}

const forms = {
  "/api/contact-messages": {
    language: "fr",
    page: "/fr/contact",
    name: "Camille Martin",
    email: "camille@example.org",
    subject: "Visite privée",
    message: "Bonjour, nous aimerions organiser une visite et une dégustation pour six personnes en juin. Merci !",
  },
  "/api/tour-bookings": {
    language: "en",
    page: "/wine-tours",
    name: "Alex Smith",
    email: "alex@example.com",
    guests: 4,
    date: "2027-06-12",
    package: "both",
  },
  "/api/importer-applications": {
    language: "zh",
    page: "/zh/become-importer",
    companyName: "上海酒业有限公司",
    contactName: "王伟",
    email: "wang@example.cn",
    phone: "+86 21 5555 0000",
    country: "China",
    experience: "12",
  },
} as const;
const tables: Record<keyof typeof forms, string> = {
  "/api/contact-messages": "contact_messages",
  "/api/tour-bookings": "tour_bookings",
  "/api/importer-applications": "importer_applications",
};

/* ----- nginx ----- */

function nginxBinary(): string {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"]) if (existsSync(candidate)) return candidate;
  console.log("nginx is missing: installing Debian's package (apt-get install -y nginx)…");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    execFileSync(sudo[0] ?? "apt-get", [...(sudo.length ? ["apt-get"] : []), "install", "-y", "-qq", "--no-install-recommends", "nginx"], {
      env,
      stdio: "inherit",
    });
  try {
    install();
  } catch {
    execFileSync(sudo[0] ?? "apt-get", [...(sudo.length ? ["apt-get"] : []), "update", "-qq"], { env, stdio: "inherit" });
    install();
  }
  if (!existsSync("/usr/sbin/nginx")) throw new Error("nginx could not be installed");
  return "/usr/sbin/nginx";
}

function nginxVersion(binary: string): string {
  // nginx prints its version on stderr.
  const { stdout, stderr } = spawnSync(binary, ["-v"], { encoding: "utf8" });
  return /nginx\/([\d.]+)/.exec(`${stdout}${stderr}`)?.[1] ?? "unknown";
}

function mimeTypesInclude(): string {
  return existsSync("/etc/nginx/mime.types")
    ? "include /etc/nginx/mime.types;"
    : "types { text/html html; text/css css; text/javascript js; image/avif avif; image/webp webp; image/jpeg jpg; font/woff2 woff2; }";
}

/** Starts nginx in the foreground on a free loopback port, serving build/client; resolves once it answers. */
async function startNginx(binary: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "lescours-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, sub));
  const user = process.getuid?.() === 0 ? "user root;" : "";
  const config = `# Generated by bench/load.ts: static files of ${clientDir}, like server/static-files.ts.
${user}
worker_processes ${nginxWorkers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  ${mimeTypesInclude()}
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 75s;
  keepalive_requests 1000000;
  open_file_cache max=2000 inactive=60s;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${clientDir};
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / {
      add_header Cache-Control "no-cache";
      try_files $uri $uri/index.html =404;
    }
  }
}
`;
  const configPath = join(dir, "nginx.conf");
  writeFileSync(configPath, config);
  const child: ChildProcess = spawn(binary, ["-c", configPath, "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} (configuration in ${configPath})`);
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("nginx did not start within 10 s");
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGQUIT");
      }),
  };
}

/** The status, encoding and size of an answer, undecoded. */
function probe(url: string, encoding: string, extra: Record<string, string> = {}): Promise<{ status: number; encoding: string; bytes: number }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { "accept-encoding": encoding, ...extra } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => done({ status: res.statusCode ?? 0, encoding: String(res.headers["content-encoding"] ?? "identity"), bytes }));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

/* ----- the run ----- */

const fmt = (n: number) => Math.round(n).toLocaleString("en");
const failures = (r: AutocannonResult) => r.non2xx + r.errors + r.timeouts;
const row = (what: string, r: AutocannonResult, note: string) =>
  `| ${what} | ${fmt(r.requests.average)} | ${(r.throughput.average / 1024 / 1024).toFixed(1)} MB/s | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.latency.max} ms | ${failures(r)} | ${note} |`;

async function main() {
  if (!existsSync(join(buildDir, "build-info.json"))) {
    console.error(`No built site in ${buildDir}: run "npm run build" first.`);
    process.exit(1);
  }
  const nginx = nginxBinary();
  const load = loadavg()[0]!.toFixed(2);
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-bench-load-"));
  const server = await startServer({ buildDir, dataDir, env: { RATE_LIMIT_MAX: "0", SMTP_URL: "", LOG_LEVEL: "warn" } });
  let nginxServer: Awaited<ReturnType<typeof startNginx>> | null = null;
  try {
    const pageRequests: AutocannonRequest[] = pages.flatMap((page) => [{ path: page }, ...pageFiles(page).map((path) => ({ path }))]);
    const apiRequests: AutocannonRequest[] = Object.entries(forms).map(([path, body]) => ({
      method: "POST",
      path,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }));
    const count = () => {
      const db = openDatabase(dataDir, { readonly: true });
      try {
        return Object.values(tables).reduce((sum, table) => sum + (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n, 0);
      } finally {
        db.close();
      }
    };
    const settle = () => new Promise((done) => setTimeout(done, 500));

    console.log("warming up (3 s)…");
    await Promise.all([
      autocannon({ url: server.url, connections: pageConnections, duration: 3, headers: { "accept-encoding": "br, gzip" }, requests: pageRequests }),
      autocannon({ url: server.url, connections: apiConnections, duration: 3, requests: apiRequests }),
    ]);
    await settle();

    console.log(`mixed load: ${pageConnections} connections on ${pageRequests.length} page and asset URLs, ${apiConnections} on the API, ${duration} s…`);
    const before = count();
    const [mixedPages, mixedApi] = await Promise.all([
      autocannon({ url: server.url, connections: pageConnections, duration, headers: { "accept-encoding": "br, gzip" }, requests: pageRequests }),
      autocannon({ url: server.url, connections: apiConnections, duration, requests: apiRequests }),
    ]);
    await settle();
    const stored = count() - before;
    const acknowledged = mixedApi["2xx"];
    // autocannon drops answers still in flight when time is up: a few more rows than 201s is expected.
    if (stored < acknowledged || stored > acknowledged + apiConnections) throw new Error(`${acknowledged} answered 201 but ${stored} rows were stored`);

    // Static serving, same files, same encoding, one server after the other.
    nginxServer = await startNginx(nginx);
    const page = "/fr/shop";
    // The home page's largest script: the framework chunk every page loads.
    const asset = assetsOf("/")
      .filter((path) => path.endsWith(".js"))
      .sort((a, b) => sizeOf(b) - sizeOf(a))[0];
    if (!asset) throw new Error("no script asset found in build/client/index.html");
    const gzipKb = (path: string) => (statSync(join(clientDir, path === page ? `${page}/index.html.gz` : `${path}.gz`)).size / 1024).toFixed(0);
    // A whole-file GET is answered from memory; a request for a byte range goes through
    // @fastify/static, which reads the file (docs/architecture.md): both are measured.
    // nginx serves no ranges of a gzip_static file, so the range is asked of the plain file.
    const plainKb = (statSync(join(clientDir, `${page}/index.html`)).size / 1024).toFixed(0);
    const cases: { what: string; path: string; encoding: string; extra: Record<string, string> }[] = [
      { what: `\`GET ${page}\` (HTML, ${gzipKb(page)} KB gzip)`, path: page, encoding: "gzip", extra: {} },
      { what: `\`GET ${asset}\` (framework script, ${gzipKb(asset)} KB gzip)`, path: asset, encoding: "gzip", extra: {} },
      {
        what: `\`GET ${page}\` with \`Range: bytes=0-\` (HTML, ${plainKb} KB plain, 206: read from disk through @fastify/static)`,
        path: page,
        encoding: "identity",
        extra: { range: "bytes=0-" },
      },
    ];
    for (const { path, encoding, extra } of cases) {
      const ours = await probe(`${server.url}${path}`, encoding, extra);
      const theirs = await probe(`${nginxServer.url}${path}`, encoding, extra);
      if (ours.status !== theirs.status || ours.encoding !== encoding || theirs.encoding !== encoding || ours.bytes !== theirs.bytes) {
        throw new Error(`${path}: the two servers do not send the same file (ours ${JSON.stringify(ours)}, nginx ${JSON.stringify(theirs)})`);
      }
    }
    const staticRun = (url: string, path: string, encoding: string, extra: Record<string, string>) =>
      autocannon({ url: `${url}${path}`, connections: staticConnections, duration: staticDuration, headers: { "accept-encoding": encoding, ...extra } });
    // Rounds alternate which server goes first, and the medians are kept: other jobs on these
    // cores come and go within seconds, and one long run each would measure them as much as the servers.
    const ourName = "this server (Node, 1 process)";
    const nginxName = `nginx ${nginxVersion(nginx)} (${nginxWorkers} worker${nginxWorkers === "1" ? "" : "s"})`;
    const results: { what: string; server: string; result: AutocannonResult; rates: number[] }[] = [];
    const ratios = new Map<string, number[]>();
    for (const { what, path, encoding, extra } of cases) {
      console.log(`static ${what}: ${staticRounds} rounds of our server and nginx, ${staticConnections} connections, ${staticDuration} s each…`);
      const runs: { ours: AutocannonResult; theirs: AutocannonResult }[] = [];
      for (let round = 0; round < staticRounds; round++) {
        if (round % 2 === 0) {
          const ours = await staticRun(server.url, path, encoding, extra);
          runs.push({ ours, theirs: await staticRun(nginxServer.url, path, encoding, extra) });
        } else {
          const theirs = await staticRun(nginxServer.url, path, encoding, extra);
          runs.push({ ours: await staticRun(server.url, path, encoding, extra), theirs });
        }
      }
      ratios.set(
        what,
        runs.map((run) => run.ours.requests.average / run.theirs.requests.average),
      );
      for (const [name, side] of [
        [ourName, "ours"],
        [nginxName, "theirs"],
      ] as const) {
        const sorted = runs.map((run) => run[side]).sort((a, b) => a.requests.average - b.requests.average);
        results.push({ what, server: name, result: sorted[Math.floor(sorted.length / 2)]!, rates: runs.map((run) => run[side].requests.average) });
      }
    }

    const machine = {
      cores: availableParallelism(),
      cpu: cpus()[0]?.model.trim() ?? "unknown",
      memory: `${Math.round(totalmem() / 1024 ** 3)} GB`,
      node: process.version,
      date: new Date().toISOString().slice(0, 10),
    };
    /** The median of the rounds' ratios of our rate to nginx's. */
    const ratio = (what: string) => {
      const sorted = [...(ratios.get(what) ?? [])].sort((a, b) => a - b);
      return sorted.length ? sorted[Math.floor(sorted.length / 2)]!.toFixed(2) : "?";
    };
    const section = [
      start,
      "## Pages and API together, and static serving next to nginx (`npm run bench:load`)",
      "",
      `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), ${machine.memory}, Node ${machine.node}, autocannon ${autocannonVersion},`,
      `on loopback against the real server (\`server/main.ts\` as a child process, the production build in \`${relative(process.cwd(), buildDir)}/\`, a fresh \`DATA_DIR\`, rate limit`,
      `off, no mail). The load generator runs on the same cores; the 1-minute load average was ${load} before the run (other jobs`,
      "share this machine: compare runs made at a similar load).",
      "",
      `**Mixed load**, ${duration} s after a 3 s warm-up: ${pageConnections} connections cycling through ${pages.length} prerendered pages in five`,
      `languages, each followed by its stylesheet, two largest scripts and first image (${pageRequests.length} URLs, \`accept-encoding: br, gzip\`), while ${apiConnections}`,
      "other connections post the contact, tour and importer forms in turn.",
      "",
      "| traffic | requests/s | throughput | p50 | p99 | max | errors / non-2xx | notes |",
      "|---|---|---|---|---|---|---|---|",
      row("pages and assets", mixedPages, `${fmt(mixedPages.requests.total)} answers`),
      row("form API (`POST`)", mixedApi, `${fmt(acknowledged)} answered 201, ${fmt(stored)} new rows: each durable before its answer`),
      "",
      `**Static serving**, same run, ${staticConnections} connections, ${staticRounds} rounds of ${staticDuration} s per server, each round alternating which`,
      "server goes first; the table shows each server's median round (its rates in all rounds in the last column) and the",
      "ratios below are medians of the rounds' ratios. Asked with `accept-encoding: gzip` so both send the same",
      "precompressed `.gz` file (same status, encoding and size checked before measuring). The range request asks for the whole",
      "plain file (nginx serves no ranges of a precompressed one), so both answer 206 with it. nginx is Debian's package with a generated",
      "configuration (`root build/client`, `gzip_static on`, `sendfile`, `open_file_cache`, access log off), started on a free",
      "loopback port and stopped afterwards. Our server also computes each page's Content-Security-Policy and sends the security",
      "headers; nginx sends none.",
      "",
      "| request | server | requests/s | throughput | p50 | p99 | max | errors / non-2xx | every round |",
      "|---|---|---|---|---|---|---|---|---|",
      ...results.map(
        ({ what, server: name, result: r, rates }) =>
          `| ${what} | ${name} | ${fmt(r.requests.average)} | ${(r.throughput.average / 1024 / 1024).toFixed(1)} MB/s | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.latency.max} ms | ${failures(r)} | ${rates.map(fmt).join(", ")} |`,
      ),
      "",
      `This server reached ${ratio(results[0]!.what)}× nginx's request rate on the page, ${ratio(results[2]!.what)}× on the script asset and ${ratio(results[4]!.what)}× on the page's byte range in this run` +
        " (whole files come from memory, ranges and revalidations through @fastify/static from disk: see docs/architecture.md)." +
        (Math.abs(Number(ratio(results[2]!.what)) - 1) < 0.05
          ? " For the large script both moved about the same bytes per second: at that size the load generator, on the same cores, is the limit rather than either server."
          : ""),
      end,
    ].join("\n");

    // Re-read right before writing: other scripts write other sections of this file.
    writeBenchmarkSection(docPath, section, { start, end });
    console.log(`\n${section}\n\nwritten to ${docPath}`);
  } finally {
    await nginxServer?.stop();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
