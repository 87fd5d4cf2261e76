/**
 * `/admin/reports`: the tours' report of a day, a week or a month (server/bookings/reports.ts),
 * with the arrows and a date to move, the totals, then each count by day (or week), by package,
 * by language and by country; and the same as a CSV file or an Excel workbook. On a phone each
 * table's rows become cards, as the inbox's do.
 */
import { formatPrice } from "#core/format";
import type { Report, ReportLine, ReportPeriod } from "../../bookings/reports";
import { formatDay, formatShortDay, languageLabel, type ViewContext } from "../shared/view-context";
import { countryName } from "../shared/guest-summary";
import { Layout } from "../shared/layout";
import { ReportCharts } from "./report-chart";

/** The columns of every table, in order. */
export const reportColumns = [
  "bookings",
  "guests",
  "visitors",
  "noShows",
  "cancellations",
  "revenue",
  "deposits",
  "refunds",
  "vouchersRedeemed",
  "balance",
] as const;

/** The money columns, and the count each shows. */
const moneyColumns = {
  revenue: "revenueCents",
  deposits: "depositsCents",
  refunds: "refundsCents",
  vouchersRedeemed: "vouchersRedeemedCents",
  balance: "balanceCents",
} as const satisfies Partial<Record<(typeof reportColumns)[number], keyof ReportLine>>;

/** A month by its first day, as the staff's language writes it: « mars 2027 ». */
const monthName = (view: ViewContext, first: string) =>
  new Intl.DateTimeFormat(view.lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${first}T12:00:00Z`));

/** The heading of the report by time: by day, by week (a month's), by month (a year's). */
export const byTimeHeading = (period: ReportPeriod) => (period === "year" ? "reports.byMonth" : period === "month" ? "reports.byWeek" : "reports.byDay");

/** What each line's key is called in each table, for the page and the export. */
export function lineName(view: ViewContext, table: "byTime" | "byPackage" | "byLanguage" | "byCountry", key: string, period: ReportPeriod): string {
  if (table === "byTime") {
    if (period === "year") return monthName(view, key);
    return period === "month" ? view.t("reports.weekOf", { day: formatShortDay(view, key) }) : formatShortDay(view, key);
  }
  if (table === "byPackage") return view.tourName(key);
  if (table === "byLanguage") return languageLabel(view, key);
  return key === "unknown" ? view.t("reports.unknownCountry") : countryName(view, key);
}

/** A line's value in a column: the no-shows and cancellations with their people. */
function cellText(view: ViewContext, line: Omit<ReportLine, "key">, column: (typeof reportColumns)[number]): string {
  switch (column) {
    case "noShows":
      return line.noShows === 0 ? "0" : view.t("reports.withPeople", { count: line.noShows, people: line.noShowGuests });
    case "cancellations":
      return line.cancellations === 0 ? "0" : view.t("reports.withPeople", { count: line.cancellations, people: line.cancelledGuests });
    case "revenue":
    case "deposits":
    case "refunds":
    case "vouchersRedeemed":
    case "balance":
      return formatPrice(line[moneyColumns[column]] / 100, view.lang);
    default:
      return String(line[column]);
  }
}

function Table({ view, report, table }: { view: ViewContext; report: Report; table: "byTime" | "byPackage" | "byLanguage" | "byCountry" }) {
  const lines = report[table];
  const heading = view.t(table === "byTime" ? byTimeHeading(report.period) : `reports.${table}`);
  return (
    <section className="panel report-table" aria-labelledby={`report-${table}`}>
      <h2 id={`report-${table}`}>{heading}</h2>
      {lines.length === 0 ? (
        <p className="help">{view.t("reports.nothing")}</p>
      ) : (
        <table className="inbox-table">
          <thead>
            <tr>
              <th scope="col">{heading}</th>
              {reportColumns.map((column) => (
                <th key={column} scope="col">
                  {view.t(`reports.column.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.key} data-key={line.key}>
                <th scope="row">{lineName(view, table, line.key, report.period)}</th>
                {reportColumns.map((column) => (
                  <td key={column} data-label={view.t(`reports.column.${column}`)} data-column={column}>
                    {cellText(view, line, column)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export interface ReportsPageProps {
  view: ViewContext;
  report: Report;
  /** The day asked for, and today, on the estate's clock; the days the arrows go to. */
  day: string;
  today: string;
  previous: string;
  next: string;
}

export function ReportsPage({ view, report, day, today, previous, next }: ReportsPageProps) {
  const link = (to: string, period: ReportPeriod = report.period) => `/admin/reports?period=${period}&day=${to}`;
  const exportLink = (format: "csv" | "xlsx") => `/admin/reports/export?period=${report.period}&day=${day}&format=${format}`;
  const range =
    report.from === report.to ? formatDay(view, report.from) : view.t("reports.range", { from: formatDay(view, report.from), to: formatDay(view, report.to) });
  return (
    <Layout view={view} title={view.t("reports.title")}>
      <nav className="view-tabs" aria-label={view.t("reports.periods")}>
        {(["day", "week", "month", "year"] as const).map((period) => (
          <a key={period} href={link(day, period)} aria-current={report.period === period ? "page" : undefined}>
            {view.t(`reports.period.${period}`)}
          </a>
        ))}
      </nav>
      <div className="calendar-bar">
        <p className="calendar-steps">
          <a href={link(previous)}>{view.t(`reports.previous.${report.period}`)}</a>
          <a href={link(today)}>{view.t(`reports.current.${report.period}`)}</a>
          <a href={link(next)}>{view.t(`reports.next.${report.period}`)}</a>
        </p>
        <form method="get" action="/admin/reports" className="inline-form calendar-pick">
          <input type="hidden" name="period" value={report.period} />
          <label>
            {view.t("calendar.goTo")}
            <input type="date" name="day" defaultValue={day} required />
          </label>
          <button type="submit" className="secondary">
            {view.t("calendar.show")}
          </button>
        </form>
      </div>
      <h2 className="report-range">{range}</h2>
      <dl className="fields report-totals">
        {reportColumns.map((column) => (
          <div key={column} data-column={column}>
            <dt>{view.t(`reports.column.${column}`)}</dt>
            <dd>{cellText(view, report.totals, column)}</dd>
          </div>
        ))}
      </dl>
      <p className="help">
        {view.t("reports.vouchersSoldLine", { count: report.vouchersSold.count, amount: formatPrice(report.vouchersSold.cents / 100, view.lang) })}
      </p>
      <p className="help">{view.t("reports.help")}</p>
      <p className="help">{view.t("reports.helpMoney")}</p>
      <p className="list-actions">
        <a className="button-link secondary" href={exportLink("csv")} download>
          {view.t("reports.exportCsv")}
        </a>
        <a className="button-link secondary" href={exportLink("xlsx")} download>
          {view.t("reports.exportXlsx")}
        </a>
      </p>
      <ReportCharts view={view} report={report} names={(line) => lineName(view, "byTime", line.key, report.period)} />
      <Table view={view} report={report} table="byTime" />
      <Table view={view} report={report} table="byPackage" />
      <Table view={view} report={report} table="byLanguage" />
      <Table view={view} report={report} table="byCountry" />
    </Layout>
  );
}
