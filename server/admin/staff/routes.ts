import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { isStaffRole, staffRoles as roles, type StaffAccount } from "../../db/staff";
import { invitationsPending, inviteColleague, joinByInvitation, openedInvitation } from "../../staff/invite";
import { changeRole, removeAccount, resetSecondFactor } from "../../staff/manage";
import { passwordLinksPending, sendPasswordLink } from "../../staff/password-link";
import { sendPage, staffOf, viewFor } from "../shared/context";
import { signInAfterPassword } from "../shared/links";
import { newPasswordForm, newPasswordProblems } from "../shared/new-password";
import { hashPassword } from "../shared/passwords";
import { needsSecondFactor, publicRoute, requireRole } from "../shared/roles";
import type { ViewContext } from "../shared/view-context";
import { InvitationGonePage, InvitationPage } from "./invitation-page";
import { NotFoundPage } from "../shared/error-pages";
import { RemoveStaffPage, StaffPage, type StaffDone } from "./staff-page";
import { guardedRoutes, publicFormToken } from "../shared/staff-guard";
import { buttonForm, checkedForm, type FieldProblems } from "../shared/staff-form";

/** Staff management is for admin accounts only (docs/security.md). */
const staffRoles = requireRole("admin");

const doneValues = ["invited", "role", "secondFactor", "passwordLink", "removed"] as const satisfies readonly StaffDone[];
/** The staff page's query: the notice after an action (anything else shows none). */
const staffQuery = z.object({ done: z.enum(doneValues).optional().catch(undefined) });
/** An account's address (`/admin/staff/:id/…`), its number checked by the route (unknown: 404). */
const accountParams = z.object({ id: z.string() });
/** An invitation's address, its token checked by the route (unknown or used: the "gone" page). */
const invitationParams = z.object({ token: z.string() });
/** An address as the invitation form takes it: one @, no spaces, a dot in the domain. */
const emailPattern = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** The invitation form: a colleague's address (compared lower-cased) and the role they get. */
const invitationForm = z.object({
  email: z.string().trim().toLowerCase().max(254).regex(emailPattern),
  role: z.enum(roles),
});

/** An account's role, chosen from the list beside it. */
const roleForm = z.object({ role: z.enum(roles) });
/** Removing an account: the confirmation step's field, absent until that step is shown and confirmed. */
const removalForm = buttonForm({ confirm: z.literal("yes").optional() });

/**
 * Staff management in the browser, for admins: invite a colleague with a
 * one-time link sent by e-mail, change a role, reset a second factor, send a colleague who forgot
 * their password a one-time link to choose a new one (./password-link.ts), remove an account after a
 * confirmation step. Nobody removes themselves, and the last admin can neither be removed nor
 * lose the role. Each action is in the audit log. The invitation's link is public: its token is
 * its key, and its form carries the sign-in form's CSRF token.
 */
