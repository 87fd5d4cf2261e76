import { formDefinitions } from "#forms/definitions";
import type { FieldDefinition } from "#forms/fields";
import type { InboxRow, ListedRow } from "../../db/inbox";
import {
  aboutOf,
  allStatuses,
  columnMessage,
  inboxTypes,
  inboxViews,
  isInboxType,
  kindOfType,
  serverForms,
  statusesOf,
  type InboxStatus,
  type InboxType,
  type InboxView,
  type ListWords,
  type StoredRecord,
} from "../../forms";
import { defaultSeparator, separators } from "../shared/spreadsheet";
import { formatClock, formatDay, formatTime, languageLabel, statusName, typeName, type ViewContext } from "../shared/view-context";
import { FieldProblem, invalid } from "../shared/field-problem";
import { CsrfField, Layout, Notice, Problems } from "../shared/layout";
import { submissionHref, telHref } from "../shared/links";

export interface InboxFilter {
  type?: InboxType;
  /** One status, chosen among the form's own. */
  status?: InboxStatus;
  /** The view, when no status is chosen. */
  show: InboxView;
  search: string;
  page: number;
  /** Only what is assigned to the signed-in staff member. */
  mine?: boolean;
}

type Details = ReadonlyMap<string, StoredRecord>;
/** The visit's time (`HH:MM`, the estate's clock) of each booking listed that has one, by its id. */
type Times = ReadonlyMap<string, string>;

export interface InboxPageProps {
  view: ViewContext;
  filter: InboxFilter;
  rows: readonly ListedRow[];
  /** The signed-in staff member's address: a submission assigned to them says "you". */
  me: string;
  /** Each row's stored submission, by reference, typed by its form: the form's own columns. */
  details: Details;
  times: Times;
  total: number;
  pages: number;
  /** Query fields the inbox could not read, named. */
  problems: readonly string[];
  /** The search held control characters and was not run. */
  searchRefused: boolean;
  /** An export the form refused: what was sent, and each refused field's message. */
  exportRefused?: ExportRefusal | null;
}

/** The export form's fields. */
export type ExportField = "type" | "status" | "from" | "to" | "format" | "separator";

/** An export form that was refused: its fields as sent, and the message of each refused one. */
export interface ExportRefusal {
  typed: Partial<Record<string, string>>;
  problems: Partial<Record<ExportField, string>>;
}

