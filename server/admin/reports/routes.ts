/**
 * `/admin/reports?period=day|week|month|year&day=YYYY-MM-DD`: the tours' report (../../bookings/reports.ts)
 * for the accounts that open the inbox, and `/admin/reports/export?…&format=csv|xlsx`, the same
 * tables as one sheet (../spreadsheet.ts: the staff's words, CSV with the separator their Excel
 * expects, or a workbook), logged as every export is.
 */
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { addDays, addMonths, isDay, localOf } from "../../bookings/paris-time";
import { reportPeriods, tourReport, type Report, type ReportPeriod } from "../../bookings/reports";
import { recordExport } from "../../inbox/export";
import { queryText, sendPage, staffOf, viewFor } from "../shared/context";
import { inboxRoles } from "../shared/roles";
import { guardedRoutes } from "../shared/staff-guard";
import { defaultSeparator, sheetToCsv, sheetToXlsx, type Sheet } from "../shared/spreadsheet";
import type { ViewContext } from "../shared/view-context";
import { byTimeHeading, lineName, reportColumns, ReportsPage } from "./reports-page";

/** What the report covers and how it is exported: a period or format the page does not offer reads as the default one. */
const query = z.object({ period: z.enum(reportPeriods).catch("month"), day: queryText, format: z.enum(["csv", "xlsx"]).catch("csv") });

/** A report as one sheet: a line per table and key, the table's name first, then every count (money as a number of euros). */
function reportSheet(view: ViewContext, report: Report): Sheet {
  const header = [view.t("reports.column.table"), view.t("reports.column.line"), ...reportColumns.map((column) => view.t(`reports.column.${column}`))];
  const tables = ["byTime", "byPackage", "byLanguage", "byCountry"] as const;
  const euros = (cents: number) => cents / 100;
  const number = (line: Report["totals"]) => [
    line.bookings,
    line.guests,
    line.visitors,
    line.noShows,
    line.cancellations,
    euros(line.revenueCents),
    euros(line.depositsCents),
    euros(line.refundsCents),
    euros(line.vouchersRedeemedCents),
    euros(line.balanceCents),
  ];
  const rows = [
    [view.t("reports.totals"), `${report.from} – ${report.to}`, ...number(report.totals)],
    ...tables.flatMap((table) =>
      report[table].map((line) => [
        view.t(table === "byTime" ? byTimeHeading(report.period) : `reports.${table}`),
        table === "byTime" ? { day: line.key } : lineName(view, table, line.key, report.period),
        ...number(line),
      ]),
    ),
    // The vouchers made: how many (under the bookings' count) and what they are worth (under the takings).
    [
      view.t("reports.vouchersSold"),
      `${report.from} – ${report.to}`,
      report.vouchersSold.count,
      "",
      "",
      "",
      "",
      euros(report.vouchersSold.cents),
      "",
      "",
      "",
      "",
    ],
  ];
  return { header, rows };
}

export const reportRoutes = guardedRoutes("reports", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const read = (asked: { period: ReportPeriod; day?: string | undefined }) => {
    const { period } = asked;
    const today = localOf(context.now()).date;
    const day = asked.day !== undefined && isDay(asked.day) ? asked.day : today;
    return { period, day, today };
  };

  routes.get("/admin/reports", { config: inboxRoles, schema: { querystring: query } }, async (request, reply) => {
    const { period, day, today } = read(request.query);
    const step = (sign: 1 | -1) =>
      period === "day"
        ? addDays(day, sign)
        : period === "week"
          ? addDays(day, 7 * sign)
          : period === "year"
            ? addMonths(day, 12 * sign)
            : addMonths(`${day.slice(0, 7)}-01`, sign);
    const report = tourReport(context.bookings, period, day);
    return sendPage(reply, 200, createElement(ReportsPage, { view: viewFor(context, request, reply), report, day, today, previous: step(-1), next: step(1) }));
  });

  routes.get("/admin/reports/export", { config: inboxRoles, schema: { querystring: query } }, async (request, reply) => {
    const { period, day } = read(request.query);
    const { format } = request.query;
    const view = viewFor(context, request, reply);
    const report = tourReport(context.bookings, period, day);
    const sheet = reportSheet(view, report);
    await recordExport(context.bookings, staffOf(request).email, {
      type: "tour-report",
      period,
      from: report.from,
      to: report.to,
      format,
      rows: sheet.rows.length,
    });
    reply.header("Content-Disposition", `attachment; filename="tour-report-${report.from}-${period}.${format}"`);
    if (format === "csv") return reply.type("text/csv; charset=utf-8").send(sheetToCsv(sheet, defaultSeparator(view)));
    return reply.type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet").send(await sheetToXlsx(sheet, view.t("reports.title")));
  });
});