export const staffRoutes = guardedRoutes("staff", (admin, context) => {
  const { staff, accounts } = context;
  const routes = admin.withTypeProvider<ZodTypeProvider>();

  const list = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: { done?: StaffDone | null; problems?: string[]; fieldProblems?: FieldProblems<"email" | "role">; typed?: { email?: string; role?: string } },
  ) =>
    sendPage(
      reply,
      status,
      createElement(StaffPage, {
        view: viewFor(context, request, reply),
        accounts: staff.list(),
        invitations: invitationsPending(accounts, context.now()),
        passwordLinks: passwordLinksPending(accounts, context.now()),
        done: extra.done ?? null,
        problems: extra.problems ?? [],
        fieldProblems: extra.fieldProblems ?? {},
        typed: extra.typed ?? {},
      }),
    );

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 404, createElement(NotFoundPage, { view: viewFor(context, request, reply) }));

  /** The account a URL names, by its number. */
  const target = ({ id }: z.infer<typeof accountParams>): StaffAccount | null => (/^[1-9]\d{0,8}$/.test(id) ? staff.byId(Number(id)) : null);

  routes.get("/admin/staff", { config: staffRoles, schema: { querystring: staffQuery } }, async (request, reply) =>
    list(request, reply, 200, { done: request.query.done ?? null }),
  );

  routes.post(
    "/admin/staff/invite",
    { config: staffRoles, schema: { body: checkedForm(invitationForm, { fallback: "email", typedMax: 254 }) } },
    async (request, reply) => {
      const view = viewFor(context, request, reply);
      const { typed } = request.body;
      const kept = { email: typed.email ?? "", role: isStaffRole(typed.role) ? typed.role : "inbox" };
      const problems: FieldProblems<"email" | "role"> = request.body.ok
        ? staff.find(request.body.value.email)
          ? { email: view.t("staff.error.exists") }
          : {}
        : {};
      if (!request.body.ok) {
        if (request.body.problems.email) problems.email = view.t("staff.error.email");
        if (request.body.problems.role) problems.role = view.t("staff.error.role");
      }
      if (!request.body.ok || Object.keys(problems).length > 0) return list(request, reply, 400, { fieldProblems: problems, typed: kept });
      const { email, role } = request.body.value;
      await inviteColleague(accounts, { email, role, by: staffOf(request).email, lang: view.lang, secondFactor: needsSecondFactor(role) }, context.now());
      context.kickMail();
      return reply.redirect("/admin/staff?done=invited", 303);
    },
  );

  routes.post(
    "/admin/staff/:id/role",
    { config: staffRoles, schema: { params: accountParams, body: checkedForm(roleForm, { fallback: "role" }) } },
    async (request, reply) => {
      const account = target(request.params);
      if (!account) return notFound(request, reply);
      const view = viewFor(context, request, reply);
      if (!request.body.ok) return list(request, reply, 400, { problems: [view.t("staff.error.role")] });
      const { role } = request.body.value;
      if (account.role === "admin" && role !== "admin" && staff.adminCount() === 1)
        return list(request, reply, 409, { problems: [view.t("staff.error.lastAdmin")] });
      await changeRole(accounts, account, role, staffOf(request).email, context.now());
      // A change of one's own role ends one's own session too: the sign-in page follows.
      return reply.redirect("/admin/staff?done=role", 303);
    },
  );

  routes.post("/admin/staff/:id/second-factor", { config: staffRoles, schema: { params: accountParams, body: buttonForm({}) } }, async (request, reply) => {
    const account = target(request.params);
    if (!account) return notFound(request, reply);
    await resetSecondFactor(accounts, account, staffOf(request).email, context.now());
    return reply.redirect("/admin/staff?done=secondFactor", 303);
  });

  // A link to choose a new password, mailed to the colleague in their language; the password and
  // the second factor stay as they are until the link is used.
  routes.post("/admin/staff/:id/password-link", { config: staffRoles, schema: { params: accountParams, body: buttonForm({}) } }, async (request, reply) => {
    const account = target(request.params);
    if (!account) return notFound(request, reply);
    const view = viewFor(context, request, reply);
    await sendPasswordLink(accounts, account, { by: staffOf(request).email, lang: view.lang }, context.now());
    context.kickMail();
    return reply.redirect("/admin/staff?done=passwordLink", 303);
  });

  const removable = (request: FastifyRequest, account: StaffAccount, view: ViewContext): string | null => {
    if (account.id === staffOf(request).staffId) return view.t("staff.error.self");
    if (account.role === "admin" && staff.adminCount() === 1) return view.t("staff.error.lastAdmin");
    return null;
  };

  routes.get("/admin/staff/:id/remove", { config: staffRoles, schema: { params: accountParams } }, async (request, reply) => {
    const account = target(request.params);
    if (!account) return notFound(request, reply);
    const view = viewFor(context, request, reply);
    const problem = removable(request, account, view);
    if (problem) return list(request, reply, 409, { problems: [problem] });
    return sendPage(reply, 200, createElement(RemoveStaffPage, { view, account }));
  });

  routes.post("/admin/staff/:id/remove", { config: staffRoles, schema: { params: accountParams, body: removalForm } }, async (request, reply) => {
    const account = target(request.params);
    if (!account) return notFound(request, reply);
    const view = viewFor(context, request, reply);
    const problem = removable(request, account, view);
    if (problem) return list(request, reply, 409, { problems: [problem] });
    // Without the confirmation step's field, show that step instead of removing.
    if (request.body.confirm !== "yes") return sendPage(reply, 200, createElement(RemoveStaffPage, { view, account }));
    await removeAccount(accounts, account, staffOf(request).email, context.now());
    return reply.redirect("/admin/staff?done=removed", 303);
  });

  // The invitation's link: public, opened by its token alone.
  const gone = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 404, createElement(InvitationGonePage, { view: viewFor(context, request, reply) }));

  routes.get("/admin/invite/:token", { config: publicRoute, schema: { params: invitationParams } }, async (request, reply) => {
    const { token } = request.params;
    const invitation = openedInvitation(accounts, token, context.now());
    if (!invitation) return gone(request, reply);
    return sendPage(reply, 200, createElement(InvitationPage, { view: viewFor(context, request, reply), invitation, token, problems: {} }));
  });

  // The invitation's form carries the sign-in form's CSRF token: a forged post finds the link gone.
  const forged = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 403, createElement(InvitationGonePage, { view: viewFor(context, request, reply) }));
  routes.post(
    "/admin/invite/:token",
    {
      config: publicRoute,
      preValidation: publicFormToken(context, forged),
      schema: { params: invitationParams, body: checkedForm(newPasswordForm, { fallback: "password" }) },
    },
    async (request, reply) => {
      const { token } = request.params;
      const view = viewFor(context, request, reply);
      const invitation = openedInvitation(accounts, token, context.now());
      if (!invitation) return gone(request, reply);
      const problems = newPasswordProblems(view, request.body, invitation.email);
      if (!request.body.ok || Object.keys(problems).length > 0)
        return sendPage(reply, 400, createElement(InvitationPage, { view, invitation, token, problems }));
      const { password } = request.body.value;
      const joined = await joinByInvitation(accounts, token, await hashPassword(password), context.now());
      if (!joined) return gone(request, reply);
      return reply.redirect(signInAfterPassword("joined", joined.email), 303);
    },
  );
});
