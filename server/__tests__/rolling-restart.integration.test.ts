/**
 * A rolling restart, as docs/deployment.md ("A rolling restart") gives its steps: two compiled
 * servers (`build-server/main.js`) on one PostgreSQL database behind Debian's nginx with
 * deploy/nginx-two.conf (./../../e2e/support/nginx.ts: its own ports, certificate and upstreams);
 * while visitors load a page, read a tour's times and book, each server in turn is taken out of
 * the upstream (` down`, nginx reloaded), stopped with SIGTERM, started again, found ready
 * (`/readyz`) and put back. No request fails, and the database holds exactly the bookings that
 * were acknowledged: none lost, none made twice. Runs in the "postgres" project
 * (vitest.config.ts); skipped in the "integration" project, which has no PostgreSQL.
 *
 * Each request opens its own connection to nginx: a reload closes the old worker's idle client
 * connections, which any client of any nginx meets at a reload and browsers answer by sending the
 * request again on a new connection; that is nginx's, not the restart's.
 */
import { readFileSync } from "node:fs";
import { request } from "node:https";
import { afterEach, describe, expect, it } from "vitest";
import { nginxPorts, startNginx, type RunningNginx } from "../../e2e/support/nginx";
import { freePort, startServer, type RunningServer } from "../../e2e/support/server";
import type { Db } from "../db/database";
import { openPostgresAt } from "../startup";
import { fixtureBuild, isoDay, tempDataDir, validPayloads, waitFor } from "./support/fixtures";
import { onPostgres, testDatabaseUrl } from "./support/test-database";

const servers = new Set<RunningServer>();
let nginx: RunningNginx | null = null;
const opened: Db[] = [];
afterEach(async () => {
  await nginx?.stop();
  nginx = null;
  await Promise.all([...servers].map((server) => server.stop()));
  servers.clear();
  opened.splice(0).forEach((db) => db.close());
});

interface Answer {
  status: number;
  body: string;
}

/** A request to nginx over HTTPS on a connection of its own, trusting the test's authority. */
function send(proxy: RunningNginx, path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port: proxy.httpsPort,
        path,
        method: payload === undefined ? "GET" : "POST",
        agent: false,
        ca: readFileSync(proxy.caFile),
        headers: {
          host: `localhost:${proxy.httpsPort}`,
          ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

describe.runIf(onPostgres())("a rolling restart of two compiled servers on one PostgreSQL database behind nginx (deploy/nginx-two.conf)", () => {
  it("fails no request, and loses or doubles no booking, while each server in turn is taken out, restarted and put back", async () => {
    const ports = await nginxPorts();
    const database = testDatabaseUrl(tempDataDir())!;
    const buildDir = fixtureBuild();
    const env = { DATABASE_URL: database, RATE_LIMIT_MAX: "0", LOG_LEVEL: "error", TRUST_PROXY: "127.0.0.1", SITE_URL: `https://localhost:${ports.httpsPort}` };
    const instances: { port: number; dataDir: string; server: RunningServer }[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const server = await startServer({ buildDir, env, port });
      servers.add(server);
      instances.push({ port, dataDir: server.dataDir, server });
    }
    const proxy = await startNginx({ upstream: instances.map((instance) => instance.port), ports, config: "deploy/nginx-two.conf" });
    nginx = proxy;

    // Visitors: each loads a page, reads a tour's times and books, again and again, until the restarts are over.
    let phase = "both up";
    const answered = new Map<string, number>();
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let finished = false;
    const availability = `/api/tours/availability?package=hermitage&from=${isoDay(20)}&to=${isoDay(27)}`;
    const visitor = async (client: number) => {
      for (let n = 0; !finished; n++) {
        const steps: [string, unknown, number][] = [
          ["/", undefined, 200],
          // The staff area's sign-in page, through its own upstream.
          ["/admin/login", undefined, 200],
          [availability, undefined, 200],
          ["/api/tour-bookings", { ...validPayloads.tourBooking, name: `Visitor ${client}-${n}`, email: `visitor-${client}-${n}@example.com` }, 201],
        ];
        for (const [path, body, expected] of steps) {
          const during = phase;
          try {
            const answer = await send(proxy, path, body);
            if (answer.status !== expected)
              failures.push(`${during}: ${body ? "POST" : "GET"} ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
            else if (body) acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
            answered.set(during, (answered.get(during) ?? 0) + 1);
          } catch (error) {
            failures.push(`${during}: ${body ? "POST" : "GET"} ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
    };
    const visitors = Array.from({ length: 8 }, (_, client) => visitor(client));
    /** Resolves once `count` more requests were answered in the current phase (or one failed). */
    const afterRequests = async (count: number) => {
      const target = (answered.get(phase) ?? 0) + count;
      await waitFor(() => (answered.get(phase) ?? 0) >= target || failures.length > 0, `${count} more requests answered (${phase})`);
    };

    await afterRequests(30);
    for (const [i, instance] of instances.entries()) {
      const name = i === 0 ? "A" : "B";
      const line = new RegExp(`^(\\s*server 127\\.0\\.0\\.1:${instance.port}\\b[^;]*);`, "gm");
      // Out of the upstream: nginx sends it nothing new; the old worker finishes what it had.
      await proxy.reload((config) => {
        // In both upstreams: the site's and the staff area's.
        expect(config.match(line)).toHaveLength(2);
        return config.replace(line, "$1 down;");
      });
      phase = `${name} out`;
      // Stopped as systemd stops it (SIGTERM): it finishes what it has and exits by itself.
      await instance.server.stop();
      servers.delete(instance.server);
      expect(instance.server.process.signalCode).toBeNull();
      await afterRequests(10);
      // The new release starts on the same port and data folder, and is ready before it is put back.
      instance.server = await startServer({ buildDir, env, port: instance.port, dataDir: instance.dataDir });
      servers.add(instance.server);
      expect((await fetch(`${instance.server.url}/readyz`)).status).toBe(200);
      await proxy.reload((config) => {
        expect(config.match(/ down;/g)).toHaveLength(2);
        return config.replace(/ down;/g, ";");
      });
      phase = `${name} back`;
      await afterRequests(10);
    }
    finished = true;
    await Promise.all(visitors);

    expect(failures).toEqual([]);
    // Visitors were served while each server was out, and after both came back.
    for (const during of ["A out", "B out", "B back"]) expect(answered.get(during) ?? 0, during).toBeGreaterThanOrEqual(10);
    // The database holds exactly the bookings acknowledged: none lost, none made twice.
    const db = openPostgresAt(database);
    opened.push(db);
    const stored = (db.prepare("SELECT id FROM tour_bookings").all() as { id: string }[]).map((row) => row.id);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(stored.toSorted()).toEqual(acknowledged.toSorted());
  }, 300_000);
});
