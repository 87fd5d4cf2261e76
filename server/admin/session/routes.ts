import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { adminLanguages } from "#locales/admin";
import { auditActions } from "../../db/audit";
import { recordStaffAction } from "../../staff/audit-log";
import { challengeLifetimeMs, sessionLifetimeMs, type StaffAccount } from "../../db/staff";
import { queryText, sendPage, signInToken, staffOf, viewFor, type AdminContext } from "../shared/context";
import { clearCookie, cookieNames, cookieOptions, readCookie, servedOverHttps } from "../shared/cookies";
import { everyRole, homeFor, needsSecondFactor, publicRoute } from "../shared/roles";
import { maximumPasswordLength } from "../shared/passwords";
import { SignInPage, type SignInProblem } from "./sign-in-page";
import { RefusedPage } from "../shared/error-pages";
import { guardedRoutes, publicFormToken } from "../shared/staff-guard";
import { buttonForm, checkedForm, namedProblems, type FieldProblems } from "../shared/staff-form";
import { countedPasswordCheck } from "../shared/password-check";

/** Where the language switch may send the browser back to: an inbox page, never another site. */
const safeBack = (value: string | undefined) => (value && /^\/admin(?:[/?]|$)/.test(value) && !value.includes("\\") ? value : "/admin");

/**
 * The sign-in form. The address is any text (trimmed): what is typed there is counted and checked
 * like any sign-in, so an address without an account and a wrong password get the same answer.
 * Only an empty field or one longer than the form allows is refused at its field, before the
 * count: nothing about any account is checked then.
 */
const signInForm = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(maximumPasswordLength),
});

/** The language switch: the language chosen, and the page to go back to (an inbox page, else the inbox). */
const languageForm = buttonForm({ lang: z.enum(adminLanguages), back: z.string().optional().transform(safeBack) });

/**
 * Opens a session for an account whose sign-in is complete: the browser's previous session and
 * its challenge are closed, the session cookie set, the sign-in recorded in the audit log. The
 * request then renders as signed in (the recovery codes' page is shown in the same answer).
 */
export function startSession(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: StaffAccount,
  detail: Record<string, unknown>,
): void {
  const https = servedOverHttps(context.config, request);
  const names = cookieNames(https);
  const previous = readCookie(request, names.session);
  if (previous) context.staff.closeSession(previous);
  const challenge = readCookie(request, names.challenge);
  if (challenge) context.staff.closeChallenge(challenge);
  const session = context.staff.openSession(account.id, context.now());
  recordStaffAction(
    context.accounts,
    { actor: account.email, action: auditActions.signIn, ...(Object.keys(detail).length > 0 ? { detail } : {}) },
    context.now(),
  );
  reply.setCookie(names.session, session.token, cookieOptions(https, sessionLifetimeMs / 1000));
  clearCookie(reply, names.signIn, https);
  if (challenge) clearCookie(reply, names.challenge, https);
  request.staffSession = { staffId: account.id, email: account.email, role: account.role, csrfToken: session.csrfToken, expiresAt: session.expiresAt };
}

/**
 * Sign-in, sign-out and the language switch. Each sign-in is counted before its password is
 * checked (server/db/sign-in-throttle.ts): past the free attempts of its client, or of its client
 * with the account typed, it is refused with 429 and the wait in `Retry-After`. A sign-in that
 * fails answers 401 with one message for every cause. The right password of an account with a
 * second factor, or of one whose role needs one (`needsSecondFactor`: admin and inbox) and has none
 * yet, opens no session: it leads to the second
 * factor's step or its enrolment (./second-factor-routes.ts). Otherwise it opens a new session (a new id
 * every time, the previous one of this browser closed) and answers 303 to the inbox.
 */
/** An address the sign-in form may come filled with (`?email=`, after a password was chosen). */
const filledAddress = z.string().trim().max(254).pipe(z.email());

