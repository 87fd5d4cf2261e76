import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { auditLogPage } from "../../staff/audit-log";
import { queryText, sendPage, viewFor } from "../shared/context";
import { inboxRoles } from "../shared/roles";
import { AuditPage } from "./audit-page";
import { guardedRoutes } from "../shared/staff-guard";

const perPage = 100;

/** `/admin/audit`: the log of every staff action, newest first. */
export const auditRoutes = guardedRoutes("audit", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  routes.get("/admin/audit", { config: inboxRoles, schema: { querystring: z.object({ page: queryText }) } }, async (request, reply) => {
    const raw = request.query.page;
    const page = raw !== undefined && /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
    const { entries, total } = auditLogPage(context.accounts, page, perPage);
    const view = viewFor(context, request, reply);
    return sendPage(reply, 200, createElement(AuditPage, { view, entries, page, pages: Math.max(1, Math.ceil(total / perPage)) }));
  });
});
