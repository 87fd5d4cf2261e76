import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { invitationTokenPattern } from "../../db/invitations";
import { openedPasswordLink, setPasswordByLink } from "../../staff/password-link";
import { sendPage, viewFor } from "../shared/context";
import { signInAfterPassword } from "../shared/links";
import { newPasswordForm, newPasswordProblems } from "../shared/new-password";
import { hashPassword } from "../shared/passwords";
import { publicRoute } from "../shared/roles";
import { guardedRoutes, publicFormToken } from "../shared/staff-guard";
import { checkedForm } from "../shared/staff-form";
import { PasswordLinkGonePage, PasswordLinkPage } from "./password-link-page";

/** A link's address, its token checked by the route (unknown, used or expired: the "gone" page). */
const linkParams = z.object({ token: z.string() });

/**
 * The page a link to choose a new password opens (sent by an admin from the staff page,
 * ./staff.ts). Public: the link's token is its key, and its form carries the sign-in form's CSRF
 * token (or the session's, in a browser signed in to another account). The new password follows
 * the invitation's rules; once it is set the link is spent, the account's sessions end, and its
 * second factor stays as it was.
 */
export const passwordLinkRoutes = guardedRoutes("password-link", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const { accounts } = context;

  const gone = (request: FastifyRequest, reply: FastifyReply, status = 404) =>
    sendPage(reply, status, createElement(PasswordLinkGonePage, { view: viewFor(context, request, reply) }));

  routes.get("/admin/password/:token", { config: publicRoute, schema: { params: linkParams } }, async (request, reply) => {
    const { token } = request.params;
    const link = openedPasswordLink(accounts, token, context.now());
    if (!link) return gone(request, reply);
    return sendPage(reply, 200, createElement(PasswordLinkPage, { view: viewFor(context, request, reply), link, token, problems: {} }));
  });

  // A forged post finds the link gone, and changes nothing.
  const forged = (request: FastifyRequest, reply: FastifyReply) => gone(request, reply, 403);
  routes.post(
    "/admin/password/:token",
    {
      config: publicRoute,
      preValidation: publicFormToken(context, forged),
      schema: { params: linkParams, body: checkedForm(newPasswordForm, { fallback: "password" }) },
    },
    async (request, reply) => {
      const { token } = request.params;
      const view = viewFor(context, request, reply);
      const link = invitationTokenPattern.test(token) ? openedPasswordLink(accounts, token, context.now()) : null;
      if (!link) return gone(request, reply);
      const problems = newPasswordProblems(view, request.body, link.email);
      if (!request.body.ok || Object.keys(problems).length > 0) return sendPage(reply, 400, createElement(PasswordLinkPage, { view, link, token, problems }));
      const hash = await hashPassword(request.body.value.password);
      const used = await setPasswordByLink(accounts, token, hash, context.now());
      // Used meanwhile in another tab, or its account removed.
      if (!used) return gone(request, reply);
      // The sign-in form comes with the address filled; the second factor is still asked, so no session opens here.
      return reply.redirect(signInAfterPassword("password-set", used.email), 303);
    },
  );
});
