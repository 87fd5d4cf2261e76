import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Whether a request body arrives compressed (`Content-Encoding` other than `identity`). Fastify's
 * parsers read bodies as they are: a gzip body was parsed as text and, as text, accepted. The form
 * API and the inbox take no compressed bodies: they answer 415 before reading one.
 */
export function hasEncodedBody(request: FastifyRequest): boolean {
  const encoding = request.headers["content-encoding"];
  return encoding !== undefined && encoding.split(",").some((part) => part.trim().toLowerCase() !== "identity" && part.trim() !== "");
}

/** The 415 answer to a compressed body, in the API's JSON shape. */
export function refuseEncodedBody(reply: FastifyReply) {
  return reply
    .status(415)
    .type("application/json; charset=utf-8")
    .send({ error: "Unsupported Media Type: request bodies must not be compressed (Content-Encoding)" });
}
