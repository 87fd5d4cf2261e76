import { adminDateTags } from "#locales/admin";
import { tourPackageIds } from "#forms/tour-booking";
import { tourName } from "../../bookings/service";
import { weekdays, type Schedule } from "../../bookings/schedule";
import type { ViewContext } from "../view-context";
import { CsrfField, Layout, Notice } from "./layout";

/** What the schedule page says after an action. */
export type ScheduleDone = "saved" | "closureAdded" | "closureRemoved" | null;

/** A weekday's name in the staff's language (1 Monday … 7 Sunday). */
export const weekdayName = (view: ViewContext, day: number) =>
  new Intl.DateTimeFormat(adminDateTags[view.lang], { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day)));

/** A day (`YYYY-MM-DD`) in the staff's language. */
export const dayName = (view: ViewContext, day: string) =>
  new Intl.DateTimeFormat(adminDateTags[view.lang], { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** The field names of the schedule form (the route reads the same). */
export const timesField = (pkg: string, day: number) => `times-${pkg}-${day}`;
export const instantField = (pkg: string) => `instant-${pkg}`;

interface SchedulePageProps {
  view: ViewContext;
  schedule: Schedule;
  done: ScheduleDone;
  problems: string[];
  /** What was typed, when the form is shown again with problems. */
  typed: Record<string, string>;
}

function NumberSetting({ view, name, label, value, min, max }: { view: ViewContext; name: string; label: string; value: string; min: number; max: number }) {
  return (
    <label>
      {label}
      <input type="number" name={name} defaultValue={value} min={min} max={max} required inputMode="numeric" />
      <span className="help">{view.t("schedule.error.number", { field: label, min, max })}</span>
    </label>
  );
}

/** `/admin/schedule`: the weekly times per package, the places and delays, and the closed days (admin accounts). */
export function SchedulePage({ view, schedule, done, problems, typed }: SchedulePageProps) {
  const value = (name: string, fallback: string | number) => typed[name] ?? String(fallback);
  const checked = (name: string, fallback: boolean) => (Object.keys(typed).length > 0 ? typed[name] === "on" : fallback);
  return (
    <Layout view={view} title={view.t("schedule.title")}>
      {done ? <Notice tone="done">{view.t(`schedule.${done}`)}</Notice> : null}
      {problems.map((problem) => (
        <Notice key={problem} tone="problem">
          {problem}
        </Notice>
      ))}
      <p>{view.t("schedule.intro")}</p>
      <form method="post" action="/admin/schedule" className="schedule-form">
        <CsrfField view={view} />
        <section className="panel">
          <h2>{view.t("schedule.settings")}</h2>
          <div className="settings-grid">
            <NumberSetting view={view} name="capacity" label={view.t("schedule.capacity")} value={value("capacity", schedule.capacity)} min={1} max={50} />
            <NumberSetting view={view} name="cutoffHours" label={view.t("schedule.cutoff")} value={value("cutoffHours", schedule.cutoffHours)} min={0} max={720} />
            <NumberSetting view={view} name="holdHours" label={view.t("schedule.hold")} value={value("holdHours", schedule.holdHours)} min={1} max={720} />
            <NumberSetting view={view} name="reminderHours" label={view.t("schedule.reminder")} value={value("reminderHours", schedule.reminderHours)} min={1} max={168} />
            <NumberSetting view={view} name="waitlistHoldHours" label={view.t("schedule.waitlist")} value={value("waitlistHoldHours", schedule.waitlistHoldHours)} min={1} max={168} />
          </div>
          <label className="check">
            <input type="checkbox" name="sharedGuide" defaultChecked={checked("sharedGuide", schedule.sharedGuide)} />
            {view.t("schedule.sharedGuide")}
          </label>
        </section>
        <section className="panel">
          <h2>{view.t("schedule.times")}</h2>
          <p className="help">{view.t("schedule.timesHelp")}</p>
          {tourPackageIds.map((pkg) => (
            <fieldset key={pkg} className="package-times">
              <legend>{tourName(pkg, view.lang)}</legend>
              <div className="settings-grid">
                {weekdays.map((day) => (
                  <label key={day}>
                    {weekdayName(view, day)}
                    <input type="text" name={timesField(pkg, day)} defaultValue={value(timesField(pkg, day), (schedule.times[pkg][day] ?? []).join(", "))} maxLength={200} />
                  </label>
                ))}
              </div>
              <label className="check">
                <input type="checkbox" name={instantField(pkg)} defaultChecked={checked(instantField(pkg), schedule.instantConfirm[pkg])} />
                {view.t("schedule.instant")}
              </label>
              <p className="help">{view.t("schedule.instantHelp")}</p>
            </fieldset>
          ))}
        </section>
        <button type="submit">{view.t("schedule.save")}</button>
      </form>
      <section className="panel">
        <h2>{view.t("schedule.closures")}</h2>
        <p className="help">{view.t("schedule.closuresHelp")}</p>
        {schedule.closures.length === 0 ? <p>{view.t("schedule.noClosures")}</p> : null}
        <ul className="closures">
          {schedule.closures.map((closure) => (
            <li key={closure.id}>
              <span>
                {closure.firstDay === closure.lastDay ? dayName(view, closure.firstDay) : view.t("schedule.closureRange", { first: dayName(view, closure.firstDay), last: dayName(view, closure.lastDay) })}
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
            <input type="date" name="firstDay" required defaultValue={typed.firstDay ?? ""} />
          </label>
          <label>
            {view.t("schedule.lastDay")}
            <input type="date" name="lastDay" defaultValue={typed.lastDay ?? ""} />
          </label>
          <label>
            {view.t("schedule.note")}
            <input type="text" name="note" maxLength={200} defaultValue={typed.note ?? ""} />
          </label>
          <button type="submit">{view.t("schedule.addClosure")}</button>
        </form>
      </section>
    </Layout>
  );
}
