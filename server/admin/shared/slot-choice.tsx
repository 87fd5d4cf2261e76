/**
 * Choosing a tour's day, then its time, as every staff form that puts a group on a time does (a
 * booking moved, a request confirmed, a new booking): without a script, a GET form chooses the day
 * (the page comes back with that day's times), then that day's times are one field (`slot`) of the
 * POST form, each with the places it has left. A time without room for the group is greyed, and
 * can be chosen only where an admin may place a group over the places left (`canOverride`, with
 * a reason the route asks for).
 */
import type { ReactNode } from "react";
import { dayName, formatClock, type ViewContext } from "./view-context";
import { FieldProblem, invalid } from "./field-problem";
import { CsrfField } from "./layout";

/** A time of the day, as the form offers it. */
interface SlotOption {
  /** The slot's `start` (with that day's offset): the value the form sends. */
  start: string;
  time: string;
  placesLeft: number;
  /** The time's places in all, when the form says "3 of 8 places left" rather than "3 places left". */
  capacity?: number;
}

export interface SlotChoiceProps {
  view: ViewContext;
  /** The day chosen, whose times are offered. */
  day: string;
  /** The day's form (GET): where it goes, its field's name and label, and what it asks before the day (the tour, for a new booking). */
  dayForm: { action: string; field: string; label: string; className: string; before?: ReactNode };
  /** The day's times, or null before a day (and a tour) is chosen: then the form that books is not shown yet. */
  options: readonly SlotOption[] | null;
  /** The group: a time with fewer places left has no room for it. */
  guests: number;
  canOverride: boolean;
  /** The time chosen before (a refused form's), or undefined. */
  chosen?: string | undefined;
  problems?: Partial<Record<string, string>>;
  /** What a day without any time says. */
  none: string;
  /**
   * The form that books (POST): where it goes, what comes before the times (hidden fields, a
   * heading) and after them (the rest of its fields, its button), and whether it is shown on a day
   * without times (a new booking keeps its other fields).
   */
  timesForm: { action: string; className: string; legend: string; before?: ReactNode; after: ReactNode; keepWhenNone?: boolean };
}

/** The times of the day, one radio button each, with their places. */
function Times({
  view,
  options,
  guests,
  canOverride,
  chosen,
  problems = {},
  legend,
}: Omit<SlotChoiceProps, "day" | "dayForm" | "none" | "timesForm"> & {
  options: readonly SlotOption[];
  legend: string;
}) {
  return (
    <fieldset className="slot-times">
      <legend>{legend}</legend>
      <FieldProblem name="slot" problems={problems} />
      {options.map((option) => {
        const room = option.placesLeft >= guests;
        const places =
          option.capacity !== undefined
            ? view.t("newBooking.places", { left: option.placesLeft, capacity: option.capacity })
            : view.t(room ? "slot.move.left" : "slot.move.noRoom", { count: option.placesLeft });
        return (
          <label key={option.start} className={`check${room ? "" : " no-room"}`}>
            <input
              type="radio"
              name="slot"
              value={option.start}
              required
              disabled={!room && !canOverride}
              defaultChecked={chosen === option.start}
              {...invalid("slot", problems)}
            />
            <strong>{formatClock(view, option.time)}</strong> {places}
          </label>
        );
      })}
    </fieldset>
  );
}

/** The day's form, then the form that books one of its times. */
export function SlotChoice({ view, day, dayForm, options, none, timesForm, ...times }: SlotChoiceProps) {
  const noTimes = <p>{none}</p>;
  return (
    <>
      <form method="get" action={dayForm.action} className={dayForm.className}>
        {dayForm.before}
        <label>
          {dayForm.label}
          <input type="date" name={dayForm.field} defaultValue={day} required />
        </label>
        <button type="submit" className="secondary">
          {view.t("slot.move.show")}
        </button>
      </form>
      {options === null ? null : options.length === 0 && !timesForm.keepWhenNone ? (
        noTimes
      ) : (
        <form method="post" action={timesForm.action} className={timesForm.className}>
          <CsrfField view={view} />
          {timesForm.before}
          {options.length === 0 ? noTimes : <Times view={view} options={options} legend={timesForm.legend} {...times} />}
          {timesForm.after}
        </form>
      )}
    </>
  );
}

/** The legend of a day's times: "Times on Saturday 5 December 2026". */
/** The times as a form that says "3 places left" shows them (a booking moved, a request confirmed): without their places in all. */
export const placesLeftOnly = (options: readonly SlotOption[]): SlotOption[] => options.map(({ start, time, placesLeft }) => ({ start, time, placesLeft }));

export const timesLegend = (view: ViewContext, day: string) => view.t("slot.move.times", { date: dayName(view, day) });
