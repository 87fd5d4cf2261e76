import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";

/** The deployment files in deploy/ must agree with the server's own defaults. */
const defaults = parseConfig({});
const unit = readFileSync("deploy/lescours.service", "utf8");
const nginx = readFileSync("deploy/nginx.conf", "utf8");
const setting = (text: string, pattern: RegExp) => {
  const match = pattern.exec(text);
  expect(match, String(pattern)).not.toBeNull();
  return match![1]!;
};

describe("deploy/lescours.service", () => {
  it("runs node itself on the server, so systemd's SIGTERM reaches it, and waits longer than the graceful shutdown", () => {
    // The server compiled ahead (npm run build writes build-server/): no TypeScript loader in production.
    expect(setting(unit, /^ExecStart=(.+)$/m)).toMatch(/^\/usr\/bin\/node build-server\/main\.js$/);
    expect(setting(unit, /^KillSignal=(.+)$/m)).toBe("SIGTERM");
    expect(Number(setting(unit, /^TimeoutStopSec=(\d+)$/m)) * 1000).toBeGreaterThan(defaults.SHUTDOWN_TIMEOUT_MS + 1000);
    expect(Number(setting(unit, /^LimitNOFILE=(\d+)$/m))).toBeGreaterThan(defaults.MAX_CONNECTIONS);
  });

  it("limits glibc's allocator to two arenas, so memory comes back after large uploads (docs/benchmarks.md, bench:upload-memory)", () => {
    expect(setting(unit, /^Environment=MALLOC_ARENA_MAX=(\d+)$/m)).toBe("2");
  });

  it.runIf(existsSync("/usr/bin/systemd-analyze"))("passes systemd-analyze verify", () => {
    const result = spawnSync("systemd-analyze", ["verify", "deploy/lescours.service"], { encoding: "utf8" });
    // A missing `lescours` user on this machine is the only complaint allowed.
    const complaints = `${result.stdout}${result.stderr}`.split("\n").filter((line) => line.trim() && !/lescours.*user|User=/i.test(line));
    expect(complaints).toEqual([]);
  });
});

describe("deploy/nginx.conf", () => {
  it("closes idle upstream connections before the server does, and lets the API's bodies through", () => {
    const upstreamIdle = Number(setting(nginx, /keepalive_timeout (\d+)s;/)) * 1000;
    expect(upstreamIdle).toBeLessThan(defaults.KEEP_ALIVE_TIMEOUT_MS);
    expect(Number(setting(nginx, /client_max_body_size (\d+)k;/)) * 1024).toBeGreaterThanOrEqual(16 * 1024);
    expect(setting(nginx, /server 127\.0\.0\.1:(\d+);/)).toBe(String(defaults.PORT));
  });

  it("replaces the client's X-Forwarded-For with the address it saw, the one hop TRUST_PROXY=127.0.0.1 trusts", () => {
    expect(setting(nginx, /proxy_set_header X-Forwarded-For (\S+);/)).toBe("$remote_addr");
  });
});

describe("deploy/nginx-two.conf", () => {
  const two = readFileSync("deploy/nginx-two.conf", "utf8");
  /**
   * A configuration's directives, without comments, blank lines, upstreams and maps (which say
   * where requests go), the retries, and with the site's requests sent to `lescours` whichever
   * upstream a map chooses.
   */
  const shared = (text: string) =>
    text
      .replace(/#.*$/gm, "")
      .replace(/^(upstream|map) [^{]*\{[^}]*\}/gm, "")
      .replace("proxy_pass http://$lescours_upstream;", "proxy_pass http://lescours;")
      .split("\n")
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== "" && !/^\s*proxy_next_upstream/.test(line));

  it("is deploy/nginx.conf but for its upstreams of two and the retries, so a change to one is made to both", () => {
    expect(shared(two)).toEqual(shared(nginx));
  });

  it("sends to two servers, each left aside for a while after failing (passive health checks), the staff area's requests of one address to one of them", () => {
    const upstream = (name: string) => setting(two, new RegExp(`^upstream ${name} \\{([^}]*)\\}`, "m"));
    const servers = (name: string) => [...upstream(name).matchAll(/^\s*server (\S+):(\d+) max_fails=(\d+) fail_timeout=(\d+)s;$/gm)];
    expect(servers("lescours")).toHaveLength(2);
    expect(new Set(servers("lescours").map((server) => server[1])).size).toBe(2);
    for (const server of servers("lescours")) expect(server[2]).toBe(String(defaults.PORT));
    // The staff area's upstream: the same two machines, one chosen by the client's address.
    expect(servers("lescours_staff").map((server) => server[0].trim())).toEqual(servers("lescours").map((server) => server[0].trim()));
    expect(upstream("lescours_staff")).toMatch(/^\s*hash \$binary_remote_addr consistent;$/m);
    expect(setting(two, /^\s*~\^\/admin\(\/\|\$\) (\S+);$/m)).toBe("lescours_staff");
    expect(setting(two, /^\s*default (\S+);$/m)).toBe("lescours");
  });

  it("tries the other server for a request that failed, but never sends a POST twice (no non_idempotent)", () => {
    const retries = setting(two, /^\s*proxy_next_upstream ([^;]+);$/m).split(/\s+/);
    expect(retries).toEqual(["error", "timeout", "http_502", "http_503"]);
    expect(two).not.toMatch(/non_idempotent;/);
  });
});
