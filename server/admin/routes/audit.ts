import type { FastifyInstance } from "fastify";
import { createElement } from "react";
import { auditPage } from "../../db/audit";
import { sendPage, viewFor, type AdminContext } from "../context";
import { inboxRoles } from "../roles";
import { AuditPage } from "../views/audit-page";

const perPage = 100;

/** `/admin/audit`: the log of every staff action, newest first. */
export function auditRoutes(admin: FastifyInstance, context: AdminContext): void {
  admin.get("/admin/audit", { config: inboxRoles }, async (request, reply) => {
    const raw = (request.query as { page?: unknown }).page;
    const page = typeof raw === "string" && /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
    const { entries, total } = auditPage(context.db, page, perPage);
    const view = viewFor(context, request, reply);
    return sendPage(reply, 200, createElement(AuditPage, { view, entries, page, pages: Math.max(1, Math.ceil(total / perPage)) }));
  });
}