/** The inbox's address for a filter and a page. */
function inboxHref(filter: Partial<InboxFilter>, page = 1): string {
  const query = new URLSearchParams();
  if (filter.type) query.set("type", filter.type);
  if (filter.status) query.set("status", filter.status);
  else if (filter.show && filter.show !== (filter.search ? "all" : "todo")) query.set("status", filter.show);
  if (filter.search) query.set("q", filter.search);
  if (filter.mine) query.set("mine", "1");
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/admin?${text}` : "/admin";
}

/** A labelled drop-down, "any" first unless `anyLabel` is null; a refused choice is named under it (`problems`). */
function FilterSelect(props: {
  label: string;
  name: string;
  value: string | undefined;
  anyLabel: string | null;
  options: [string, string][];
  groupLabel?: string;
  group?: [string, string][];
  problems?: Partial<Record<string, string>>;
}) {
  const problems = props.problems ?? {};
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.value ?? ""} {...invalid(props.name, problems)}>
        {props.anyLabel === null ? null : <option value="">{props.anyLabel}</option>}
        {props.options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
        {props.group && props.group.length > 0 ? (
          <optgroup label={props.groupLabel}>
            {props.group.map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      <FieldProblem name={props.name} problems={problems} />
    </label>
  );
}

const viewMessages = { todo: "inbox.view.todo", done: "inbox.view.done", all: "inbox.view.all" } as const;

/** To do, done, everything: one click each, for the form chosen. */
function ViewTabs({ view, filter }: { view: ViewContext; filter: InboxFilter }) {
  const todo = view.todo ? (filter.type ? view.todo[filter.type] : Object.values(view.todo).reduce((sum, n) => sum + n, 0)) : null;
  return (
    <nav className="view-tabs" aria-label={view.t("inbox.view.label")}>
      {inboxViews.map((show) => {
        const current = !filter.status && filter.show === show;
        return (
          <a key={show} href={inboxHref({ type: filter.type, show, search: filter.search, mine: filter.mine })} aria-current={current ? "page" : undefined}>
            {view.t(viewMessages[show])}
            {show === "todo" && todo !== null ? <span className="badge">{todo}</span> : null}
          </a>
        );
      })}
    </nav>
  );
}

/** Which form and which of its statuses; the statuses offered are the chosen form's own. */
function Filters({ view, filter }: { view: ViewContext; filter: InboxFilter }) {
  return (
    <div className="filter-forms">
      <form method="get" action="/admin" className="filters">
        <FilterSelect
          label={view.t("inbox.filter.type")}
          name="type"
          value={filter.type}
          anyLabel={view.t("inbox.filter.anyForm")}
          options={inboxTypes.map((type) => [type, typeName(view, type)])}
        />
        <FilterSelect
          label={view.t("inbox.filter.status")}
          name="status"
          value={filter.status ?? filter.show}
          anyLabel={null}
          options={inboxViews.map((show) => [show, view.t(viewMessages[show])])}
          groupLabel={filter.type ? typeName(view, filter.type) : undefined}
          group={filter.type ? statusesOf(filter.type).map((status) => [status, statusName(view, status)]) : []}
        />
        <label className="checkbox">
          <input type="checkbox" name="mine" value="1" defaultChecked={filter.mine === true} />
          <span>{view.t("inbox.filter.mine")}</span>
        </label>
        {filter.search ? <input type="hidden" name="q" value={filter.search} /> : null}
        <button type="submit">{view.t("inbox.filter.submit")}</button>
      </form>
      <form method="get" action="/admin" className="filters" role="search">
        {filter.type ? <input type="hidden" name="type" value={filter.type} /> : null}
        {filter.mine ? <input type="hidden" name="mine" value="1" /> : null}
        <label>
          {view.t("inbox.filter.search")}
          <input type="search" name="q" defaultValue={filter.search} maxLength={500} />
        </label>
        <button type="submit">{view.t("inbox.filter.find")}</button>
        <a href="/admin">{view.t("inbox.filter.clear")}</a>
      </form>
    </div>
  );
}

/** A submission's stored fields by name, for the cells that read them (../../forms/stored.ts). */
const valuesOf = (record: StoredRecord | undefined): Readonly<Record<string, string | number | boolean | null>> => record?.row ?? {};

/** Who sent it: the name, leading to the submission, then their address and phone, each one tap away. */
function Sender({ row, record }: { row: InboxRow; record: StoredRecord | undefined }) {
  const { phone } = valuesOf(record);
  return (
    <>
      <a className="open" href={submissionHref(row.type, row.submission_id)}>
        {row.name ?? row.email}
      </a>
      <span className="contact">
        <a href={`mailto:${row.email}`}>{row.email}</a>
        {typeof phone === "string" && phone !== "" ? <a href={telHref(phone)}>{phone}</a> : null}
      </span>
    </>
  );
}

/** A form's own column in the list: what the office needs to see before opening a submission. */
type Column = { label: string; cell: (record: StoredRecord | undefined) => string };

/**
 * The list's own columns: the chosen form's (its record's `list.columns`, ../../forms), each value as
 * staff read it (a day written out, a tour by its name); or for a mixed list one column that sums
 * each submission up (its form's `list.about`).
 */
function formColumns(view: ViewContext, type: InboxType | undefined, times: Times): Column[] {
  const day = (date: string) => formatDay(view, date);
  const when = (id: string, date: string) => {
    const time = times.get(id);
    return time ? view.t("inbox.dayAndTime", { day: day(date), time: formatClock(view, time) }) : day(date);
  };
  const words: ListWords = { t: view.t, day, tour: view.tourName, when };
  if (!type) return [{ label: view.t("inbox.column.about"), cell: (record) => (record ? aboutOf(record, words) : "—") }];
  const kind = kindOfType(type);
  const fields: readonly FieldDefinition[] = formDefinitions[kind].fields;
  return serverForms[kind].list.columns.map((name) => ({
    label: view.t(columnMessage(name)),
    cell: (record) => {
      const value = valuesOf(record)[name];
      if (value === null || value === undefined || value === "") return "—";
      if (fields.find((field) => field.name === name)?.kind === "date") return record ? words.when(record.row.id, String(value)) : words.day(String(value));
      return serverForms[kind].tour === name ? words.tour(String(value)) : String(value);
    },
  }));
}

/** The list: a table on a desk, a card per submission on a phone (the stylesheet lays the same rows out as cards). */
function InboxList({ view, filter, rows, details, times, me }: Pick<InboxPageProps, "view" | "filter" | "rows" | "details" | "times" | "me">) {
  const own = formColumns(view, filter.type, times);
  return (
    <table className="inbox-table">
      <thead>
        <tr>
          <th scope="col">{view.t("inbox.column.name")}</th>
          {filter.type ? null : <th scope="col">{view.t("inbox.column.type")}</th>}
          <th scope="col">{view.t("inbox.column.received")}</th>
          {own.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
          <th scope="col">{view.t("inbox.column.language")}</th>
          <th scope="col">{view.t("inbox.column.status")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const record = details.get(row.submission_id);
          return (
            <tr key={row.id}>
              <td className="sender">
                <Sender row={row} record={record} />
              </td>
              {filter.type ? null : <td data-label={view.t("inbox.column.type")}>{typeName(view, row.type)}</td>}
              <td data-label={view.t("inbox.column.received")}>
                <time dateTime={row.received_at}>{formatTime(view, row.received_at)}</time>
              </td>
              {own.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.cell(record)}
                </td>
              ))}
              <td data-label={view.t("inbox.column.language")}>{languageLabel(view, row.language)}</td>
              <td data-label={view.t("inbox.column.status")}>
                <span className="state">
                  <span className={`status status-${row.status}`}>{statusName(view, row.status)}</span>
                  {row.assignee ? (
                    <span className="assignee">{row.assignee === me ? view.t("inbox.assignedToYou") : view.t("inbox.assignedTo", { who: row.assignee })}</span>
                  ) : null}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Paging({ view, filter, pages }: { view: ViewContext; filter: InboxFilter; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="paging" aria-label={view.t("inbox.paging")}>
      {filter.page > 1 ? (
        <a href={inboxHref(filter, filter.page - 1)} rel="prev">
          {view.t("inbox.newer")}
        </a>
      ) : null}
      <span>{view.t("inbox.page", { page: filter.page, pages })}</span>
      {filter.page < pages ? (
        <a href={inboxHref(filter, filter.page + 1)} rel="next">
          {view.t("inbox.older")}
        </a>
      ) : null}
    </nav>
  );
}

/** A labelled day field of the export form, as typed when the form was refused. */
function DayField({ label, name, typed, problems }: { label: string; name: ExportField; typed: string; problems: Partial<Record<ExportField, string>> }) {
  return (
    <label>
      {label}
      <input type="date" name={name} defaultValue={typed} {...invalid(name, problems)} />
      <FieldProblem name={name} problems={problems} />
    </label>
  );
}

/**
 * The export: a form, its format (a workbook, CSV with the separator the staff member's Excel
 * expects, or JSON), and what narrows it (status, days received). Refused, it is shown as it was
 * sent, each refused field named.
 */
function ExportForm({ view, filter, refused }: { view: ViewContext; filter: InboxFilter; refused: ExportRefusal | null }) {
  const typed = refused?.typed ?? {};
  const problems = refused?.problems ?? {};
  const typedType = isInboxType(typed.type) ? typed.type : undefined;
  const type = typedType ?? filter.type ?? formDefinitions.tourBooking.slug;
  // The statuses offered are the chosen form's own once a form is chosen (in the filter, or in the refused export).
  const statusesType = typedType ?? filter.type;
  return (
    <section aria-labelledby="export-title" className="panel">
      <h2 id="export-title">{view.t("inbox.export.title")}</h2>
      <p>{view.t("inbox.export.note")}</p>
      <form method="post" action="/admin/export" className="inline-form export-form">
        <CsrfField view={view} />
        <FilterSelect
          label={view.t("inbox.filter.type")}
          name="type"
          value={type}
          anyLabel={null}
          options={inboxTypes.map((option) => [option, typeName(view, option)])}
          problems={problems}
        />
        <FilterSelect
          label={view.t("inbox.export.status")}
          name="status"
          value={refused ? typed.status : filter.type ? filter.status : undefined}
          anyLabel={view.t("inbox.filter.any")}
          options={(statusesType ? statusesOf(statusesType) : allStatuses).map((status) => [status, statusName(view, status)])}
          problems={problems}
        />
        <DayField label={view.t("inbox.export.from")} name="from" typed={typed.from ?? ""} problems={problems} />
        <DayField label={view.t("inbox.export.to")} name="to" typed={typed.to ?? ""} problems={problems} />
        <FilterSelect
          label={view.t("inbox.export.format")}
          name="format"
          value={typed.format ?? "xlsx"}
          anyLabel={null}
          options={[
            ["xlsx", view.t("inbox.export.xlsx")],
            ["csv", view.t("inbox.export.csv")],
            ["json", view.t("inbox.export.json")],
          ]}
          problems={problems}
        />
        <FilterSelect
          label={view.t("inbox.export.separator")}
          name="separator"
          value={typed.separator || defaultSeparator(view)}
          anyLabel={null}
          options={separators.map((separator) => [separator, view.t(separator === "comma" ? "inbox.export.comma" : "inbox.export.semicolon")])}
          problems={problems}
        />
        <button type="submit">{view.t("inbox.export.submit")}</button>
      </form>
    </section>
  );
}

const emptyMessages = { todo: "inbox.empty.todo", done: "inbox.empty", all: "inbox.empty" } as const;

/** `/admin`: by default what waits for an answer, newest first; done and everything one click away; filtered, searched and paged. */
export function InboxPage({ view, filter, rows, details, times, total, pages, problems, searchRefused, me, exportRefused = null }: InboxPageProps) {
  const title = filter.type ? typeName(view, filter.type) : view.t("inbox.title");
  return (
    <Layout view={view} title={title}>
      {problems.length > 0 ? <Notice tone="problem">{view.t("error.query", { fields: problems.join(", ") })}</Notice> : null}
      {searchRefused ? <Notice tone="problem">{view.t("error.search")}</Notice> : null}
      {exportRefused ? <Problems problems={[...new Set(Object.values(exportRefused.problems))]} /> : null}
      <ViewTabs view={view} filter={filter} />
      {filter.type && kindOfType(filter.type) === "tourBooking" ? (
        <p>
          <a className="button-link" href="/admin/bookings/new">
            {view.t("inbox.newBooking")}
          </a>
        </p>
      ) : null}
      <Filters view={view} filter={filter} />
      <p className="count">{view.t("inbox.count", { count: total })}</p>
      {rows.length === 0 ? (
        <p>{view.t(filter.status ? "inbox.empty" : emptyMessages[filter.show])}</p>
      ) : (
        <InboxList view={view} filter={filter} rows={rows} details={details} times={times} me={me} />
      )}
      <Paging view={view} filter={filter} pages={pages} />
      <ExportForm view={view} filter={filter} refused={exportRefused} />
    </Layout>
  );
}
