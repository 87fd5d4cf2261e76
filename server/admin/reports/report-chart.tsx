/**
 * The report drawn as well as tabled: people and takings per day (a week's report), per week
 * (a month's) or per month (a year's, drawn across), each a bar chart drawn on the server as SVG, so it needs no script and prints. The
 * numbers are the table's (the same `byTime` lines); each bar carries its value above it and its
 * day below, and the chart's description lists them all for a screen reader. Its viewBox is about
 * a phone's width, so at 390 px it is drawn near 1:1 and its 12-unit labels stay readable.
 */
import { formatPrice } from "#core/format";
import type { Report, ReportLine } from "../../bookings/reports";
import type { ViewContext } from "../shared/view-context";

const width = 360;
const height = 190;
/** Room for the values above the bars and the names below them. */
const top = 22;
const bottom = 36;

interface Bar {
  key: string;
  /** The bar's name under it, and in full for the description. */
  label: string;
  name: string;
  value: number;
  text: string;
}

/** A day's, a week's or a month's short name by its bar: « lun. 2 » in a week, « 2 nov. » for a month's weeks, « mars » for a year's months. */
function shortLabel(view: ViewContext, key: string, period: Report["period"]): string {
  const options: Intl.DateTimeFormatOptions =
    period === "week" ? { weekday: "short", day: "numeric" } : period === "year" ? { month: "short" } : { day: "numeric", month: "short" };
  return new Intl.DateTimeFormat(view.lang, { ...options, timeZone: "UTC" }).format(new Date(`${key}T12:00:00Z`));
}

function Chart({ id, title, bars, view }: { id: string; title: string; bars: readonly Bar[]; view: ViewContext }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = width / Math.max(1, bars.length);
  const barWidth = Math.min(36, slot * 0.6);
  const scale = (height - top - bottom) / max;
  return (
    <figure className="report-chart">
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} preserveAspectRatio="xMidYMid meet">
        <desc id={`${id}-desc`}>{bars.map((bar) => view.t("reports.chart.summary", { name: bar.name, value: bar.text })).join(" · ")}</desc>
        <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} className="chart-axis" />
        {bars.map((bar, index) => {
          const x = index * slot + (slot - barWidth) / 2;
          const barHeight = Math.round(bar.value * scale);
          const y = height - bottom - barHeight;
          const middle = index * slot + slot / 2;
          return (
            <g key={bar.key} data-key={bar.key} data-value={bar.value}>
              <rect x={x} y={y} width={barWidth} height={barHeight} className="chart-bar" />
              <text x={middle} y={y - 5} textAnchor="middle" className="chart-value">
                {bar.text}
              </text>
              <text x={middle} y={height - bottom + 16} textAnchor="middle" className="chart-label">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/**
 * A year's twelve months, drawn across: a row a month, its name on the left, its bar, and its value
 * after the bar, so the values never run into each other at 390 px as twelve upright bars' would.
 */
function RowChart({ id, title, bars, view }: { id: string; title: string; bars: readonly Bar[]; view: ViewContext }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const row = 22;
  const left = 48;
  const right = 78;
  const rowsHeight = bars.length * row + 4;
  const scale = (width - left - right) / max;
  return (
    <figure className="report-chart">
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${rowsHeight}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} preserveAspectRatio="xMidYMid meet">
        <desc id={`${id}-desc`}>{bars.map((bar) => view.t("reports.chart.summary", { name: bar.name, value: bar.text })).join(" · ")}</desc>
        <line x1={left} x2={left} y1={0} y2={rowsHeight} className="chart-axis" />
        {bars.map((bar, index) => {
          const y = index * row + 4;
          const barWidth = Math.round(bar.value * scale);
          return (
            <g key={bar.key} data-key={bar.key} data-value={bar.value}>
              <text x={left - 6} y={y + 13} textAnchor="end" className="chart-label">
                {bar.label}
              </text>
              <rect x={left} y={y + 2} width={barWidth} height={row - 8} className="chart-bar" />
              <text x={left + barWidth + 5} y={y + 13} className="chart-value">
                {bar.text}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** The two charts of a week's, a month's or a year's report (a day's has one bar: its table says it). */
export function ReportCharts({ view, report, names }: { view: ViewContext; report: Report; names: (line: ReportLine) => string }) {
  if (report.period === "day") return null;
  const unit = report.period === "year" ? "month" : report.period === "month" ? "week" : "day";
  const Drawn = report.period === "year" ? RowChart : Chart;
  const bars = (value: (line: ReportLine) => number, text: (n: number) => string): Bar[] =>
    report.byTime.map((line) => ({
      key: line.key,
      label: shortLabel(view, line.key, report.period),
      name: names(line),
      value: value(line),
      text: text(value(line)),
    }));
  return (
    <section className="panel report-charts" aria-labelledby="report-charts">
      <h2 id="report-charts">{view.t("reports.chart.title")}</h2>
      <p className="help">{view.t("reports.chart.help")}</p>
      <div className="report-chart-pair">
        <Drawn id="chart-guests" view={view} title={view.t("reports.chart.guests", { unit })} bars={bars((line) => line.guests, String)} />
        <Drawn
          id="chart-takings"
          view={view}
          title={view.t("reports.chart.takings", { unit })}
          bars={bars(
            (line) => line.revenueCents,
            (cents) => formatPrice(cents / 100, view.lang),
          )}
        />
      </div>
    </section>
  );
}
