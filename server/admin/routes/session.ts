import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createElement } from "react";
import { isAdminLanguage } from "#locales/admin";
import { auditActions, recordAudit } from "../../db/audit";
import { throttleKeys } from "../../db/sign-in-throttle";
import { sessionLifetimeMs } from "../../db/staff";
import { formFields, sendPage, signInToken, viewFor, type AdminContext } from "../context";
import { clearCookie, cookieNames, cookieOptions, readCookie, servedOverHttps } from "../cookies";
import { tokensMatch } from "../guard";
import { dummyHash, maximumPasswordLength, verifyPassword } from "../passwords";
import { RefusedPage, SignInPage, type SignInProblem } from "../views/sign-in-page";

/** Routes anyone may reach: the sign-in form and the language switch (they check their own tokens). */
export const publicRoute = { adminPublic: true };

/** Where the language switch may send the browser back to: an inbox page, never another site. */
const safeBack = (value: string | undefined) => (value && /^\/admin(?:[/?]|$)/.test(value) && !value.includes("\\") ? value : "/admin");

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sign-in, sign-out and the language switch. Each sign-in is counted before its password is
 * checked (server/db/sign-in-throttle.ts): past the free attempts of its client, or of its client
 * with the account typed, it is refused with 429 and the wait in `Retry-After`. A sign-in that
 * fails answers 401 with one message for every cause. A success opens a new session (a new id
 * every time, the previous one of this browser closed) and answers 303 to the inbox.
 */
export function sessionRoutes(admin: FastifyInstance, context: AdminContext): void {
  const { staff, now } = context;

  const signInPage = (request: FastifyRequest, reply: FastifyReply, status: number, problem: SignInProblem, email = "") =>
    sendPage(reply, status, createElement(SignInPage, { view: viewFor(context, request, reply), problem, email, signedOut: "signed-out" in (request.query as object) }));

  admin.get("/admin/login", { config: publicRoute }, async (request, reply) => {
    if (request.staffSession) return reply.redirect("/admin", 303);
    return signInPage(request, reply, 200, null);
  });

  admin.post("/admin/login", { config: publicRoute }, async (request, reply) => {
    const fields = formFields(request);
    const https = servedOverHttps(context.config, request);
    const names = cookieNames(https);
    if (!tokensMatch(fields._csrf, readCookie(request, names.signIn))) return signInPage(request, reply, 403, { kind: "expired" });
    const email = typeof fields.email === "string" ? fields.email.trim().slice(0, 254) : "";
    const password = typeof fields.password === "string" ? fields.password : "";
    const keys = throttleKeys(request.ip, email);
    const reservation = context.throttle.reserve("password", keys, now());
    if (!reservation.allowed) {
      const seconds = Math.ceil(reservation.retryAfterMs / 1000);
      reply.header("Retry-After", String(seconds));
      return signInPage(request, reply, 429, { kind: "wait", seconds }, email);
    }
    // The same work whether the address has an account or not: a wrong address is not faster.
    const account = email ? staff.find(email) : null;
    if (reservation.alert) {
      // Named by its number, never its address: the log outlives what it names.
      request.log.warn({ staffId: account?.id ?? null }, "admin: one account has had many failed sign-ins from several clients today: each further attempt at it waits");
    }
    if (reservation.delayMs > 0) await sleep(reservation.delayMs);
    const matches = await verifyPassword(account?.password_hash ?? (await dummyHash()), password.slice(0, maximumPasswordLength));
    if (!account || !matches || password.length > maximumPasswordLength) {
      request.log.warn({ address: request.ip }, "admin: failed sign-in");
      return signInPage(request, reply, 401, { kind: "failed" }, email);
    }
    context.throttle.succeeded("password", keys);
    const previous = readCookie(request, names.session);
    if (previous) staff.closeSession(previous);
    const session = staff.openSession(account.id, now());
    recordAudit(context.db, { actor: account.email, action: auditActions.signIn }, now());
    reply.setCookie(names.session, session.token, cookieOptions(https, sessionLifetimeMs / 1000));
    clearCookie(reply, names.signIn, https);
    return reply.redirect("/admin", 303);
  });

  admin.post("/admin/logout", async (request, reply) => {
    const https = servedOverHttps(context.config, request);
    const names = cookieNames(https);
    const token = readCookie(request, names.session);
    if (token) staff.closeSession(token);
    recordAudit(context.db, { actor: request.staffSession!.email, action: auditActions.signOut }, now());
    clearCookie(reply, names.session, https);
    return reply.redirect("/admin/login?signed-out", 303);
  });

  admin.post("/admin/language", { config: publicRoute }, async (request, reply) => {
    const fields = formFields(request);
    const https = servedOverHttps(context.config, request);
    const expected = request.staffSession?.csrfToken ?? readCookie(request, cookieNames(https).signIn);
    if (!tokensMatch(fields._csrf, expected)) {
      if (!request.staffSession) signInToken(context, request, reply);
      return sendPage(reply, 403, createElement(RefusedPage, { view: viewFor(context, request, reply) }));
    }
    if (isAdminLanguage(fields.lang)) reply.setCookie(cookieNames(https).language, fields.lang, cookieOptions(https, 365 * 86_400));
    return reply.redirect(safeBack(fields.back), 303);
  });
}
