/**
 * The staff area's guard, in front of every route of /admin: who is asking (the session), from
 * where (the origin), with which form (the CSRF token) and in which role (./roles.ts), then the
 * answers every page shares (a refused form, a busy database, the headers). Each file of routes is
 * a plugin that depends on it by name (`staffRoutes`), so no staff route can be registered
 * outside it. See docs/security.md ("The staff inbox").
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { createElement } from "react";
import { asStorageUnavailable } from "../../db/availability";
import { hasEncodedBody, refuseEncodedBody } from "../../request-body";
import { sendPage, sentCsrfToken, viewFor, type AdminContext } from "./context";
import { cookieNames, readCookie, servedOverHttps } from "./cookies";
import { framedPolicies } from "./framed-policies";
import { fromThisSite, tokensMatch } from "./guard";
import { roleAllows } from "./roles";
import { InvalidFormPage, RefusedPage, RoleRefusedPage, SignInFirstPage, UnavailablePage } from "./error-pages";

/**
 * The staff pages may load one stylesheet and one script (the content editor's, which only adds to
 * pages that work without it) from this server, and frame only this server's pages (the editor's
 * live preview, the newsletter's e-mail); no plugin; forms post only here; no other site may frame
 * them. A framed page keeps its own policy (./framed-policies.ts).
 */
function adminSecurityPolicy(https: boolean): string {
  const policy =
    "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
  return https ? `${policy}; upgrade-insecure-requests` : policy;
}

/** A route registered with `publicRoute` as its config (./roles.ts). */
export const publicConfig = (config: { adminPublic?: boolean } | undefined) => config?.adminPublic === true;
const isPublic = (request: FastifyRequest) => publicConfig(request.routeOptions.config);
export const reads = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";
/** A multipart body: only the content editor's scope has its parser (anywhere else it is refused with 415). */
export const isMultipart = (request: FastifyRequest) => /^multipart\/form-data\b/i.test(request.headers["content-type"] ?? "");

const refuse = (context: AdminContext, request: FastifyRequest, reply: FastifyReply) =>
  sendPage(reply, 403, createElement(RefusedPage, { view: viewFor(context, request, reply) }));

/**
 * The session's CSRF token in a posted form (the public routes check the sign-in form's own),
 * checked before the route's schema reads the form, so a forged post learns nothing.
 */
export async function checkCsrf(context: AdminContext, request: FastifyRequest, reply: FastifyReply) {
  if (reads(request) || isPublic(request)) return;
  if (!tokensMatch(sentCsrfToken(request), request.staffSession?.csrfToken ?? null)) {
    request.log.warn("admin: CSRF token refused");
    return refuse(context, request, reply);
  }
}

/**
 * The CSRF check of a public form (a sign-in step, an invitation, a password link, the language
 * switch), given as the route's own `preValidation` hook: it runs after the guard's, before the
 * route's schema reads the form. The token sent must be one this browser holds: the session's (a
 * page drawn in a browser signed in to an account, ./context.ts `viewFor`) or the sign-in form's
 * cookie (a form opened before signing in, in another tab); `refused` answers a mismatch as the
 * form's page does.
 */
export function publicFormToken(context: AdminContext, refused: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const signIn = readCookie(request, cookieNames(servedOverHttps(context.config, request)).signIn);
    const sent = sentCsrfToken(request);
    if (!tokensMatch(sent, request.staffSession?.csrfToken ?? null) && !tokensMatch(sent, signIn)) return refused(request, reply);
  };
}

