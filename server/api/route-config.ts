/**
 * What the API's routes carry in their Fastify config, read by the hooks of ./routes.ts. Apart from
 * routes.ts, which registers the routes of ./forms.ts, ./newsletter.tsx and ./tours.tsx, so that those import
 * it without importing the file that imports them.
 */

/** Per-route rate limit settings: each route keeps its own count per client address. */
export interface RouteRateLimit {
  rateLimit?: { max: number; timeWindow: number };
  /** The route takes POSTs from other sites (the RFC 8058 one-click unsubscribe, sent by mail providers). */
  crossSite?: boolean;
}
