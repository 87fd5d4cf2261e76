import type { FastifyInstance } from "fastify";
import { createElement } from "react";
import { auditActions, recordAudit } from "../../db/audit";
import { exportColumns, readSubmissions, toCsv, toJson } from "../../db/export";
import { formOfType, isInboxType, listInbox, statusesOf, allStatuses, type InboxStatus } from "../../db/inbox";
import { formFields, sendPage, viewFor, type AdminContext } from "../context";
import { inboxRoles } from "../roles";
import { InboxPage, type InboxFilter } from "../views/inbox-page";

/** Submissions on one page of the inbox. */
export const perPage = 50;

/**
 * Control characters a search may not hold: C0 (tab and line breaks excepted: they separate words
 * like spaces), DEL and C1. A NUL ended the search's FTS5 phrase early (500, "unterminated string").
 */
const controlCharacters = /(?![\t\n\r])\p{Cc}/u;

/**
 * The inbox's filter from the query string; a value it cannot use is left out and named, and a
 * search with control characters is refused (`searchRefused`).
 */
export function readFilter(query: Record<string, unknown>): { filter: InboxFilter; problems: string[]; searchRefused: boolean } {
  const problems: string[] = [];
  const text = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : "");
  const typed = text("q");
  const searchRefused = controlCharacters.test(typed);
  const filter: InboxFilter = { search: searchRefused ? "" : [...typed].slice(0, 500).join("").trim(), page: 1 };
  const type = text("type");
  if (type !== "") {
    if (isInboxType(type)) filter.type = type;
    else problems.push("type");
  }
  const status = text("status");
  if (status !== "") {
    const allowed: readonly string[] = filter.type ? statusesOf[filter.type] : allStatuses;
    if (allowed.includes(status)) filter.status = status as InboxStatus;
    else problems.push("status");
  }
  const page = text("page");
  if (page !== "") {
    if (/^[1-9][0-9]{0,5}$/.test(page)) filter.page = Number(page);
    else problems.push("page");
  }
  return { filter, problems, searchRefused };
}

/** `/admin`, the inbox, and its export. */
export function inboxRoutes(admin: FastifyInstance, context: AdminContext): void {
  admin.get("/admin", { config: inboxRoles }, async (request, reply) => {
    const { filter, problems, searchRefused } = readFilter(request.query as Record<string, unknown>);
    const { rows, total } = listInbox(context.db, { ...filter, perPage });
    const pages = Math.max(1, Math.ceil(total / perPage));
    const view = viewFor(context, request, reply);
    const status = problems.length > 0 || searchRefused ? 400 : 200;
    return sendPage(reply, status, createElement(InboxPage, { view, filter, rows, total, pages, problems, searchRefused }));
  });

  /**
   * Every submission of one form as CSV or JSON: the export of `npm run submissions`
   * (server/db/export.ts, formula-safe), with each submission's inbox status added.
   */
  admin.post("/admin/export", { config: inboxRoles }, async (request, reply) => {
    const fields = formFields(request);
    const format = fields.format;
    if (!isInboxType(fields.type) || (format !== "csv" && format !== "json")) {
      const view = viewFor(context, request, reply);
      const problems = [...(isInboxType(fields.type) ? [] : ["type"]), ...(format === "csv" || format === "json" ? [] : ["format"])];
      return sendPage(reply, 400, createElement(InboxPage, { view, filter: { search: "", page: 1 }, rows: [], total: 0, pages: 1, problems, searchRefused: false }));
    }
    const type = fields.type;
    const form = formOfType(type);
    const statuses = new Map(
      (context.db.prepare("SELECT submission_id, status FROM inbox WHERE type = ?").all(type) as { submission_id: string; status: string }[]).map(
        (row) => [row.submission_id, row.status],
      ),
    );
    const rows = readSubmissions(context.db, form).map((row) => ({ ...row, status: statuses.get(String(row.id)) ?? null }));
    recordAudit(context.db, { actor: request.staffSession!.email, action: auditActions.exported, detail: { type, format, rows: rows.length } }, context.now());
    const day = context.now().toISOString().slice(0, 10);
    const body = format === "json" ? toJson(rows) : toCsv([...exportColumns(form), "status"], rows);
    return reply
      .type(format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${type}-${day}.${format}"`)
      .send(body);
  });
}
