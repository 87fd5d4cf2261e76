import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import type { StaffAccount } from "../../db/staff";
import { z } from "zod";
import { queryText, sendPage, viewFor } from "../context";
import { everyRole, inboxRoles, roleAllows } from "../roles";
import { feedPath } from "../../bookings/staff-feed";
import { feedToken } from "../../db/staff-feeds";
import { CalendarFeedPanel } from "../views/calendar-feed-panel";
import { AccountPage } from "../views/account-page";
import { RecoveryCodesPage, type CodeProblem } from "../views/second-factor-page";
import { confirmEnrolment, enrolmentCodeForm, refusedCode, refusedCodeField, sendEnrolPage, sendQrCode, throttledCheck } from "./second-factor";
import { guardedRoutes } from "../staff-guard";
import { checkedForm } from "../staff-form";

/**
 * `/admin/account`: the signed-in member of the staff's own account (address, role, second
 * factor), and the second factor's enrolment for those whose role does not require it.
 */
export const accountRoutes = guardedRoutes("account", (admin, context) => {
  /** The signed-in account, read again (its second factor may have changed since sign-in). */
  const own = (request: FastifyRequest): StaffAccount | null => (request.staffSession ? context.staff.byId(request.staffSession.staffId) : null);

  const enrolPage = (request: FastifyRequest, reply: FastifyReply, account: StaffAccount, status: number, problem: CodeProblem) =>
    sendEnrolPage(context, { request, reply, account, status, problem }, { action: "/admin/account/second-factor", required: false });

  // `?feed=renewed` after the calendar feed's address was renewed.
  admin
    .withTypeProvider<ZodTypeProvider>()
    .get("/admin/account", { config: everyRole, schema: { querystring: z.object({ feed: queryText }) } }, async (request, reply) => {
      const account = own(request);
      if (!account) return reply.redirect("/admin/login", 303);
      const view = viewFor(context, request, reply);
      // The calendar feed of confirmed tours, for accounts that open the inbox.
      const feed = roleAllows(inboxRoles, account.role)
        ? createElement(CalendarFeedPanel, {
            view,
            url: new URL(feedPath(feedToken(context.db, account.id, context.now())), context.config.SITE_URL).toString(),
            renewed: request.query.feed === "renewed",
          })
        : null;
      return sendPage(reply, 200, createElement(AccountPage, { view, account, recoveryCodesLeft: context.staff.recoveryCodesLeft(account.id), feed }));
    });

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
        if (!request.body.ok) {
          return enrolPage(request, reply, account, 400, refusedCodeField(request.body, viewFor(context, request, reply).t("enrol.error.code")));
        }
        const secret = account.totp_pending_secret;
        const { code } = request.body.value;
        const checked = await throttledCheck(context, request, account, () => confirmEnrolment(context, account, secret, code));
        if (!checked.ok) return enrolPage(request, reply, account, refusedCode(reply, checked, 400), checked.problem);
        return sendPage(reply, 200, createElement(RecoveryCodesPage, { view: viewFor(context, request, reply), codes: checked.value, next: "/admin/account" }));
      },
    );
});
