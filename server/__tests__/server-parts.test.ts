import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { contentFile } from "#content";
import { staffArea } from "../admin";
import { api } from "../api";
import { backups } from "../backup/schedule";
import { parseConfig } from "../config";
import { contentStore } from "../content-store";
import { health } from "../health";
import { fixtureBuild, tempDataDir } from "./support/fixtures";

/**
 * The server's parts are plugins that name what they need (server/app.ts): put together in the
 * wrong order, the server does not start, and says which part is missing, instead of failing later
 * on something undefined.
 */
describe("the server's parts", () => {
  const config = parseConfig({ BUILD_DIR: fixtureBuild(), DATA_DIR: tempDataDir(), LOG_LEVEL: "silent", SITE_URL: "https://site.example" });

  it.each([
    ["the API before the content store", [[api, { config }]], "The dependency 'content-store' of plugin 'api' is not registered"],
    [
      "the staff area before the API",
      [
        [contentStore, { dir: contentFile() }],
        [staffArea, { config }],
      ],
      "The dependency 'api' of plugin 'staff-area' is not registered",
    ],
    [
      "the staff area before the backups",
      [
        [contentStore, { dir: contentFile() }],
        [api, { config }],
        [staffArea, { config }],
      ],
      "The dependency 'backups' of plugin 'staff-area' is not registered",
    ],
    [
      "the health checks before the backups",
      [
        [contentStore, { dir: contentFile() }],
        [api, { config }],
        [health, { config }],
      ],
      "The dependency 'backups' of plugin 'health' is not registered",
    ],
  ] as const)("%s: refused, naming what is missing", async (_what, parts, message) => {
    const app = Fastify({ logger: false });
    try {
      for (const [part, options] of parts) void app.register(part as never, options as never);
      await expect(app.ready()).rejects.toThrow(message);
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it("a staff page registered outside the staff area's guard: refused, so no page can skip the sign-in", async () => {
    const { inboxRoutes } = await import("../admin/inbox/routes");
    const app = Fastify({ logger: false });
    try {
      void app.register(inboxRoutes, {} as never);
      await expect(app.ready()).rejects.toThrow("The dependency 'staff-guard' of plugin 'staff-routes-inbox' is not registered");
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it("in order, they start", async () => {
    const app = Fastify({ logger: false });
    try {
      await app.register(contentStore, { dir: contentFile() });
      await app.register(api, { config });
      await app.register(backups, { config });
      await app.register(staffArea, { config });
      await app.register(health, { config });
      await app.ready();
      expect((await app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ready" });
      expect((await app.inject({ method: "GET", url: "/admin/login" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
