import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { parseConfig } from "../config";
import { fixtureBuild, tempDataDir, validPayloads, waitFor } from "./support/fixtures";
import { listen } from "../../e2e/support/raw-http";

/**
 * With no timeouts, a POST whose body never came stayed open for ever, and one client
 * holding about 20,000 of them made every other request fail. The timeouts are lowered through
 * the same variables an operator sets, so the test takes seconds.
 */
const timeouts = { HEADERS_TIMEOUT_MS: "1000", REQUEST_TIMEOUT_MS: "1500", KEEP_ALIVE_TIMEOUT_MS: "1000", CONNECTION_TIMEOUT_MS: "2000" };

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function start(env: Record<string, string>): Promise<number> {
  app = await buildServer(parseConfig({ BUILD_DIR: fixtureBuild(), DATA_DIR: tempDataDir(), LOG_LEVEL: "silent", RATE_LIMIT_MAX: "0", ...env }));
  return listen(app);
}

/** The connections the server holds open now (Node counts them as it accepts and closes them). */
let connections = 0;
function openConnections(): number {
  app?.server.getConnections((_error, count) => (connections = count));
  return connections;
}

interface SlowClient {
  socket: Socket;
  closed: boolean;
  received: string;
}

/** Opens a connection that sends `bytes` and then nothing more. */
function slowClient(port: number, bytes: string): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const client: SlowClient = { socket, closed: false, received: "" };
    socket.on("data", (chunk: Buffer) => (client.received += chunk.toString("latin1")));
    socket.on("close", () => (client.closed = true));
    socket.on("error", () => {});
    socket.once("connect", () => {
      if (bytes) socket.write(bytes);
      resolve(client);
    });
    socket.once("error", reject);
  });
}

/** A normal visitor's request on its own connection; resolves with the status and body. */
function visit(port: number, agent: Agent, method: string, path: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, method, path, agent, headers: body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {} },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const slowKinds = [
  // Headers of a POST announcing a body that never comes.
  `POST /api/contact-messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":`,
  // Headers that never end (slowloris).
  "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ",
  // A connection that says nothing at all.
  "",
];

describe("slow and silent clients", () => {
  it("are cut off, while normal requests keep their answers with thousands of them open", async () => {
    // The server's clocks start when each connection opens: long enough for the test to open them
    // all and visit while they are open even with both cores busy (3,000 took 4 s there at a load of
    // 28, past a 4 s limit); the wait for them to close ends on their closing, not on a timer. An idle
    // connection lasts longer than a request plus one of the server's checks (a quarter of the headers' limit),
    // so each one that started a request is told 408 before its connection times out.
    const port = await start({ ...timeouts, HEADERS_TIMEOUT_MS: "12000", REQUEST_TIMEOUT_MS: "12500", CONNECTION_TIMEOUT_MS: "20000" });
    const slow: SlowClient[] = [];
    // 2,000 connections, 200 at a time.
    for (let batch = 0; batch < 10; batch++) {
      slow.push(...(await Promise.all(Array.from({ length: 200 }, (_, i) => slowClient(port, slowKinds[(batch * 200 + i) % slowKinds.length]!)))));
    }

    // With them open, visitors are served.
    const agent = new Agent({ keepAlive: false, maxSockets: 20 });
    const pages = await Promise.all(Array.from({ length: 40 }, () => visit(port, agent, "GET", "/")));
    const posts = await Promise.all(
      Array.from({ length: 10 }, () => visit(port, agent, "POST", "/api/contact-messages", JSON.stringify(validPayloads.contactMessage))),
    );
    const health = await visit(port, agent, "GET", "/healthz");
    const openMeanwhile = slow.filter((client) => !client.closed).length;
    agent.destroy();
    expect(openMeanwhile).toBe(2000);
    expect(pages.every((page) => page.status === 200 && page.body.includes("<h1>Home</h1>"))).toBe(true);
    expect(posts.map((post) => post.status)).toEqual(Array(10).fill(201));
    expect(health.status).toBe(200);

    // Then every slow one is closed by the server; those that had started a request are told 408.
    await waitFor(() => slow.every((client) => client.closed), "the server to close every slow connection");
    const started = slow.filter((_, i) => slowKinds[i % slowKinds.length] !== "");
    expect(started.filter((client) => client.received.startsWith("HTTP/1.1 408")).length).toBe(started.length);
  }, 120_000);

  it("close an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS", async () => {
    const port = await start(timeouts);
    const client = await slowClient(port, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await waitFor(() => client.received.includes("\r\n\r\n"), "the answer");
    expect(client.received).toMatch(/^HTTP\/1\.1 200/);
    expect(client.received).toMatch(/Keep-Alive: timeout=1/i);
    const answered = Date.now();
    await waitFor(() => client.closed, "the idle connection to close");
    expect(Date.now() - answered).toBeLessThan(3000);
  }, 15_000);

  it("refuse connections beyond MAX_CONNECTIONS, and serve again once the slow ones are gone", async () => {
    const port = await start({ ...timeouts, HEADERS_TIMEOUT_MS: "3000", REQUEST_TIMEOUT_MS: "3000", CONNECTION_TIMEOUT_MS: "5000", MAX_CONNECTIONS: "50" });
    const held = await Promise.all(Array.from({ length: 50 }, () => slowClient(port, slowKinds[0]!)));
    await waitFor(() => openConnections() === 50, "the server to accept the 50 held connections");
    const extra = await slowClient(port, "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    await waitFor(() => extra.closed, "the extra connection to be refused");
    expect(extra.received).toBe("");
    expect(held.some((client) => client.closed)).toBe(false);
    await waitFor(() => held.every((client) => client.closed), "the held connections to time out");
    const agent = new Agent({ keepAlive: false });
    expect((await visit(port, agent, "GET", "/healthz")).status).toBe(200);
    agent.destroy();
  }, 30_000);
});
