import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./server";

/**
 * Debian's nginx with the project's deploy/nginx.conf in front of a server, as docs/deployment.md
 * (section 3) sets it up: TLS with a certificate made here with openssl, signed by a throwaway
 * authority, for localhost and 127.0.0.1. `scripts/ensure-nginx.sh` (run by `npm test` and CI)
 * installs nginx when missing. Used by e2e/https-proxy.test.ts and e2e/deployment-rehearsal.test.ts,
 * and with deploy/nginx-two.conf by server/__tests__/rolling-restart.integration.test.ts; both by bench/instances.ts.
 */
const nginxBinary = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** An answer over HTTPS, as a client trusting the test authority gets it. */
export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RunningNginx {
  httpsPort: number;
  httpPort: number;
  /** The test authority's certificate, for clients that must trust it (NODE_EXTRA_CA_CERTS). */
  caFile: string;
  /** nginx's folder (its configuration and error log). */
  dir: string;
  /** A request over HTTPS to nginx, trusting the test authority. */
  https: (path: string, options?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<HttpsAnswer>;
  /**
   * Changes the site's configuration as an operator edits their copy (`edit` gets its text and
   * returns the new one) and reloads nginx as `systemctl reload nginx` does (SIGHUP); resolves once
   * the new worker runs and the old ones, done with the requests they had, have exited.
   */
  reload: (edit: (config: string) => string) => Promise<void>;
  stop: () => Promise<void>;
}

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

/**
 * deploy/nginx.conf (or deploy/nginx-two.conf) with these ports, certificate and upstreams (one
 * port for each machine its upstreams name, in order); each value replaced must be found.
 */
function siteConfig(file: string, values: { cert: string; key: string; upstream: number | readonly number[]; httpPort: number; httpsPort: number }): string {
  let config = readFileSync(file, "utf8");
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(config)) throw new Error(`deploy/nginx.conf no longer has ${String(pattern)}: the tests that run it must learn its new shape`);
    config = config.replace(pattern, by);
  };
  // IPv6 may be off on a test machine; the IPv4 lines stay.
  replace(/^\s*listen \[::\]:\d+.*$/gm, "");
  replace(/listen 80;/g, `listen 127.0.0.1:${values.httpPort};`);
  replace(/listen 443 ssl http2;/g, `listen 127.0.0.1:${values.httpsPort} ssl http2;`);
  replace(/\/etc\/letsencrypt\/live\/www\.example\.com\/fullchain\.pem/g, values.cert);
  replace(/\/etc\/letsencrypt\/live\/www\.example\.com\/privkey\.pem/g, values.key);
  replace(/server_name www\.example\.com;/g, "server_name localhost;");
  // Each machine of the upstreams (in the order they first appear) becomes one of the test's servers.
  const upstreams = typeof values.upstream === "number" ? [values.upstream] : values.upstream;
  const machines = [...new Set([...config.matchAll(/^\s*server (\S+:3000)\b/gm)].map((match) => match[1]!))];
  if (machines.length !== upstreams.length) throw new Error(`${file} has ${machines.length} upstream machines, the test gave ${upstreams.length} ports`);
  config = config.replace(
    /^(\s*server )(\S+:3000)\b/gm,
    (_line, start: string, machine: string) => `${start}127.0.0.1:${upstreams[machines.indexOf(machine)]!}`,
  );
  return config;
}

/**
 * nginx's master process's notices (on the stderr it was given): which workers it started
 * ("start worker process <pid>", after binding its sockets) and which have exited.
 */
