/**
 * What the API's routes carry in their Fastify config, read by the hooks of ./routes.ts. Apart from
 * routes.ts, which registers the routes of ./forms.ts, ./newsletter.tsx and ./tours.tsx, so that those import
 * it without importing the file that imports them.
 */
import type { RateLimitOptions } from "@fastify/rate-limit";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes POSTs from other sites (the RFC 8058 one-click unsubscribe, sent by mail providers). */
    crossSite?: boolean;
  }
}

/** Requests per client address in each window, counted per route; null: no limit. */
export type RouteLimit = RateLimitOptions | null;
