import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Debian's nginx spreading plain-HTTP requests over two servers, for the browser tests' pair of
 * instances (./databases.ts): the upstreams of deploy/nginx-two.conf, without its TLS (the browser
 * tests run on http://127.0.0.1, as against one server; e2e/https-proxy.test.ts and the rolling
 * restart test run the deployed file itself). Every request of the site goes to the next instance
 * in turn, so a visitor's pages, forms and the API calls of one page land on both; the staff area
 * is chosen by the client's address, as deploy/nginx-two.conf chooses it.
 */
const nginxBinary = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export interface RunningBalancer {
  stop: () => Promise<void>;
}

export async function startBalancer(options: { port: number; upstreams: readonly number[] }): Promise<RunningBalancer> {
  if (!existsSync(nginxBinary)) throw new Error(`nginx is missing: run "bash scripts/ensure-nginx.sh" (installs Debian's package)`);
  const dir = mkdtempSync(join(tmpdir(), "lescours-balancer-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, sub));
  const servers = options.upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=2 fail_timeout=10s;`).join("\n");
  const config = `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream site {
${servers}
    keepalive 16;
    keepalive_timeout 8s;
  }
  upstream staff {
    hash $binary_remote_addr consistent;
${servers}
    keepalive 16;
    keepalive_timeout 8s;
  }
  map $uri $upstream_of_uri {
    ~^/admin(/|$) staff;
    default site;
  }
  server {
    listen 127.0.0.1:${options.port};
    server_tokens off;
    client_max_body_size 64m;
    location / {
      proxy_pass http://$upstream_of_uri;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 300s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
    }
  }
}
`;
  writeFileSync(join(dir, "nginx.conf"), config);
  const check = spawnSync(nginxBinary, ["-t", "-c", join(dir, "nginx.conf"), "-p", dir], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t refused the balancer's configuration:\n${check.stderr}`);
  const nginx = spawn(nginxBinary, ["-c", join(dir, "nginx.conf"), "-p", dir, "-g", "error_log stderr notice;"], { stdio: ["ignore", "ignore", "pipe"] });
  // Its socket is open once the master started a worker (it binds before it forks).
  await new Promise<void>((resolve, reject) => {
    let text = "";
    const exited = (code: number | null) => reject(new Error(`nginx exited with ${code} before it listened:\n${text}`));
    nginx.once("exit", exited);
    nginx.stderr!.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (/start worker process/.test(text)) {
        nginx.off("exit", exited);
        resolve();
      }
    });
  });
  const stop = async () => {
    if (nginx.exitCode !== null || nginx.signalCode !== null) return;
    const exited = new Promise((done) => nginx.once("exit", done));
    nginx.kill("SIGQUIT");
    await exited;
  };
  return { stop };
}