class MasterLog {
  private text = "";
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
  ) {
    child.stderr!.on("data", (chunk: Buffer) => {
      this.text += chunk.toString("utf8");
      for (const check of this.waiting) check();
    });
  }

  /** The workers started so far, and those that have exited. */
  workers(): { started: number[]; exited: Set<number> } {
    const pids = (pattern: RegExp) => [...this.text.matchAll(pattern)].map((match) => Number(match[1]));
    return { started: pids(/start worker process (\d+)/g), exited: new Set(pids(/worker process (\d+) exited/g)) };
  }

  /** Resolves when `done` holds; rejects if nginx exits first. */
  until(done: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const exited = (code: number | null) => {
        this.waiting.delete(check);
        reject(new Error(`nginx exited with ${code} (see ${this.dir}/error.log):\n${this.text}`));
      };
      const check = () => {
        if (!done()) return;
        this.waiting.delete(check);
        this.child.off("exit", exited);
        resolve();
      };
      this.waiting.add(check);
      this.child.once("exit", exited);
      check();
    });
  }
}

/**
 * The ports nginx will listen on, chosen before the server starts (its SITE_URL names the HTTPS
 * one). Then `startNginx` in front of the server's port.
 */
export async function nginxPorts(): Promise<{ httpsPort: number; httpPort: number }> {
  return { httpsPort: await freePort(), httpPort: await freePort() };
}

/** Starts nginx with `config` (deploy/nginx.conf by default) in front of the server on `upstream`. */
export async function startNginx(options: {
  /** The server's port, or one per machine of the configuration's upstreams. */
  upstream: number | readonly number[];
  ports: { httpsPort: number; httpPort: number };
  config?: string;
  /** nginx's worker processes: one by default (a test's traffic is light); `auto`, one per core, as Debian's own nginx.conf sets it. */
  workerProcesses?: number | "auto";
}): Promise<RunningNginx> {
  if (!existsSync(nginxBinary)) throw new Error(`nginx is missing: run "bash scripts/ensure-nginx.sh" (installs Debian's package)`);
  const dir = mkdtempSync(join(tmpdir(), "lescours-nginx-"));
  const { ca, cert, key } = makeCertificates(dir);
  const { httpsPort, httpPort } = options.ports;
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, "lescours.conf"), siteConfig(options.config ?? "deploy/nginx.conf", { cert, key, upstream: options.upstream, httpPort, httpsPort }));
  const main = `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes ${options.workerProcesses ?? 1};
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
  const nginx = spawn(nginxBinary, ["-c", join(dir, "nginx.conf"), "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  const log = new MasterLog(nginx, dir);
  // Its sockets are open once it started a worker.
  await log.until(() => log.workers().started.length > 0);
  const https: RunningNginx["https"] = (path, requestOptions = {}) =>
    new Promise((done, fail) => {
      const req = request(
        {
          host: "127.0.0.1",
          servername: "localhost",
          port: httpsPort,
          path,
          method: requestOptions.method ?? "GET",
          ca: readFileSync(ca),
          headers: { host: `localhost:${httpsPort}`, ...requestOptions.headers },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
          res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on("error", fail);
      req.end(requestOptions.body);
    });
  const stop = async () => {
    if (nginx.exitCode !== null || nginx.signalCode !== null) return;
    const exited = new Promise((done) => nginx.once("exit", done));
    nginx.kill("SIGQUIT");
    await exited;
  };
  const reload = async (edit: (config: string) => string) => {
    const site = join(dir, "lescours.conf");
    writeFileSync(site, edit(readFileSync(site, "utf8")));
    // As `nginx -t && systemctl reload nginx`: a configuration nginx would refuse is not sent.
    const checked = spawnSync(nginxBinary, ["-t", "-c", join(dir, "nginx.conf"), "-p", dir], { encoding: "utf8" });
    if (checked.status !== 0) throw new Error(`nginx -t refused the edited configuration:\n${checked.stderr}`);
    const before = log.workers();
    const old = before.started.filter((pid) => !before.exited.has(pid));
    nginx.kill("SIGHUP");
    await log.until(() => {
      const now = log.workers();
      return now.started.length > before.started.length && old.every((pid) => now.exited.has(pid));
    });
  };
  return { httpsPort, httpPort, caFile: ca, dir, https, reload, stop };
}
