import { adminDateTags } from "#locales/admin";
import type { ChangeSummary } from "../../bookings/schedule-change";
import { tourPackageIds, type TourPackageId } from "#forms/tour-booking";
import { weekdays, type DateChange, type Schedule } from "../../bookings/schedule";
import { dayName, formatClock, type ViewContext } from "../shared/view-context";
import { CsrfField, Layout, Notice } from "../shared/layout";
import { FieldProblem, invalid } from "../shared/field-problem";
import { TourOptions } from "../shared/tour-options";

/** What the schedule page says after an action. */
export type ScheduleDone = "saved" | "closureAdded" | "closureRemoved" | "dateAdded" | "dateMoved" | "dateRemoved" | null;

/** A weekday's name in the staff's language (1 Monday … 7 Sunday). */
export const weekdayName = (view: ViewContext, day: number, width: "long" | "short" | "narrow" = "long") =>
  new Intl.DateTimeFormat(adminDateTags[view.lang], { weekday: width, timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day)));

/** The field names of the schedule form (the route reads the same). */
export const scheduleFields = {
  capacity: (pkg: string) => `capacity-${pkg}`,
  instant: (pkg: string) => `instant-${pkg}`,
  /** A row of a package's weekly times: its time, and the weekdays it runs on. */
  time: (pkg: string, row: number) => `time-${pkg}-${row}`,
  day: (pkg: string, row: number, weekday: number) => `day-${pkg}-${row}-${weekday}`,
} as const;

/** Rows of weekly times a package may have (the form always offers two empty ones to add a time). */
export const maxTimeRows = 24;

/** The numbers of the settings, with their bounds: the form and the route read the same. */
export const scheduleNumbers = [
  ["cutoffHours", "schedule.cutoff", 0, 720],
  ["holdHours", "schedule.hold", 1, 720],
  ["reminderHours", "schedule.reminder", 1, 168],
  ["waitlistHoldHours", "schedule.waitlist", 1, 168],
  ["horizonMonths", "schedule.horizon", 1, 36],
] as const;

/** A package's weekly times as rows: each time once, with the weekdays it runs on. */
function timeRows(schedule: Schedule, pkg: TourPackageId): { time: string; days: number[] }[] {
  const rows = new Map<string, number[]>();
  for (const day of weekdays) for (const time of schedule.times[pkg][day] ?? []) rows.set(time, [...(rows.get(time) ?? []), day]);
  return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([time, days]) => ({ time, days }));
}

/** The page's forms: the weekly one, a closure, a date change. */
export type ScheduleForm = "schedule" | "closure" | "date";

/** A form shown again as it was typed (`typed`), each refused field with its message (`problems`, also listed at the top). */
export interface RefusedForm {
  form: ScheduleForm;
  problems: Record<string, string>;
  typed: Record<string, string>;
}

interface SchedulePageProps {
  view: ViewContext;
  schedule: Schedule;
  done: ScheduleDone;
  /** What the change just applied did to the bookings it touched, and the e-mails it queued. */
  summary: ChangeSummary | null;
  /** The form refused, if one was: the others show what is stored. */
  refused: RefusedForm | null;
}

/** What one form of the page was typed as, and its problems: empty unless it is the one refused. */
type Retyped = { typed: Record<string, string> | null; problems: Record<string, string> };

function NumberSetting({
  view,
  name,
  label,
  value,
  min,
  max,
  problems,
}: {
  view: ViewContext;
  name: string;
  label: string;
  value: string;
  min: number;
  max: number;
  problems: Record<string, string>;
}) {
  return (
    <label>
      {label}
      <input type="number" name={name} defaultValue={value} min={min} max={max} required inputMode="numeric" {...invalid(name, problems)} />
      <FieldProblem name={name} problems={problems} />
      <span className="help">{view.t("schedule.error.number", { field: label, min, max })}</span>
    </label>
  );
}

