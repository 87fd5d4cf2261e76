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
  /** A configuration's directives, without comments, blank lines, the upstream's servers and the retries. */
  const shared = (text: string) =>
    text
      .split("\n")
      .map((line) => line.replace(/#.*$/, "").trimEnd())
      .filter((line) => line.trim() !== "" && !/^\s*server \S+:\d+\b/.test(line) && !/^\s*proxy_next_upstream/.test(line));

  it("is deploy/nginx.conf but for its upstream of two and the retries, so a change to one is made to both", () => {
    expect(shared(two)).toEqual(shared(nginx));
  });

  it("sends to two servers, each left aside for a while after failing (passive health checks)", () => {
    const servers = [...two.matchAll(/^\s*server (\S+):(\d+) max_fails=(\d+) fail_timeout=(\d+)s;$/gm)];
    expect(servers).toHaveLength(2);
    expect(new Set(servers.map((server) => server[1])).size).toBe(2);
    for (const server of servers) expect(server[2]).toBe(String(defaults.PORT));
  });

  it("tries the other server for a request that failed, but never sends a POST twice (no non_idempotent)", () => {
    const retries = setting(two, /^\s*proxy_next_upstream ([^;]+);$/m).split(/\s+/);
    expect(retries).toEqual(["error", "timeout", "http_502", "http_503"]);
    expect(two).not.toMatch(/non_idempotent;/);
  });
});
