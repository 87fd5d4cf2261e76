import { isLanguage, languageNames } from "#core/languages";
import { allStatuses, inboxTypes, statusesOf, type InboxRow, type InboxStatus, type InboxType } from "../../db/inbox";
import { defaultSeparator, separators } from "../spreadsheet";
import { formatTime, statusName, typeName, type ViewContext } from "../view-context";
import { CsrfField, Layout, Notice } from "./layout";

export interface InboxFilter {
  type?: InboxType;
  status?: InboxStatus;
  search: string;
  page: number;
}

export interface InboxPageProps {
  view: ViewContext;
  filter: InboxFilter;
  rows: readonly InboxRow[];
  total: number;
  pages: number;
  /** Query fields the inbox could not read, named. */
  problems: readonly string[];
  /** The search held control characters and was not run. */
  searchRefused: boolean;
}

/** The inbox's address for a filter and a page. */
export function inboxHref(filter: InboxFilter, page: number): string {
  const query = new URLSearchParams();
  if (filter.type) query.set("type", filter.type);
  if (filter.status) query.set("status", filter.status);
  if (filter.search) query.set("q", filter.search);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/admin?${text}` : "/admin";
}

export const submissionHref = (type: string, id: string) => `/admin/submissions/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;

export const languageName = (code: string) => (isLanguage(code) ? languageNames[code] : code);

/** A labelled drop-down of the filter form, "any" first. */
function FilterSelect(props: { label: string; name: string; value: string | undefined; anyLabel: string; options: [string, string][] }) {
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.value ?? ""}>
        <option value="">{props.anyLabel}</option>
        {props.options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Filters({ view, filter }: { view: ViewContext; filter: InboxFilter }) {
  const statuses = filter.type ? statusesOf[filter.type] : allStatuses;
  return (
    <form method="get" action="/admin" className="filters" role="search">
      <FilterSelect
        label={view.t("inbox.filter.type")}
        name="type"
        value={filter.type}
        anyLabel={view.t("inbox.filter.any")}
        options={inboxTypes.map((type) => [type, typeName(view, type)])}
      />
      <FilterSelect
        label={view.t("inbox.filter.status")}
        name="status"
        value={filter.status}
        anyLabel={view.t("inbox.filter.any")}
        options={statuses.map((status) => [status, statusName(view, status)])}
      />
      <label>
        {view.t("inbox.filter.search")}
        <input type="search" name="q" defaultValue={filter.search} maxLength={500} />
      </label>
      <button type="submit">{view.t("inbox.filter.submit")}</button>
      <a href="/admin">{view.t("inbox.filter.clear")}</a>
    </form>
  );
}

function Row({ view, row }: { view: ViewContext; row: InboxRow }) {
  return (
    <tr>
      <td>{typeName(view, row.type)}</td>
      <td>
        <a href={submissionHref(row.type, row.submission_id)}>{formatTime(view, row.received_at)}</a>
      </td>
      <td>{languageName(row.language)}</td>
      <td>{row.page}</td>
      <td>{row.name ?? ""}</td>
      <td>{row.email}</td>
      <td>
        <span className={`status status-${row.status}`}>{statusName(view, row.status)}</span>
      </td>
    </tr>
  );
}

function Paging({ view, filter, pages }: { view: ViewContext; filter: InboxFilter; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="paging" aria-label={view.t("inbox.paging")}>
      {filter.page > 1 ? <a href={inboxHref(filter, filter.page - 1)} rel="prev">{view.t("inbox.newer")}</a> : null}
      <span>{view.t("inbox.page", { page: filter.page, pages })}</span>
      {filter.page < pages ? <a href={inboxHref(filter, filter.page + 1)} rel="next">{view.t("inbox.older")}</a> : null}
    </nav>
  );
}

/** A labelled day field of the export form. */
function DayField({ label, name }: { label: string; name: string }) {
  return (
    <label>
      {label}
      <input type="date" name={name} />
    </label>
  );
}

/**
 * The export: a form, its format (a workbook, CSV with the separator the staff member's Excel
 * expects, or JSON), and what narrows it (status, days received).
 */
function ExportForm({ view, filter }: { view: ViewContext; filter: InboxFilter }) {
  const type = filter.type ?? "tour-bookings";
  return (
    <section aria-labelledby="export-title" className="panel">
      <h2 id="export-title">{view.t("inbox.export.title")}</h2>
      <p>{view.t("inbox.export.note")}</p>
      <form method="post" action="/admin/export" className="inline-form export-form">
        <CsrfField view={view} />
        <label>
          {view.t("inbox.filter.type")}
          <select name="type" defaultValue={type}>
            {inboxTypes.map((option) => (
              <option key={option} value={option}>
                {typeName(view, option)}
              </option>
            ))}
          </select>
        </label>
        <FilterSelect
          label={view.t("inbox.export.status")}
          name="status"
          value={filter.type ? filter.status : undefined}
          anyLabel={view.t("inbox.filter.any")}
          options={(filter.type ? statusesOf[filter.type] : allStatuses).map((status) => [status, statusName(view, status)])}
        />
        <DayField label={view.t("inbox.export.from")} name="from" />
        <DayField label={view.t("inbox.export.to")} name="to" />
        <label>
          {view.t("inbox.export.format")}
          <select name="format" defaultValue="xlsx">
            <option value="xlsx">{view.t("inbox.export.xlsx")}</option>
            <option value="csv">{view.t("inbox.export.csv")}</option>
            <option value="json">{view.t("inbox.export.json")}</option>
          </select>
        </label>
        <label>
          {view.t("inbox.export.separator")}
          <select name="separator" defaultValue={defaultSeparator(view)}>
            {separators.map((separator) => (
              <option key={separator} value={separator}>
                {view.t(separator === "comma" ? "inbox.export.comma" : "inbox.export.semicolon")}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{view.t("inbox.export.submit")}</button>
      </form>
    </section>
  );
}

/** `/admin`: every submission, newest first, filtered, searched and paged. */
export function InboxPage({ view, filter, rows, total, pages, problems, searchRefused }: InboxPageProps) {
  return (
    <Layout view={view} title={view.t("inbox.title")}>
      {problems.length > 0 ? <Notice tone="problem">{view.t("error.query", { fields: problems.join(", ") })}</Notice> : null}
      {searchRefused ? <Notice tone="problem">{view.t("error.search")}</Notice> : null}
      <Filters view={view} filter={filter} />
      <p className="count">{view.t("inbox.count", { count: total })}</p>
      {rows.length === 0 ? (
        <p>{view.t("inbox.empty")}</p>
      ) : (
        <table className="inbox-table">
          <thead>
            <tr>
              <th scope="col">{view.t("inbox.column.type")}</th>
              <th scope="col">{view.t("inbox.column.received")}</th>
              <th scope="col">{view.t("inbox.column.language")}</th>
              <th scope="col">{view.t("inbox.column.page")}</th>
              <th scope="col">{view.t("inbox.column.name")}</th>
              <th scope="col">{view.t("inbox.column.email")}</th>
              <th scope="col">{view.t("inbox.column.status")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={row.id} view={view} row={row} />
            ))}
          </tbody>
        </table>
      )}
      <Paging view={view} filter={filter} pages={pages} />
      <ExportForm view={view} filter={filter} />
    </Layout>
  );
}