/** One package: its capacity, whether it confirms at once, and its weekly times as rows of a time and its weekdays. */
function PackageTimes({ view, schedule, pkg, typed, problems }: { view: ViewContext; schedule: Schedule; pkg: TourPackageId } & Retyped) {
  const rows = timeRows(schedule, pkg);
  const typedRows = typed ? Array.from({ length: maxTimeRows }, (_, row) => row).filter((row) => (typed[scheduleFields.time(pkg, row)] ?? "") !== "") : [];
  const count = Math.min(maxTimeRows, Math.max(rows.length, (typedRows.at(-1) ?? -1) + 1) + 2);
  return (
    <fieldset className="package-times">
      <legend>{view.tourName(pkg)}</legend>
      <div className="settings-grid">
        <NumberSetting
          view={view}
          name={scheduleFields.capacity(pkg)}
          label={view.t("schedule.capacity")}
          value={typed?.[scheduleFields.capacity(pkg)] ?? String(schedule.capacity[pkg])}
          min={1}
          max={50}
          problems={problems}
        />
      </div>
      <label className="check">
        <input
          type="checkbox"
          name={scheduleFields.instant(pkg)}
          defaultChecked={typed ? typed[scheduleFields.instant(pkg)] === "on" : schedule.instantConfirm[pkg]}
        />
        {view.t("schedule.instant")}
      </label>
      <p className="help">{view.t("schedule.instantHelp")}</p>
      <div className="time-rows-wrap">
        <table className="time-rows">
          <caption className="visually-hidden">{view.t("schedule.timesOf", { tour: view.tourName(pkg) })}</caption>
          <thead>
            <tr>
              <th scope="col">{view.t("schedule.time")}</th>
              {weekdays.map((day) => (
                <th key={day} scope="col">
                  <abbr title={weekdayName(view, day)}>{weekdayName(view, day, "narrow")}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: count }, (_, row) => {
              const stored = rows[row];
              const name = scheduleFields.time(pkg, row);
              const time = typed ? (typed[name] ?? "") : (stored?.time ?? "");
              // A time refused as typed is not one to format: the row is named as new.
              const label = time === "" || problems[name] ? view.t("schedule.newTime") : view.t("schedule.timeRow", { time: formatClock(view, time) });
              return (
                <tr key={row}>
                  <td>
                    <input type="time" name={name} defaultValue={time} aria-label={label} {...invalid(name, problems)} />
                    <FieldProblem name={name} problems={problems} />
                  </td>
                  {weekdays.map((day) => {
                    const on = typed ? typed[scheduleFields.day(pkg, row, day)] === "on" : (stored?.days.includes(day) ?? false);
                    return (
                      <td key={day}>
                        <input
                          type="checkbox"
                          name={scheduleFields.day(pkg, row, day)}
                          defaultChecked={on}
                          aria-label={`${label} · ${weekdayName(view, day)}`}
                        />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}

/** A one-off change of a date in words: « Visite … : 10 h 30 en plus (6 places) », « 15 h ne part pas ». */
export function dateChangeText(view: ViewContext, change: Omit<DateChange, "id">): string {
  const values = { tour: view.tourName(change.package), time: formatClock(view, change.time), capacity: change.capacity ?? 0 };
  if (change.kind === "extra") return view.t(change.capacity === null ? "schedule.date.extraText" : "schedule.date.extraCapacityText", values);
  if (change.kind === "closed") return view.t("schedule.date.closedText", values);
  return view.t("schedule.date.capacityText", values);
}

/**
 * `/admin/schedule`: the weekly times per package (a time and the weekdays it runs on, chosen with
 * a time input and boxes), each package's capacity, the delays and the horizon, one-off changes of
 * a date and the closed days (admin accounts). A change that touches bookings shows them first
 * (./schedule-change-page.tsx).
 */
export function SchedulePage({ view, schedule, done, summary, refused }: SchedulePageProps) {
  const retyped = (form: ScheduleForm): Retyped =>
    refused?.form === form ? { typed: refused.typed, problems: refused.problems } : { typed: null, problems: {} };
  const weekly = retyped("schedule");
  const { typed, problems: fieldProblems } = retyped("closure");
  const value = (name: string, fallback: string | number) => weekly.typed?.[name] ?? String(fallback);
  const checked = (name: string, fallback: boolean) => (weekly.typed ? weekly.typed[name] === "on" : fallback);
  return (
    <Layout view={view} title={view.t("schedule.title")}>
      {done ? (
        <Notice tone="done">
          {view.t(`schedule.${done}`)}
          {summary && summary.moved + summary.cancelled + summary.kept > 0 ? ` ${view.t("schedule.summary", { ...summary })}` : null}
        </Notice>
      ) : null}
      {[...new Set(Object.values(refused?.problems ?? {}))].map((problem) => (
        <Notice key={problem} tone="problem">
          {problem}
        </Notice>
      ))}
      <p>{view.t("schedule.intro")}</p>
      <form method="post" action="/admin/schedule" className="schedule-form">
        <CsrfField view={view} />
        <section className="panel">
          <h2>{view.t("schedule.times")}</h2>
          <p className="help">{view.t("schedule.timesHelp")}</p>
          {tourPackageIds.map((pkg) => (
            <PackageTimes key={pkg} view={view} schedule={schedule} pkg={pkg} {...weekly} />
          ))}
        </section>
        <section className="panel">
          <h2>{view.t("schedule.settings")}</h2>
          <div className="settings-grid">
            {scheduleNumbers.map(([name, label, min, max]) => (
              <NumberSetting
                key={name}
                view={view}
                name={name}
                label={view.t(label)}
                value={value(name, schedule[name])}
                min={min}
                max={max}
                problems={weekly.problems}
              />
            ))}
          </div>
          <label className="check">
            <input type="checkbox" name="sharedGuide" defaultChecked={checked("sharedGuide", schedule.sharedGuide)} />
            {view.t("schedule.sharedGuide")}
          </label>
        </section>
        <button type="submit">{view.t("schedule.save")}</button>
      </form>
      <DateChanges view={view} schedule={schedule} {...retyped("date")} />
      <section className="panel">
        <h2>{view.t("schedule.closures")}</h2>
        <p className="help">{view.t("schedule.closuresHelp")}</p>
        {schedule.closures.length === 0 ? <p>{view.t("schedule.noClosures")}</p> : null}
        <ul className="closures">
          {schedule.closures.map((closure) => (
            <li key={closure.id}>
              <span>
                {closure.firstDay === closure.lastDay
                  ? dayName(view, closure.firstDay)
                  : view.t("schedule.closureRange", { first: dayName(view, closure.firstDay), last: dayName(view, closure.lastDay) })}
                {closure.note ? ` · ${closure.note}` : ""}
              </span>
              <form method="post" action={`/admin/schedule/closures/${closure.id}/remove`}>
                <CsrfField view={view} />
                <button type="submit">{view.t("schedule.removeClosure")}</button>
              </form>
            </li>
          ))}
        </ul>
        <form method="post" action="/admin/schedule/closures" className="inline-form">
          <CsrfField view={view} />
          <label>
            {view.t("schedule.firstDay")}
            <input type="date" name="firstDay" required defaultValue={typed?.firstDay ?? ""} {...invalid("firstDay", fieldProblems)} />
            <FieldProblem name="firstDay" problems={fieldProblems} />
          </label>
          <label>
            {view.t("schedule.lastDay")}
            <input type="date" name="lastDay" defaultValue={typed?.lastDay ?? ""} {...invalid("lastDay", fieldProblems)} />
            <FieldProblem name="lastDay" problems={fieldProblems} />
          </label>
          <label>
            {view.t("schedule.note")}
            <input type="text" name="note" maxLength={200} defaultValue={typed?.note ?? ""} {...invalid("note", fieldProblems)} />
            <FieldProblem name="note" problems={fieldProblems} />
          </label>
          <button type="submit">{view.t("schedule.addClosure")}</button>
        </form>
      </section>
    </Layout>
  );
}

/** One-off changes of a single date: the list, each removable, and the form that adds one. */
function DateChanges({ view, schedule, typed, problems }: { view: ViewContext; schedule: Schedule } & Retyped) {
  const kinds = ["extra", "closed", "capacity", "moved"] as const;
  return (
    <section className="panel" aria-labelledby="date-changes">
      <h2 id="date-changes">{view.t("schedule.date.title")}</h2>
      <p className="help">{view.t("schedule.date.help")}</p>
      {schedule.dateChanges.length === 0 ? <p>{view.t("schedule.date.none")}</p> : null}
      <ul className="closures">
        {schedule.dateChanges.map((change) => (
          <li key={change.id}>
            <span>
              {dayName(view, change.day)} · {dateChangeText(view, change)}
              {change.note ? ` · ${change.note}` : ""}
            </span>
            <form method="post" action={`/admin/schedule/dates/${change.id}/remove`}>
              <CsrfField view={view} />
              <button type="submit">{view.t("schedule.date.remove")}</button>
            </form>
          </li>
        ))}
      </ul>
      <form method="post" action="/admin/schedule/dates" className="inline-form date-change-form">
        <CsrfField view={view} />
        <label>
          {view.t("schedule.date.day")}
          <input type="date" name="day" required defaultValue={typed?.day ?? ""} {...invalid("day", problems)} />
          <FieldProblem name="day" problems={problems} />
        </label>
        <label>
          {view.t("schedule.date.package")}
          <select name="package" defaultValue={typed?.package ?? tourPackageIds[0]} {...invalid("package", problems)}>
            <TourOptions view={view} />
          </select>
        </label>
        <fieldset className="date-change-kind" aria-describedby={problems.kind ? "problem-kind" : undefined}>
          <legend>{view.t("schedule.date.kind")}</legend>
          {kinds.map((kind) => (
            <label key={kind} className="check">
              <input type="radio" name="kind" value={kind} required defaultChecked={(typed?.kind ?? "extra") === kind} />
              {view.t(`schedule.date.kind.${kind}`)}
            </label>
          ))}
          <FieldProblem name="kind" problems={problems} />
        </fieldset>
        <label>
          {view.t("schedule.time")}
          <input type="time" name="time" required defaultValue={typed?.time ?? ""} {...invalid("time", problems)} />
          <FieldProblem name="time" problems={problems} />
        </label>
        <label>
          {view.t("schedule.date.newTime")}
          <input type="time" name="newTime" defaultValue={typed?.newTime ?? ""} {...invalid("newTime", problems)} />
          <FieldProblem name="newTime" problems={problems} />
          <span className="help">{view.t("schedule.date.newTimeHelp")}</span>
        </label>
        <label>
          {view.t("schedule.date.capacity")}
          <input type="number" name="capacity" min={1} max={50} inputMode="numeric" defaultValue={typed?.capacity ?? ""} {...invalid("capacity", problems)} />
          <FieldProblem name="capacity" problems={problems} />
          <span className="help">{view.t("schedule.date.capacityHelp")}</span>
        </label>
        <label>
          {view.t("schedule.note")}
          <input type="text" name="dateNote" maxLength={200} defaultValue={typed?.dateNote ?? ""} {...invalid("dateNote", problems)} />
          <FieldProblem name="dateNote" problems={problems} />
        </label>
        <button type="submit">{view.t("schedule.date.add")}</button>
      </form>
    </section>
  );
}
