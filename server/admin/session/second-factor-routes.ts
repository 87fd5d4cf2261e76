import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { auditActions } from "../../db/audit";
import { recordStaffAction } from "../../staff/audit-log";
import type { StaffAccount } from "../../db/staff";
import { sendPage, viewFor } from "../shared/context";
import { cookieNames, readCookie, servedOverHttps } from "../shared/cookies";
import { homeFor, needsSecondFactor, publicRoute } from "../shared/roles";
import { acceptedStep, isRecoveryCodeShape, recoveryCodeHash } from "../shared/second-factor";
import { RecoveryCodesPage, SecondFactorPage, type CodeProblem } from "../shared/second-factor-page";
import { SignInPage } from "./sign-in-page";
import { startSession } from "./routes";
import { guardedRoutes, publicFormToken } from "../shared/staff-guard";
import { checkedForm } from "../shared/staff-form";
import { enrolFromForm, enrolmentCodeForm, refusedCode, refusedCodeField, sendEnrolPage, sendQrCode, throttledCheck } from "../shared/second-factor-steps";

/**
 * The second step of a sign-in: the app's code or a recovery code. Any text up to the field's
 * length is checked (and counted) as a code; only an empty or too long one is refused at the field.
 */
const signInCodeForm = z.object({ code: z.string().trim().min(1).max(40) });

/**
 * The second step of a sign-in, between a right password and a session: the code from the
 * authenticator app (or a recovery code) for an account that has a second factor, or its
 * enrolment for an account whose role needs one (`needsSecondFactor`) and has none yet. These routes are public (there is no session yet):
 * each needs the challenge cookie the right password set, the sign-in form's CSRF token and a
 * same-origin POST; a session opens only once the code is right.
 */

export const secondFactorRoutes = guardedRoutes("second-factor", (admin, context) => {
  const { staff } = context;

  /** The account whose password was right in this browser, still waiting for its second factor. */
  const challenged = (request: FastifyRequest): StaffAccount | null => {
    const token = readCookie(request, cookieNames(servedOverHttps(context.config, request)).challenge);
    return token ? staff.challenge(token, context.now()) : null;
  };
  const startAgain = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 401, createElement(SignInPage, { view: viewFor(context, request, reply), problem: { kind: "challengeExpired" } }));
  // The sign-in form's CSRF token, checked before the code is read: a forged post starts again.
  const formToken = publicFormToken(context, startAgain);
  const routes = admin.withTypeProvider<ZodTypeProvider>();

  const codePage = (request: FastifyRequest, reply: FastifyReply, status: number, problem: CodeProblem) =>
    sendPage(reply, status, createElement(SecondFactorPage, { view: viewFor(context, request, reply), problem }));

  const enrolPage = (request: FastifyRequest, reply: FastifyReply, account: StaffAccount, status: number, problem: CodeProblem) =>
    sendEnrolPage(context, { request, reply, account, status, problem }, { action: "/admin/login/enrol", required: needsSecondFactor(account.role) });

  admin.get("/admin/login/second-factor", { config: publicRoute }, async (request, reply) => {
    const account = challenged(request);
    if (!account) return reply.redirect("/admin/login", 303);
    if (!account.totp_secret) return reply.redirect("/admin/login/enrol", 303);
    return codePage(request, reply, 200, null);
  });

  routes.post(
    "/admin/login/second-factor",
    { config: publicRoute, preValidation: formToken, schema: { body: checkedForm(signInCodeForm, { fallback: "code", typedMax: 80 }) } },
    async (request, reply) => {
      const account = challenged(request);
      if (!account?.totp_secret) return startAgain(request, reply);
      if (!request.body.ok) {
        return codePage(request, reply, 400, refusedCodeField(request.body, viewFor(context, request, reply).t("secondFactor.error.code")));
      }
      const typed = request.body.value.code;
      const secret = account.totp_secret;
      const checked = await throttledCheck(context, request, account, async () => {
        if (isRecoveryCodeShape(typed)) return staff.useRecoveryCode(account.id, recoveryCodeHash(typed), context.now()) ? "recovery-code" : null;
        const step = await acceptedStep(secret, typed, context.now(), account.totp_last_step);
        return step !== null && staff.useTimeStep(account.id, step) ? "totp" : null;
      });
      if (!checked.ok) return codePage(request, reply, refusedCode(reply, checked, 401), checked.problem);
      if (checked.value === "recovery-code") {
        recordStaffAction(
          context.accounts,
          { actor: account.email, action: auditActions.recoveryCodeUsed, detail: { left: staff.recoveryCodesLeft(account.id) } },
          context.now(),
        );
      }
      startSession(context, request, reply, account, { secondFactor: checked.value });
      return reply.redirect(homeFor(account.role), 303);
    },
  );

  admin.get("/admin/login/enrol", { config: publicRoute }, async (request, reply) => {
    const account = challenged(request);
    if (!account) return reply.redirect("/admin/login", 303);
    if (account.totp_secret) return reply.redirect("/admin/login/second-factor", 303);
    return enrolPage(request, reply, account, 200, null);
  });

  admin.get("/admin/login/enrol/qr.svg", { config: publicRoute }, async (request, reply) => sendQrCode(context, reply, challenged(request)));

  routes.post(
    "/admin/login/enrol",
    { config: publicRoute, preValidation: formToken, schema: { body: checkedForm(enrolmentCodeForm, { fallback: "code", typedMax: 80 }) } },
    async (request, reply) => {
      const account = challenged(request);
      if (!account || account.totp_secret || !account.totp_pending_secret) return startAgain(request, reply);
      const secret = account.totp_pending_secret;
      const codes = await enrolFromForm(context, request, reply, { account, secret, form: request.body }, (status, problem) =>
        enrolPage(request, reply, account, status, problem),
      );
      if (!codes) return reply;
      startSession(context, request, reply, account, { secondFactor: "enrolled" });
      return sendPage(reply, 200, createElement(RecoveryCodesPage, { view: viewFor(context, request, reply), codes, next: homeFor(account.role) }));
    },
  );
});
