import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config";
import { buildTestServer, closedAfterEachTest, validPayloads } from "./support/fixtures";

/**
 * TRUST_PROXY=true trusted every hop, so a client that wrote its own X-Forwarded-For
 * picked its address and escaped the rate limit (30 × 201 against a limit of 10). TRUST_PROXY now
 * names the proxy (addresses, CIDRs) or a hop count behind a loopback-only listener.
 */
const { apps } = closedAfterEachTest();
async function server(env: Record<string, string>) {
  const app = await buildTestServer({ RATE_LIMIT_MAX: "10", RATE_LIMIT_WINDOW_MS: "60000", ...env });
  apps.add(app);
  return app;
}

/** 30 submissions from one connection address, each with a different forged X-Forwarded-For. */
async function spoofingClient(app: FastifyInstance, options: { from: string; forwarded: (i: number) => string }): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    const response = await app.inject({
      method: "POST",
      url: "/api/contact-messages",
      remoteAddress: options.from,
      headers: { "content-type": "application/json", "x-forwarded-for": options.forwarded(i) },
      payload: validPayloads.contactMessage,
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}
const limitHeld = (statuses: number[]) => {
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
  expect(statuses.slice(10)).toEqual(Array(20).fill(429));
};

describe("TRUST_PROXY", () => {
  it("refuses true, which would trust every client's X-Forwarded-For", () => {
    for (const value of ["true", "1.0", "yes", "*", "0.0.0.0/0", "::/0"]) {
      expect(() => parseConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => parseConfig({ TRUST_PROXY: value }), value).toThrow(/^Invalid configuration: TRUST_PROXY=/);
    }
  });

  it("takes the proxy's addresses and CIDRs, or a hop count when the server listens on loopback only", () => {
    expect(parseConfig({ TRUST_PROXY: "127.0.0.1" }).TRUST_PROXY).toEqual(["127.0.0.1"]);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,::1" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "192.168.1.7", "::1"]);
    expect(parseConfig({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "2", HOST: "::1" }).TRUST_PROXY).toBe(2);
    // Reachable from outside, a hop count would trust whoever connects.
    expect(() => parseConfig({ TRUST_PROXY: "1", HOST: "0.0.0.0" })).toThrow(/^Invalid configuration: TRUST_PROXY="1" .*HOST/);
    expect(() => parseConfig({ TRUST_PROXY: "10.0.0.300" })).toThrow(/^Invalid configuration: TRUST_PROXY=/);
    expect(() => parseConfig({ TRUST_PROXY: "proxy.example" })).toThrow(/^Invalid configuration: TRUST_PROXY=/);
  });

  it("behind the trusted proxy, a forged X-Forwarded-For in front of the proxy's own entry cannot dodge the limit", async () => {
    // nginx appends the address it saw ($proxy_add_x_forwarded_for): what the client wrote comes first.
    const app = await server({ TRUST_PROXY: "127.0.0.1" });
    limitHeld(await spoofingClient(app, { from: "127.0.0.1", forwarded: (i) => `203.0.113.${i}, 198.51.100.7` }));
    // Another real client behind the same proxy has its own allowance.
    const other = await spoofingClient(app, { from: "127.0.0.1", forwarded: () => "198.51.100.8" });
    expect(other.filter((status) => status === 201)).toHaveLength(10);
  });

  it("ignores X-Forwarded-For from a client that is not the proxy", async () => {
    const app = await server({ TRUST_PROXY: "10.0.0.0/8" });
    limitHeld(await spoofingClient(app, { from: "192.0.2.44", forwarded: (i) => `10.0.0.${i}` }));
  });

  it("with a hop count, trusts that many proxies and no more", async () => {
    const app = await server({ TRUST_PROXY: "1" });
    limitHeld(await spoofingClient(app, { from: "127.0.0.1", forwarded: (i) => `203.0.113.${i}, 198.51.100.9` }));
    // The address the one proxy saw counts: another visitor behind it has their own allowance.
    const other = await spoofingClient(app, { from: "127.0.0.1", forwarded: () => "198.51.100.10" });
    expect(other.filter((status) => status === 201)).toHaveLength(10);
  });

  it("without it, X-Forwarded-For is ignored", async () => {
    const app = await server({});
    limitHeld(await spoofingClient(app, { from: "127.0.0.1", forwarded: (i) => `203.0.113.${i}` }));
  });
});
