import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { contentFile } from "#content";
import { staffArea } from "../admin";
import { api } from "../api";
import { backups } from "../backup/schedule";
import { parseConfig } from "../config";
import { contentStore } from "../content-store";
import { health } from "../health";
import { bookings } from "../plugins/bookings";
import { database } from "../plugins/database";
import { mail } from "../plugins/mail";
import { staffStores } from "../plugins/staff-stores";
import { fixtureBuild, tempDataDir } from "./support/fixtures";

/**
 * The server's parts are plugins that name what they need (server/app.ts): the content store, the
 * database, the mail and the bookings below the API, the backups, the staff's stores, the staff area and the health
 * checks. Put together in the wrong order, the server does not start, and says which part is
 * missing, instead of failing later on something undefined.
 */
describe("the server's parts", () => {
  const config = parseConfig({ BUILD_DIR: fixtureBuild(), DATA_DIR: tempDataDir(), LOG_LEVEL: "silent", SITE_URL: "https://site.example" });

  const store = [contentStore, { dir: contentFile() }] as const;
  it.each([
    ["the API before the content store", [[api, { config }]], "The dependency 'content-store' of plugin 'api' is not registered"],
    ["the mail before the database", [store, [mail, { config }]], "The dependency 'database' of plugin 'mail' is not registered"],
    ["the bookings before the mail", [store, [database, { config }], [bookings, { config }]], "The dependency 'mail' of plugin 'bookings' is not registered"],
    [
      "the API before the bookings",
      [store, [database, { config }], [mail, { config }], [api, { config }]],
      "The dependency 'bookings' of plugin 'api' is not registered",
    ],
    ["the backups before the database", [[backups, { config }]], "The dependency 'database' of plugin 'backups' is not registered"],
    // A failed backup's e-mail to the admins goes out through the mail's sender as soon as it is queued.
    ["the backups before the mail", [store, [database, { config }], [backups, { config }]], "The dependency 'mail' of plugin 'backups' is not registered"],
    [
      "the staff area before the bookings",
      [store, [database, { config }], [mail, { config }], [staffArea, { config }]],
      "The dependency 'bookings' of plugin 'staff-area' is not registered",
    ],
    [
      "the staff area before the backups",
      [store, [database, { config }], [mail, { config }], [bookings, { config }], [staffArea, { config }]],
      "The dependency 'backups' of plugin 'staff-area' is not registered",
    ],
    ["the staff's stores before the database", [store, [staffStores, { config }]], "The dependency 'database' of plugin 'staff-stores' is not registered"],
    [
      "the staff area before its stores",
      [store, [database, { config }], [mail, { config }], [bookings, { config }], [backups, { config }], [staffArea, { config }]],
      "The dependency 'staff-stores' of plugin 'staff-area' is not registered",
    ],
    [
      "the health checks before the backups",
      [store, [database, { config }], [health, { config }]],
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
      await app.register(database, { config });
      await app.register(mail, { config });
      await app.register(bookings, { config });
      await app.register(api, { config });
      await app.register(backups, { config });
      await app.register(staffStores, { config });
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
