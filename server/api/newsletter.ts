import formbody from "@fastify/formbody";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { defaultLanguage, isLanguage, type Language } from "#core/languages";
import { apiPaths } from "#core/paths";
import type { SubmissionStore } from "../db/submissions";
import { languageFromHeader } from "../mail/language";
import { sendServerPage, siteStylesheetOf } from "../pages/document";
import { subscriberPage, type SubscriberPageKind } from "../pages/subscriber";
import type { RouteLimit } from "./route-config";

/**
 * A token as the links carry it; anything else (a list, a malformed value) reads as no token,
 * which answers the "invalid link" page rather than a validation error.
 */
const token = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/)
  .optional()
  .catch(undefined);
/** The links' query (the token of a link opened, or of a one-click POST), and the page's form body (POST only). */
const linkSchema = { get: { querystring: z.object({ token }) }, post: { querystring: z.object({ token }), body: z.object({ token }).optional() } };

const sendPage = (reply: FastifyReply, status: number, lang: Language, kind: SubscriberPageKind, button?: { path: string; token: string }) =>
  sendServerPage(reply, status, subscriberPage(reply.server.content.current.site, lang, kind, button, siteStylesheetOf(reply.request)));

/** The 404 page for a missing or unknown token, in the visitor's language. */
const invalid = (request: FastifyRequest, reply: FastifyReply) => sendPage(reply, 404, languageFromHeader(request.headers["accept-language"]), "invalid");

const subscriberLanguage = (value: string): Language => (isLanguage(value) ? value : defaultLanguage);

/**
 * The links of the newsletter e-mails. Opening one (GET or HEAD, as a mail scanner or a link
 * preview does) changes nothing: it shows a page whose button POSTs. Only the POST confirms or
 * unsubscribes, and both are idempotent. The unsubscribe link also takes RFC 8058 one-click
 * POSTs (`List-Unsubscribe=One-Click`), which mail providers send from their own servers: that
 * route alone accepts requests from other origins (`crossSite`, see ./routes.ts).
 */
export async function newsletterLinkRoutes(api: FastifyInstance, { store, limit }: { store: SubmissionStore; limit: RouteLimit }): Promise<void> {
  // The page's form and one-click send `application/x-www-form-urlencoded`; only these routes read it.
  await api.register(formbody, { bodyLimit: 1024 });
  api.setValidatorCompiler(validatorCompiler);
  const links = api.withTypeProvider<ZodTypeProvider>();
  const config: FastifyContextConfig = limit ? { rateLimit: limit } : {};

  links.get(apiPaths.newsletterConfirm, { config, schema: linkSchema.get }, async (request, reply) => {
    const { token } = request.query;
    const row = token ? store.subscriberByConfirmToken(token) : null;
    if (!token || !row) return invalid(request, reply);
    const lang = subscriberLanguage(row.language);
    if (row.unsubscribed_at) return sendPage(reply, 200, lang, "notSubscribed");
    if (row.confirmed_at) return sendPage(reply, 200, lang, "confirmed");
    return sendPage(reply, 200, lang, "confirm", { path: apiPaths.newsletterConfirm, token });
  });

  links.post(apiPaths.newsletterConfirm, { config, schema: linkSchema.post }, async (request, reply) => {
    const token = request.body?.token ?? request.query.token;
    // The estate hears of a sign-up once the address's owner has confirmed it, in the next day's digest (server/bookings/signup-digest.ts).
    const result = token ? store.confirm(token) : null;
    if (!result) return invalid(request, reply);
    return sendPage(reply, 200, subscriberLanguage(result.row.language), result.state === "confirmed" ? "confirmed" : "notSubscribed");
  });

  links.get(apiPaths.newsletterUnsubscribe, { config, schema: linkSchema.get }, async (request, reply) => {
    const { token } = request.query;
    const row = token ? store.subscriberByUnsubscribeToken(token) : null;
    if (!token || !row) return invalid(request, reply);
    const lang = subscriberLanguage(row.language);
    if (row.unsubscribed_at) return sendPage(reply, 200, lang, "unsubscribed");
    return sendPage(reply, 200, lang, "unsubscribe", { path: apiPaths.newsletterUnsubscribe, token });
  });

  links.post(apiPaths.newsletterUnsubscribe, { config: { ...config, crossSite: true }, schema: linkSchema.post }, async (request, reply) => {
    const token = request.body?.token ?? request.query.token;
    const row = token ? store.unsubscribe(token) : null;
    if (!row) return invalid(request, reply);
    return sendPage(reply, 200, subscriberLanguage(row.language), "unsubscribed");
  });
}
