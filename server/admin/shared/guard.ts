import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * A state-changing request must come from a page of this site. Browsers name the page's origin
 * in `Origin` on every POST; when a browser leaves it out, `Sec-Fetch-Site` must say
 * same-origin. A request with neither is refused: the inbox is used from browsers only.
 */
export function fromThisSite(request: FastifyRequest, siteOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers["sec-fetch-site"] === "same-origin";
  if (origin === siteOrigin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/** Compares a token sent with a form to the expected one in constant time. */
export function tokensMatch(sent: unknown, expected: string | null): boolean {
  if (typeof sent !== "string" || expected === null) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
