import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

/** An answer read off a real socket. */
export interface LoopbackAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Starts the server on 127.0.0.1 and returns its origin. Loopback is a whole /8, so a test can
 * come from 127.0.0.2, 127.0.0.66 … (`localAddress`) and act as several clients.
 */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** One request over a fresh connection from `from` (a loopback address). */
export function requestFrom(
  from: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<LoopbackAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? "GET", headers: options.headers, localAddress: from, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(options.body);
  });
}

/** The `name=value` pairs a response sets, for a Cookie header. */
export function cookiesOf(answer: LoopbackAnswer): string {
  const setCookie = answer.headers["set-cookie"] ?? [];
  return (Array.isArray(setCookie) ? setCookie : [setCookie]).map((line) => line.split(";", 1)[0]).join("; ");
}
