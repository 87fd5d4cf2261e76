import { spawn, type ChildProcess } from "node:child_process";
import { request, type Agent } from "node:http";
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";

export interface RawResponse {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
  /** Everything the server wrote, as received. */
  raw: string;
}

/** Parses one HTTP/1.1 response (status line, headers, body as sent) from what a socket received. */
export function parseResponse(raw: string): RawResponse {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1] ?? 0), headers, body: split === -1 ? "" : raw.slice(split + 4), raw };
}

/**
 * Writes `request` byte for byte to a new connection and reads until the server closes it (every
 * request a test sends asks it to, or is one the server must close): no deadline of its own, the
 * test's limit is the only one. Unlike fetch or app.inject, nothing normalises the request target
 * first, so `/../x` reaches the server as written.
 */
export function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("connect", () => socket.write(request));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseResponse(Buffer.concat(chunks).toString("latin1"))));
  });
}

/** Whether something accepts connections on the loopback port. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A complete GET for `target` that asks the server to close the connection after answering. */
export function rawGet(target: string, headers: Record<string, string> = {}): string {
  const lines = [`GET ${target} HTTP/1.1`, "Host: localhost", "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/**
 * Starts listening on a free loopback port and returns it. The accept queue is made long enough
 * for a test that opens hundreds of connections at once (Node's default of 511 makes the kernel
 * drop and retry the surplus, a second each).
 */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: "127.0.0.1", backlog: 4096 });
  const address = app.server.address();
  if (typeof address !== "object" || !address) throw new Error("not listening");
  return address.port;
}

/**
 * Spawns a command so that file permissions bind it even when the tests run as root: root keeps
 * CAP_DAC_OVERRIDE, which ignores read-only modes, so it is dropped from the child's bounding set
 * (util-linux `setpriv`). As another user the command runs as is.
 */
export function spawnWithoutOverride(command: string, args: string[], options: Parameters<typeof spawn>[2]): ChildProcess {
  if (process.getuid?.() !== 0) return spawn(command, args, options);
  return spawn("setpriv", ["--bounding-set", "-dac_override,-dac_read_search", "--", command, ...args], options);
}

/** POSTs JSON with node:http (its own pool, so a dead server fails fast instead of retrying). */
export function postJson(agent: Agent, url: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
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
