/**
 * The backup and restore drills' servers (server/__tests__/restore-drill.integration.test.ts on
 * SQLite, postgres-backup.integration.test.ts on PostgreSQL): each drill starts and stops its servers
 * itself, as an operator stops the server around a restore, and the ones still running close when the
 * file ends. And a visitor's booking through the form API, which the drill then finds again.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, expect } from "vitest";
import { buildServer } from "../../app";
import { parseConfig } from "../../config";
import { validPayloads } from "./fixtures";

const servers = new Set<FastifyInstance>();
afterAll(async () => {
  await Promise.all([...servers].map((app) => app.close()));
});

/** The real server on exactly this environment, ready. */
export async function start(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildServer(parseConfig(env));
  await app.ready();
  servers.add(app);
  return app;
}

/** Closes a server `start` started. */
export async function stop(app: FastifyInstance): Promise<void> {
  await app.close();
  servers.delete(app);
}

/** A tour booking in `name`, which must be taken; its id. */
export async function book(app: FastifyInstance, name: string): Promise<string> {
  const answer = await app.inject({
    method: "POST",
    url: "/api/tour-bookings",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ ...validPayloads.tourBooking, name }),
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<{ id: string }>().id;
}
