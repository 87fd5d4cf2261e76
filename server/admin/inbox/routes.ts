import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { allStatuses, inboxTypes, inboxViews, isInboxType, statusesOf } from "../../forms";
import { exportDataOf, jsonExportOf, recordExport } from "../../inbox/export";
import { inboxList } from "../../inbox/read";
import { queryText, sendPage, staffOf, viewFor, type AdminContext } from "../shared/context";
import { inboxRoles } from "../shared/roles";
import { defaultSeparator, exportSheet, isDay, separators, sheetToCsv, sheetToXlsx, type ExportQuery } from "../shared/spreadsheet";
import { typeName, type ViewContext } from "../shared/view-context";
import { InboxPage, type ExportField, type ExportRefusal, type InboxFilter } from "./inbox-page";
import { guardedRoutes } from "../shared/staff-guard";
import { checkedForm, namedProblems } from "../shared/staff-form";

/** Submissions on one page of the inbox. */
const perPage = 50;

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
function readFilter(query: z.infer<typeof inboxQuery>): { filter: InboxFilter; problems: string[]; searchRefused: boolean } {
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
  const view = z.enum(inboxViews).safeParse(status);
  const one = z.enum(filter.type ? statusesOf(filter.type) : allStatuses).safeParse(status);
  if (view.success) filter.show = view.data;
  else if (one.success) {
    filter.status = one.data;
    filter.show = "all";
  } else if (status !== "") problems.push("status");
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

/** The inbox's page for a query; with `exportRefused`, its export form as sent, each refused field named. */
function sendInboxPage(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: z.infer<typeof inboxQuery>,
  exportRefused: ExportRefusal | null = null,
) {
  const read = readFilter(query);
  const me = staffOf(request).staffId;
  const { rows, details, times, total, page, pages } = inboxList(context.bookings, { ...read.filter, assignedTo: read.filter.mine ? me : undefined, perPage });
  const filter = { ...read.filter, page };
  const view = viewFor(context, request, reply);
  const status = read.problems.length > 0 || read.searchRefused || exportRefused ? 400 : 200;
  return sendPage(
    reply,
    status,
    createElement(InboxPage, {
      view,
      filter,
      rows,
      details,
      times,
      total,
      pages,
      problems: read.problems,
      searchRefused: read.searchRefused,
      me: staffOf(request).email,
      exportRefused,
    }),
  );
}

/** `/admin`, the inbox, and its export. */
export const inboxRoutes = guardedRoutes("inbox", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  routes.get("/admin", { config: inboxRoles, schema: { querystring: inboxQuery } }, async (request, reply) =>
    sendInboxPage(context, request, reply, request.query),
  );

  /**
   * One form's submissions, narrowed by status and by the days received: CSV or an Excel workbook
   * for people (./spreadsheet.ts: labels, the estate's clock, names instead of codes), or the raw
   * JSON of `npm run submissions` for programs. Every export is logged.
   */
  routes.post(
    "/admin/export",
    { config: inboxRoles, schema: { body: checkedForm(exportForm, { fallback: "type", typedMax: 100 }) } },
    async (request, reply) => {
      const view = viewFor(context, request, reply);
      if (!request.body.ok) {
        // The inbox as it opens, with the export form as it was sent and each refused field named.
        const problems = namedProblems(request.body.problems, exportProblems(view));
        return sendInboxPage(context, request, reply, {}, { typed: request.body.typed, problems });
      }
      const { type, status, from, to, format } = request.body.value;
      const separator = request.body.value.separator || defaultSeparator(view);
      const query: ExportQuery = { type, ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };
      const day = context.now().toISOString().slice(0, 10);
      /** Every export is logged, with how many rows it holds. */
      const exported = async (rows: number) => {
        await recordExport(context.bookings, staffOf(request).email, { ...query, format, rows });
        reply.header("Content-Disposition", `attachment; filename="${query.type}-${day}.${format}"`);
      };
      if (format === "json") {
        const { rows, json } = jsonExportOf(context.bookings, query);
        await exported(rows);
        return reply.type("application/json; charset=utf-8").send(json);
      }
      const sheet = exportSheet(view, query, exportDataOf(context.bookings, query));
      await exported(sheet.rows.length);
      if (format === "csv") return reply.type("text/csv; charset=utf-8").send(sheetToCsv(sheet, separator));
      return reply.type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet").send(await sheetToXlsx(sheet, typeName(view, query.type)));
    },
  );
});

const exportFormats = ["csv", "xlsx", "json"] as const;
/** A day of the export's range, `YYYY-MM-DD`, or nothing. */
const exportDay = z.union([z.literal(""), z.string().refine(isDay)]).default("");

/**
 * The export form: a form's submissions (one of its statuses, or all), the days received (either
 * end open), the file's format and, for CSV, its separator (the staff member's Excel's by default).
 */
const exportForm = z
  .object({
    type: z.enum(inboxTypes),
    status: z.union([z.literal(""), z.enum(allStatuses)]).default(""),
    from: exportDay,
    to: exportDay,
    format: z.enum(exportFormats),
    separator: z.union([z.literal(""), z.enum(separators)]).default(""),
  })
  .superRefine((form, context) => {
    if (form.status !== "" && !z.enum(statusesOf(form.type)).safeParse(form.status).success)
      context.addIssue({ code: "custom", path: ["status"], message: "status" });
  });

/** What each refused field of the export form says, in the staff member's language. */
const exportProblems = (view: ViewContext): Record<ExportField, string> => ({
  type: view.t("inbox.export.error.type"),
  status: view.t("inbox.export.error.status"),
  from: view.t("inbox.export.error.day"),
  to: view.t("inbox.export.error.day"),
  format: view.t("inbox.export.error.format"),
  separator: view.t("inbox.export.error.separator"),
});
