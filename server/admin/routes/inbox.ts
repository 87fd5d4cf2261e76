import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { auditActions, recordAudit } from "../../db/audit";
import { exportIds, readSubmissions, toJson, type ExportRow } from "../../db/export";
import {
  allStatuses,
  detailsOf,
  formOfType,
  inboxStatuses,
  inboxViews,
  isInboxType,
  listInbox,
  statusesOf,
  type InboxStatus,
  type InboxView,
} from "../../db/inbox";
import { queryText, sendPage, staffForm, staffOf, viewFor, type AdminContext } from "../context";
import { inboxRoles } from "../roles";
import { defaultSeparator, exportSheet, isDay, separators, sheetToCsv, sheetToXlsx, type ExportQuery, type Separator } from "../spreadsheet";
import { typeName, type ViewContext } from "../view-context";
import { InboxPage, type InboxFilter } from "../views/inbox-page";
import { guardedRoutes } from "../staff-guard";

/** Submissions on one page of the inbox. */
export const perPage = 50;

/**
 * Control characters a search may not hold: C0 (tab and line breaks excepted: they separate words
 * like spaces), DEL and C1. A NUL ended the search's FTS5 phrase early (500, "unterminated string").
 */
const controlCharacters = /(?![\t\n\r])\p{Cc}/u;

/** The inbox's query string: a search, a form, a status or view, a page, only what is assigned to me (each read by `readFilter`). */
const inboxQuery = z.object({ q: queryText, type: queryText, status: queryText, page: queryText, mine: queryText });

/**
 * The inbox's filter from the query string; a value it cannot use is left out and named, and a
 * search with control characters is refused (`searchRefused`). Without a view or a status, the
 * inbox shows what waits for an answer, or everything when searching.
 */
export function readFilter(query: z.infer<typeof inboxQuery>): { filter: InboxFilter; problems: string[]; searchRefused: boolean } {
  const problems: string[] = [];
  const typed = query.q ?? "";
  const searchRefused = controlCharacters.test(typed);
  const search = searchRefused ? "" : [...typed].slice(0, 500).join("").trim();
  const filter: InboxFilter = { search, page: 1, show: search === "" ? "todo" : "all" };
  const type = query.type ?? "";
  if (type !== "") {
    if (isInboxType(type)) filter.type = type;
    else problems.push("type");
  }
  // `status` names a view (to do, done, everything) or one of the chosen form's statuses.
  const status = query.status ?? "";
  if ((inboxViews as readonly string[]).includes(status)) filter.show = status as InboxView;
  else if (status !== "") {
    const allowed: readonly string[] = filter.type ? statusesOf[filter.type] : allStatuses;
    if (allowed.includes(status)) {
      filter.status = status as InboxStatus;
      filter.show = "all";
    } else problems.push("status");
  }
  const mine = query.mine ?? "";
  if (mine === "1") filter.mine = true;
  else if (mine !== "") problems.push("mine");
  const page = query.page ?? "";
  if (page !== "") {
    if (/^[1-9][0-9]{0,5}$/.test(page)) filter.page = Number(page);
    else problems.push("page");
  }
  return { filter, problems, searchRefused };
}

/** `/admin`, the inbox, and its export. */
export const inboxRoutes = guardedRoutes("inbox", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  routes.get("/admin", { config: inboxRoles, schema: { querystring: inboxQuery } }, async (request, reply) => {
    const read = readFilter(request.query);
    const me = staffOf(request).staffId;
    const { rows, total, page, pages } = listInbox(context.db, { ...read.filter, assignedTo: read.filter.mine ? me : undefined, perPage });
    const filter = { ...read.filter, page };
    const view = viewFor(context, request, reply);
    const status = read.problems.length > 0 || read.searchRefused ? 400 : 200;
    const details = detailsOf(context.db, rows);
    return sendPage(
      reply,
      status,
      createElement(InboxPage, {
        view,
        filter,
        rows,
        details,
        total,
        pages,
        problems: read.problems,
        searchRefused: read.searchRefused,
        me: staffOf(request).email,
      }),
    );
  });

  /**
   * One form's submissions, narrowed by status and by the days received: CSV or an Excel workbook
   * for people (./spreadsheet.ts: labels, the estate's clock, names instead of codes), or the raw
   * JSON of `npm run submissions` for programs. Every export is logged.
   */
  routes.post("/admin/export", { config: inboxRoles, schema: { body: staffForm } }, async (request, reply) => {
    const view = viewFor(context, request, reply);
    const read = readExport(request.body, view);
    if ("problems" in read) {
      return sendPage(
        reply,
        400,
        createElement(InboxPage, {
          view,
          filter: { search: "", page: 1, show: "todo" },
          rows: [],
          details: new Map(),
          total: 0,
          pages: 1,
          problems: read.problems,
          searchRefused: false,
          me: staffOf(request).email,
        }),
      );
    }
    const { query, format, separator } = read;
    const day = context.now().toISOString().slice(0, 10);
    const sheet = format === "json" ? null : exportSheet(context.db, view, query);
    const rows = sheet ? sheet.rows : jsonRows(context, query);
    recordAudit(context.db, { actor: staffOf(request).email, action: auditActions.exported, detail: { ...query, format, rows: rows.length } }, context.now());
    reply.header("Content-Disposition", `attachment; filename="${query.type}-${day}.${format}"`);
    if (format === "json") return reply.type("application/json; charset=utf-8").send(toJson(rows as ExportRow[]));
    if (format === "csv") return reply.type("text/csv; charset=utf-8").send(sheetToCsv(sheet!, separator));
    return reply.type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet").send(await sheetToXlsx(sheet!, typeName(view, query.type)));
  });
});

const exportFormats = ["csv", "xlsx", "json"] as const;
type ExportFormat = (typeof exportFormats)[number];

/** The export form's fields, or the names of those that cannot be used. */
export function readExport(
  fields: Record<string, string>,
  view: ViewContext,
): { query: ExportQuery; format: ExportFormat; separator: Separator } | { problems: string[] } {
  const problems: string[] = [];
  const type = fields.type;
  if (!isInboxType(type)) problems.push("type");
  const format = fields.format as ExportFormat;
  if (!exportFormats.includes(format)) problems.push("format");
  const separator = (fields.separator || defaultSeparator(view)) as Separator;
  if (!separators.includes(separator)) problems.push("separator");
  const status = fields.status ?? "";
  if (status !== "" && (!isInboxType(type) || !(statusesOf[type] as readonly string[]).includes(status))) problems.push("status");
  for (const name of ["from", "to"] as const) if ((fields[name] ?? "") !== "" && !isDay(fields[name]!)) problems.push(name);
  if (problems.length > 0 || !isInboxType(type)) return { problems };
  const query: ExportQuery = { type };
  if (status !== "") query.status = status as InboxStatus;
  if (fields.from) query.from = fields.from;
  if (fields.to) query.to = fields.to;
  return { query, format, separator };
}

/** The raw rows of a form for the JSON export, each with its inbox status code, narrowed like the others. */
function jsonRows(context: AdminContext, query: ExportQuery): ExportRow[] {
  const statuses = inboxStatuses(context.db, query.type);
  const received = new Set(exportIds(context.db, query));
  return readSubmissions(context.db, formOfType(query.type))
    .filter((row) => received.has(String(row.id)))
    .map((row) => ({ ...row, status: statuses.get(String(row.id)) ?? null }));
}
