import rateLimit from "@fastify/rate-limit";
import { isPostgres } from "../db/database";
import { DatabaseRateLimits } from "../db/rate-limits";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { hasEncodedBody, refuseEncodedBody } from "../request-body";
import type { SubmissionStore } from "../db/submissions";
import { formSubmissionRoutes } from "./forms";
import { newsletterLinkRoutes } from "./newsletter";
import { newsletterPictureRoutes } from "./newsletter-pictures";
import { tourRoutes } from "./tours";
import type { Bookings } from "../bookings/deps";
import { paymentRoutes } from "./payments";
import { giftVoucherRoutes } from "./gift-vouchers";
import type { RouteLimit } from "./route-config";

export interface ApiRouteOptions {
  config: Config;
  /** The newsletter's subscriptions, as their links read and change them. */
  store: SubmissionStore;
  /** The forms' and the tour bookings' use-cases are handed this (../bookings/deps.ts); its payment provider, when set, posts the webhook. */
  bookings: Bookings;
}

/**
 * Everything under /api/, in its own Fastify context: JSON is the only body it parses (never a
 * compressed one: 415), requests
 * from other origins are refused (and no CORS header is ever sent), answers are never cached,
 * and each route is rate limited per client address.
 */
export async function apiRoutes(api: FastifyInstance, { config, store, bookings }: ApiRouteOptions): Promise<void> {
  // Fastify also parses text/plain by default; here only application/json reaches a handler.
  api.removeContentTypeParser("text/plain");

  const limited = config.RATE_LIMIT_MAX > 0;
  if (limited) {
    await api.register(rateLimit, {
      global: false,
      max: config.RATE_LIMIT_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      // After the body is parsed, so that a newsletter page refused for going too fast has its
      // token; the form routes place their own limit among their hooks (./forms.ts).
      hook: "preHandler",
      // Instances sharing a PostgreSQL database count together (../db/rate-limits.ts); one SQLite server counts in memory.
      ...(isPostgres(api.db) ? { store: DatabaseRateLimits.on(api.db) } : {}),
    });
  }
  // Each route keeps its own count per client address.
  const limit: RouteLimit = limited ? { max: config.RATE_LIMIT_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS } : null;

  const siteOrigin = new URL(config.SITE_URL).origin;
  api.addHook("onRequest", async (request, reply) => {
    if (hasEncodedBody(request)) return refuseEncodedBody(reply);
    // Reading is open to all (the newsletter links are opened from mail clients); what changes
    // state must come from this site, except the one-click unsubscribe a mail provider sends.
    const crossSite = request.routeOptions.config.crossSite === true;
    if (request.method !== "GET" && request.method !== "HEAD" && !crossSite && !sameOrigin(request, siteOrigin)) {
      return reply.status(403).type("application/json; charset=utf-8").send({ error: "Cross-origin requests are not accepted" });
    }
  });
  api.addHook("onSend", async (_request, reply) => {
    // Only the tours' availability (a few seconds: ./tours.tsx) and a newsletter's picture say otherwise.
    if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
  });

  // In their own context, with the parser of HTML form posts (sent before a page's JavaScript ran).
  await api.register(async (forms) => formSubmissionRoutes(forms, { limit, bookings, siteUrl: config.SITE_URL }));
  // In their own context, with the parser of the visitor's page's forms.
  const availabilityLimit: RouteLimit =
    config.AVAILABILITY_RATE_LIMIT_MAX > 0 && limited ? { max: config.AVAILABILITY_RATE_LIMIT_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS } : null;
  await api.register(async (routes) => tourRoutes(routes, { bookings, limit, availabilityLimit, siteUrl: config.SITE_URL }));
  // In their own context, with the parser of the buy page's form.
  await api.register(async (routes) => giftVoucherRoutes(routes, { bookings, limit, siteUrl: config.SITE_URL }));
  // In their own context: the form body parser they need stays out of the submission routes.
  await api.register(async (links) => newsletterLinkRoutes(links, { store, limit }));
  // In its own context: the provider's webhook reads its body as bytes, to check their signature.
  const { payments } = bookings;
  if (payments) await api.register(async (hooks) => paymentRoutes(hooks, { bookings, payments }));
  // Not limited per address: the mail providers' image proxies fetch it for many subscribers.
  await api.register(newsletterPictureRoutes, { dataDir: config.DATA_DIR });
}

/**
 * A browser names the page's origin on cross-site requests (`Origin`, `Sec-Fetch-Site`): such a
 * request passes only when it comes from this site. Requests without these headers (curl, the
 * site's own same-origin GETs) pass.
 */
function sameOrigin(request: FastifyRequest, siteOrigin: string): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site") return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === siteOrigin) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