export const sessionRoutes = guardedRoutes("session", (admin, context) => {
  const { staff, now } = context;

  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const signInPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    problem: SignInProblem,
    email = "",
    notice: { signedOut?: boolean; joined?: boolean; passwordSet?: boolean } = {},
    fieldProblems: FieldProblems<"email" | "password"> = {},
  ) =>
    sendPage(
      reply,
      status,
      createElement(SignInPage, {
        view: viewFor(context, request, reply),
        problem,
        email,
        signedOut: notice.signedOut ?? false,
        joined: notice.joined ?? false,
        passwordSet: notice.passwordSet ?? false,
        fieldProblems,
      }),
    );

  // `?signed-out` after signing out, `?joined` after accepting an invitation, `?password-set` after a
  // link to choose a new password was used (their values, if any, do not matter); the last two with
  // `email`, the account's address, which fills the form: only the password just chosen is left to
  // type. Anything but an address there fills nothing; the address only fills a field, and the log
  // keeps no query value (server/log.ts).
  const loginQuery = z.object({ "signed-out": queryText, joined: queryText, "password-set": queryText, email: queryText });
  routes.get("/admin/login", { config: publicRoute, schema: { querystring: loginQuery } }, async (request, reply) => {
    if (request.staffSession) return reply.redirect(homeFor(request.staffSession.role), 303);
    const { query } = request;
    const filled = filledAddress.safeParse(query.email);
    return signInPage(request, reply, 200, null, filled.success ? filled.data : "", {
      signedOut: query["signed-out"] !== undefined,
      joined: query.joined !== undefined,
      passwordSet: query["password-set"] !== undefined,
    });
  });

  const expired = (request: FastifyRequest, reply: FastifyReply) => signInPage(request, reply, 403, { kind: "expired" });
  routes.post(
    "/admin/login",
    { config: publicRoute, preValidation: publicFormToken(context, expired), schema: { body: checkedForm(signInForm, { fallback: "email", typedMax: 512 }) } },
    async (request, reply) => {
      const https = servedOverHttps(context.config, request);
      const names = cookieNames(https);
      if (!request.body.ok) {
        // Shown again: the address as typed, never the password.
        const view = viewFor(context, request, reply);
        const problems = namedProblems(request.body.problems, { email: view.t("signIn.error.email"), password: view.t("signIn.error.password") });
        return signInPage(request, reply, 400, null, request.body.typed.email ?? "", {}, problems);
      }
      const { email, password } = request.body.value;
      const account = staff.find(email);
      const checked = await countedPasswordCheck(context, request, email, account, password);
      if (checked.kind === "wait") {
        reply.header("Retry-After", String(checked.seconds));
        return signInPage(request, reply, 429, { kind: "wait", seconds: checked.seconds }, email);
      }
      if (!account || checked.kind === "wrong") {
        request.log.warn({ address: request.ip }, "admin: failed sign-in");
        return signInPage(request, reply, 401, { kind: "failed" }, email);
      }
      if (account.totp_secret || needsSecondFactor(account.role)) {
        // No session yet: a challenge that only the second factor (or its enrolment) turns into one.
        reply.setCookie(names.challenge, staff.openChallenge(account.id, now()), cookieOptions(https, challengeLifetimeMs / 1000));
        return reply.redirect(account.totp_secret ? "/admin/login/second-factor" : "/admin/login/enrol", 303);
      }
      startSession(context, request, reply, account, {});
      return reply.redirect(homeFor(account.role), 303);
    },
  );

  routes.post("/admin/logout", { config: everyRole, schema: { body: buttonForm({}) } }, async (request, reply) => {
    const https = servedOverHttps(context.config, request);
    const names = cookieNames(https);
    const token = readCookie(request, names.session);
    if (token) staff.closeSession(token);
    recordStaffAction(context.accounts, { actor: staffOf(request).email, action: auditActions.signOut }, now());
    clearCookie(reply, names.session, https);
    return reply.redirect("/admin/login?signed-out", 303);
  });

  // A forged switch: refused, and a visitor without a session gets the sign-in form's token for the next try.
  const languageRefused = (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.staffSession) signInToken(context, request, reply);
    return sendPage(reply, 403, createElement(RefusedPage, { view: viewFor(context, request, reply) }));
  };
  routes.post(
    "/admin/language",
    { config: publicRoute, preValidation: publicFormToken(context, languageRefused), schema: { body: languageForm } },
    async (request, reply) => {
      const { lang, back } = request.body;
      const https = servedOverHttps(context.config, request);
      reply.setCookie(cookieNames(https).language, lang, cookieOptions(https, 365 * 86_400));
      // A signed-in member's choice is also their e-mails' language (server/db/staff.ts mailLanguage).
      if (request.staffSession) context.staff.setLanguage(request.staffSession.staffId, lang);
      return reply.redirect(back, 303);
    },
  );
});
