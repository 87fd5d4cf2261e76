import type { BookedVisit } from "../../bookings/service";
import type { AdminMessageId } from "#locales/admin";
import { dayName } from "./schedule-page";
import type { ViewContext } from "../view-context";
import { CsrfField, Notice } from "./layout";

/** What the panel says after an action, or why one was refused. */
export type SlotNote = "confirm" | "decline" | "undo" | "cancel" | "full" | "stale" | "reasonNeeded" | null;

interface SlotPanelProps {
  view: ViewContext;
  visit: BookedVisit;
  /** Places taken at the slot's time, this booking's included when it holds them. */
  taken: number;
  capacity: number;
  /** The signed-in member of the staff may confirm over the places (admin). */
  canOverride: boolean;
  note: SlotNote;
}

/** A tour booking's time on its page: when, how many, the places, and the staff's actions for its status. */
export function SlotPanel({ view, visit, taken, capacity, canOverride, note }: SlotPanelProps) {
  const base = `/admin/submissions/tour-bookings/${encodeURIComponent(visit.bookingId)}/slot`;
  const problem = note === "full" || note === "stale" || note === "reasonNeeded";
  const action = (name: "confirm" | "decline" | "undo" | "cancel", label: AdminMessageId, sure: boolean) => (
    <form method="post" action={`${base}/${name}`} className={`answer${sure ? " danger" : ""}`}>
      <CsrfField view={view} />
      {sure ? (
        <label className="check">
          <input type="checkbox" name="sure" value="yes" required />
          {view.t("slot.sure")}
        </label>
      ) : null}
      <button type="submit">{view.t(label)}</button>
    </form>
  );
  return (
    <section aria-labelledby="slot-title" className="panel">
      <h2 id="slot-title">{view.t("slot.title")}</h2>
      {note ? <Notice tone={problem ? "problem" : "done"}>{view.t(problem ? `slot.${note}` : `slot.done.${note}`)}</Notice> : null}
      <p>
        <strong>{view.t("slot.when", { date: dayName(view, visit.date), time: visit.time })}</strong> · {view.t("slot.guests", { count: visit.guests })}
      </p>
      <p>
        <span className={`status status-${visit.status}`}>{view.t(`slot.status.${visit.status}`)}</span> · {view.t("slot.places", { taken, capacity })}
      </p>
      {visit.status === "pending" ? action("confirm", "slot.confirm", false) : null}
      {visit.status === "declined" ? action("undo", "slot.undo", false) : null}
      {visit.status === "pending" ? action("decline", "slot.decline", true) : null}
      {visit.status === "confirmed" ? action("cancel", "slot.cancel", true) : null}
      {canOverride && (visit.status === "pending" || visit.status === "declined") && note === "full" ? (
        <form method="post" action={`${base}/${visit.status === "pending" ? "confirm" : "undo"}`} className="answer">
          <CsrfField view={view} />
          <input type="hidden" name="override" value="yes" />
          <label>
            {view.t("slot.reason")}
            <textarea name="reason" required maxLength={500} rows={2} />
          </label>
          <button type="submit">{view.t("slot.override")}</button>
        </form>
      ) : null}
    </section>
  );
}