async function guard(admin: FastifyInstance, context: AdminContext): Promise<void> {
  const { config } = context;
  const siteOrigin = new URL(config.SITE_URL).origin;
  admin.decorateRequest("staffSession", null);

  // Who is asking: a session opens every route; without one, reading leads to the sign-in page
  // and anything else is refused with 401, before any other check can tell the routes apart.
  admin.addHook("onRequest", async (request, reply) => {
    if (hasEncodedBody(request)) return refuseEncodedBody(reply);
    const token = readCookie(request, cookieNames(servedOverHttps(config, request)).session);
    request.staffSession = token ? context.staff.session(token, context.now()) : null;
    if (!request.staffSession && !isPublic(request)) {
      if (reads(request)) return reply.redirect("/admin/login", 303);
      return sendPage(reply, 401, createElement(SignInFirstPage, { view: viewFor(context, request, reply) }));
    }
    if (!reads(request) && !fromThisSite(request, siteOrigin)) {
      request.log.warn({ origin: request.headers.origin }, "admin: cross-origin request refused");
      return refuse(context, request, reply);
    }
  });

  // The session's CSRF token in every form, before the route's schema reads the form. A multipart
  // body is read only in the content editor's scope, by a preValidation hook of its own that runs
  // after this one: its token is checked there, once its fields are read (./index.ts).
  admin.addHook("preValidation", async (request, reply) => (isMultipart(request) ? undefined : checkCsrf(context, request, reply)));

  // The role the route asks for (./roles.ts), once the session and its token are known good, and
  // before the route's schema.
  admin.addHook("preValidation", async (request, reply) => {
    if (isPublic(request) || !request.staffSession) return;
    if (!roleAllows(request.routeOptions.config, request.staffSession.role)) {
      request.log.warn({ staffId: request.staffSession.staffId, role: request.staffSession.role }, "admin: page refused to this role");
      return sendPage(reply, 403, createElement(RoleRefusedPage, { view: viewFor(context, request, reply) }));
    }
  });

  // A write the database cannot take now (another process's lock, a full disk): a page saying
  // so, 503 with Retry-After; what the staff typed is still in the browser's form (Back).
  // A form whose shape its route's schema refuses (a field sent twice): 400, naming the fields.
  admin.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = [...new Set(error.validation.map((issue) => issue.instancePath.split("/")[1] ?? ""))].filter((name) => name !== "");
      return sendPage(reply, 400, createElement(InvalidFormPage, { view: viewFor(context, request, reply), fields }));
    }
    const unavailable = asStorageUnavailable(error);
    if (!unavailable) throw error;
    request.log.warn({ reason: unavailable.reason }, unavailable.message);
    reply.header("Retry-After", String(unavailable.retryAfterSeconds));
    return sendPage(reply, 503, createElement(UnavailablePage, { view: viewFor(context, request, reply), reason: unavailable.reason }));
  });

  // Pages are never stored; an answer that says otherwise itself (the stylesheet, the private
  // calendar feed) keeps its own caching and robots headers.
  admin.addHook("onSend", async (request, reply) => {
    // A previewed page of the site, an e-mail in the newsletter's preview, keep their own policies.
    if (!framedPolicies.has(String(reply.getHeader("Content-Security-Policy"))))
      reply.header("Content-Security-Policy", adminSecurityPolicy(servedOverHttps(config, request)));
    if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
    if (!reply.hasHeader("X-Robots-Tag")) reply.header("X-Robots-Tag", "noindex, nofollow");
  });
}

/** The guard as a plugin of the staff area's scope (`staff-guard`). */
export const staffGuard = fp(guard, { name: "staff-guard", fastify: "5.x" });

/**
 * A file of the staff area's routes as a plugin (`staff-routes-<name>`): registered in the staff
 * area's scope after the guard, which it depends on by name; registered anywhere else, the server
 * does not start. `options` is what the routes share (./context.ts), and what else they need.
 */
export function guardedRoutes<Options extends AdminContext = AdminContext>(
  name: string,
  routes: (admin: FastifyInstance, options: Options) => void,
): FastifyPluginAsync<Options> {
  return fp(async (admin: FastifyInstance, options: Options) => routes(admin, options), {
    name: `staff-routes-${name}`,
    fastify: "5.x",
    dependencies: ["staff-guard"],
  });
}
