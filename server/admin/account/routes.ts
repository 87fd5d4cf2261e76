import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import type { StaffAccount } from "../../db/staff";
import { z } from "zod";
import { changeOwnPassword } from "../../staff/change-password";
import { feedTokenOf } from "../../staff/calendar-feed";
import { queryText, sendPage, viewFor } from "../shared/context";
import { clearCookie, cookieNames, readCookie, servedOverHttps } from "../shared/cookies";
import { newPasswordField, newPasswordProblems, typedTwice } from "../shared/new-password";
import { hashPassword, maximumPasswordLength } from "../shared/passwords";
import { everyRole, inboxRoles, roleAllows } from "../shared/roles";
import { feedPath } from "../../bookings/staff-feed";
import { CalendarFeedPanel } from "./calendar-feed-panel";
import { AccountPage, type PasswordChangeField } from "./account-page";
import { waitMessage } from "../shared/view-context";
import { RecoveryCodesPage, type CodeProblem } from "../shared/second-factor-page";
import { enrolFromForm, enrolmentCodeForm, sendEnrolPage, sendQrCode } from "../shared/second-factor-steps";
import { countedPasswordCheck } from "../shared/password-check";
import { guardedRoutes } from "../shared/staff-guard";
import { checkedForm, type FieldProblems } from "../shared/staff-form";

/**
 * Changing one's own password: the current one (any text up to the longest password: it is
 * checked, and counted like a sign-in), the new one within its lengths, and the same again.
 */
const passwordChangeForm = z
  .object({ current: z.string().min(1).max(maximumPasswordLength), password: newPasswordField, again: z.string() })
  .superRefine(typedTwice);

/**
 * `/admin/account`: the signed-in member of the staff's own account (address, role, second
 * factor), changing its password, and the second factor's enrolment for those whose role does
 * not require it.
 */
export const accountRoutes = guardedRoutes("account", (admin, context) => {
  /** The signed-in account, read again (its second factor may have changed since sign-in). */
  const own = (request: FastifyRequest): StaffAccount | null => (request.staffSession ? context.staff.byId(request.staffSession.staffId) : null);

  const enrolPage = (request: FastifyRequest, reply: FastifyReply, account: StaffAccount, status: number, problem: CodeProblem) =>
    sendEnrolPage(context, { request, reply, account, status, problem }, { action: "/admin/account/second-factor", required: false });

  const accountPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    account: StaffAccount,
    status: number,
    extra: { renewed?: boolean; passwordChanged?: boolean; passwordProblems?: FieldProblems<PasswordChangeField> } = {},
  ) => {
    const view = viewFor(context, request, reply);
    // The calendar feed of confirmed tours, for accounts that open the inbox.
    const feed = roleAllows(inboxRoles, account.role)
      ? createElement(CalendarFeedPanel, {
          view,
          url: new URL(feedPath(feedTokenOf(context.accounts, account.id, context.now())), context.config.SITE_URL).toString(),
          renewed: extra.renewed ?? false,
        })
      : null;
    return sendPage(
      reply,
      status,
      createElement(AccountPage, {
        view,
        account,
        recoveryCodesLeft: context.staff.recoveryCodesLeft(account.id),
        feed,
        passwordChanged: extra.passwordChanged ?? false,
        passwordProblems: extra.passwordProblems ?? {},
      }),
    );
  };

  // `?feed=renewed` after the calendar feed's address was renewed, `?password=changed` after the password was.
  admin
    .withTypeProvider<ZodTypeProvider>()
    .get("/admin/account", { config: everyRole, schema: { querystring: z.object({ feed: queryText, password: queryText }) } }, async (request, reply) => {
      const account = own(request);
      if (!account) return reply.redirect("/admin/login", 303);
      return accountPage(request, reply, account, 200, { renewed: request.query.feed === "renewed", passwordChanged: request.query.password === "changed" });
    });

  /**
   * A new password for one's own account. The new one's rules are checked first (nothing is
   * counted for them); then the current password, counted by the sign-in throttle under this
   * client and this account, so the form cannot be used to guess more than the sign-in allows. A
   * right one: the new password is set, the account's other sessions end (this browser's stays),
   * the audit log keeps it and the account's address is told by e-mail.
   */
  admin
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/account/password",
      { config: everyRole, schema: { body: checkedForm(passwordChangeForm, { fallback: "current" }) } },
      async (request, reply) => {
        const account = own(request);
        if (!account) return reply.redirect("/admin/login", 303);
        const view = viewFor(context, request, reply);
        // In the form's order: the current password first.
        const problems: FieldProblems<PasswordChangeField> = {
          ...(!request.body.ok && request.body.problems.current ? { current: view.t("password.error.current") } : {}),
          ...newPasswordProblems(view, request.body, account.email),
        };
        if (!request.body.ok || Object.keys(problems).length > 0) return accountPage(request, reply, account, 400, { passwordProblems: problems });

        const { current, password } = request.body.value;
        const checked = await countedPasswordCheck(context, request, account.email, account, current);
        if (checked.kind === "wait") {
          reply.header("Retry-After", String(checked.seconds));
          return accountPage(request, reply, account, 429, { passwordProblems: { current: waitMessage(view, checked.seconds) } });
        }
        if (checked.kind === "wrong") {
          request.log.warn({ staffId: account.id, address: request.ip }, "admin: wrong current password at a password change");
          return accountPage(request, reply, account, 400, { passwordProblems: { current: view.t("password.error.wrong") } });
        }

        const hash = await hashPassword(password);
        const https = servedOverHttps(context.config, request);
        const session = readCookie(request, cookieNames(https).session);
        const changed = await changeOwnPassword(
          context.accounts,
          account,
          { passwordHash: hash, keepSession: session ?? null, lang: view.lang },
          context.now(),
        );
        // The account was removed meanwhile: its session went with it.
        if (!changed) {
          clearCookie(reply, cookieNames(https).session, https);
          return reply.redirect("/admin/login", 303);
        }
        context.kickMail();
        return reply.redirect("/admin/account?password=changed", 303);
      },
    );

  admin.get("/admin/account/second-factor", { config: everyRole }, async (request, reply) => {
    const account = own(request);
    if (!account || account.totp_secret) return reply.redirect("/admin/account", 303);
    return enrolPage(request, reply, account, 200, null);
  });

  admin.get("/admin/account/second-factor/qr.svg", { config: everyRole }, async (request, reply) => sendQrCode(context, reply, own(request)));

  admin
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/account/second-factor",
      { config: everyRole, schema: { body: checkedForm(enrolmentCodeForm, { fallback: "code", typedMax: 80 }) } },
      async (request, reply) => {
        const account = own(request);
        if (!account || account.totp_secret || !account.totp_pending_secret) return reply.redirect("/admin/account", 303);
        const secret = account.totp_pending_secret;
        const codes = await enrolFromForm(context, request, reply, { account, secret, form: request.body }, (status, problem) =>
          enrolPage(request, reply, account, status, problem),
        );
        if (!codes) return reply;
        return sendPage(reply, 200, createElement(RecoveryCodesPage, { view: viewFor(context, request, reply), codes, next: "/admin/account" }));
      },
    );
});
