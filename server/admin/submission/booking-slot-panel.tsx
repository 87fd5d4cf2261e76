import type { Waiting } from "../../bookings/booking-page";
import type { BookedVisit } from "../../bookings/visits";
import { EstateReasonFields } from "../shared/estate-reason-fields";
import { waitingText } from "../shared/waiting-text";
import type { AdminMessageId } from "#locales/admin";
import { dayName, formatClock, type ViewContext } from "../shared/view-context";
import { bookingHref, checkInAction } from "../shared/links";
import { FieldProblem, invalid } from "../shared/field-problem";
import { CsrfField, Notice } from "../shared/layout";
import { placesLeftOnly, SlotChoice, timesLegend } from "../shared/slot-choice";

/** What the panel says after an action, or why one was refused. */
export type SlotNote = keyof typeof noteText | null;

/** What each note says: an action done, or why one was refused. */
const noteText = {
  confirm: "slot.done.confirm",
  decline: "slot.done.decline",
  undo: "slot.done.undo",
  cancel: "slot.done.cancel",
  moved: "slot.done.moved",
  full: "slot.full",
  stale: "slot.stale",
  private: "slot.private",
  voucherUsed: "slot.voucherUsed",
  refunding: "slot.refunding",
  waitsForPayment: "slot.waitsForPayment",
  depositAsked: "slot.done.depositAsked",
  priced: "slot.done.priced",
  grouped: "slot.done.grouped",
  groupFull: "slot.groupFull",
  groupInvalid: "slot.groupInvalid",
  priceInvalid: "slot.priceInvalid",
  priceReason: "slot.priceReason",
  reasonNeeded: "slot.reasonNeeded",
  moveFull: "slot.moveFull",
  moveClosed: "slot.moveClosed",
  moveHorizon: "slot.moveHorizon",
  moveChoose: "slot.moveChoose",
  "checkIn-arrived": "slot.done.arrived",
  "checkIn-absent": "slot.done.absent",
  "checkIn-clear": "slot.done.checkInCleared",
  checkInEarly: "checkIn.early",
} as const satisfies Record<string, AdminMessageId>;

/** Whether a note is one the panel knows (the page's query names it). */
export const isSlotNote = (value: unknown): value is Exclude<SlotNote, null> => typeof value === "string" && Object.hasOwn(noteText, value);

/** A time the booking could move to, as the page offers it. */
interface MoveOption {
  /** The slot's `start` (with that day's offset), the value the move form sends. */
  start: string;
  time: string;
  placesLeft: number;
}

interface SlotPanelProps {
  view: ViewContext;
  visit: BookedVisit;
  /** Places taken at the slot's time, this booking's included when it holds them. */
  taken: number;
  capacity: number;
  /** The signed-in member of the staff may confirm over the places (admin). */
  canOverride: boolean;
  note: SlotNote;
  /** The day whose times the move form lists (`YYYY-MM-DD`), and those times. */
  moveDay: string;
  moveOptions: MoveOption[];
  /** The schedule no longer runs the booking's time (it was kept when the schedule changed). */
  offSchedule: boolean;
  /** How often the person behind the booking's address came and did not come, across their bookings. */
  record: { visits: number; noShows: number };
  /** What a pending booking waits for: only the estate's answer is the staff's to give. */
  waiting: Waiting | null;
  /** Which check-in marks the tour allows now. */
  checkIn: { arrived: boolean; noShow: boolean };
}

/** A tour booking's time on its page: when, how many, the places, and the staff's actions for its status. */
export function SlotPanel({ view, visit, taken, capacity, canOverride, note, moveDay, moveOptions, offSchedule, record, waiting, checkIn }: SlotPanelProps) {
  const base = `${bookingHref(visit.bookingId)}/slot`;
  const problem = note !== null && !noteText[note].startsWith("slot.done.");
  // An override sent without its reason: the form again, the reason named at its field.
  const reasonProblem = note === "reasonNeeded" ? { reason: view.t(noteText.reasonNeeded) } : {};
  // A booking waiting for its deposit is the guest's to pay; one waiting for its group may be run anyway.
  const confirmLabel: AdminMessageId | null = waiting?.for === "estate" ? "slot.confirm" : waiting?.for === "minimum" ? "slot.confirmAnyway" : null;
  const action = (name: "confirm" | "decline" | "undo" | "cancel", label: AdminMessageId, sure: boolean) => (
    <form method="post" action={`${base}/${name}`} className={`answer${sure ? " danger" : ""}`}>
      <CsrfField view={view} />
      {name === "cancel" ? <EstateReasonFields view={view} guestMayAsk /> : null}
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
      {note ? <Notice tone={problem ? "problem" : "done"}>{view.t(noteText[note])}</Notice> : null}
      <p>
        <strong>{view.t("slot.when", { date: dayName(view, visit.date), time: formatClock(view, visit.time) })}</strong> ·{" "}
        {view.t("slot.guests", { count: visit.guests })}
        {offSchedule ? <span className="status status-off"> {view.t("calendar.offSchedule")}</span> : null}
      </p>
      <p>
        <span className={`status status-${visit.status}`}>{waiting ? waitingText(view, waiting) : view.t(`slot.status.${visit.status}`)}</span>
        {visit.attendance ? (
          <span className={`status status-${visit.attendance}`}> {view.t(visit.attendance === "arrived" ? "checkIn.arrived" : "checkIn.noShow")}</span>
        ) : null}{" "}
        · {view.t("slot.places", { taken, capacity })}
      </p>
      {visit.source === "staff" ? <p className="help">{view.t("slot.byStaff")}</p> : null}
      {record.visits + record.noShows > 0 ? <p className="help">{view.t("slot.record", { visits: record.visits, noShows: record.noShows })}</p> : null}
      {visit.status === "confirmed" ? <CheckInForms view={view} id={visit.bookingId} marked={visit.attendance !== null} open={checkIn} /> : null}
      {visit.status === "pending" && confirmLabel ? action("confirm", confirmLabel, false) : null}
      {visit.status === "declined" ? action("undo", "slot.undo", false) : null}
      {visit.status === "pending" ? action("decline", "slot.decline", true) : null}
      {visit.status === "confirmed" ? action("cancel", "slot.cancel", true) : null}
      {visit.status === "declined" && note === "voucherUsed" ? (
        <form method="post" action={`${base}/undo`} className="answer">
          <CsrfField view={view} />
          <input type="hidden" name="fullPrice" value="yes" />
          <p className="help">{view.t("slot.fullPriceHelp")}</p>
          <button type="submit">{view.t("slot.undoFullPrice")}</button>
        </form>
      ) : null}
      {canOverride && (visit.status === "pending" || visit.status === "declined") && (note === "full" || note === "reasonNeeded") ? (
        <form method="post" action={`${base}/${visit.status === "pending" ? "confirm" : "undo"}`} className="answer">
          <CsrfField view={view} />
          <input type="hidden" name="override" value="yes" />
          <label>
            {view.t("slot.reason")}
            <textarea name="reason" required maxLength={500} rows={2} {...invalid("reason", reasonProblem)} />
            <FieldProblem name="reason" problems={reasonProblem} />
          </label>
          <button type="submit">{view.t("slot.override")}</button>
        </form>
      ) : null}
      {visit.status === "pending" || visit.status === "confirmed" ? (
        <form method="post" action={`${base}/group`} className="answer slot-group" id="slot-group">
          <CsrfField view={view} />
          <label>
            {view.t("slot.group.label")}
            <input type="number" name="guests" min={1} max={50} required inputMode="numeric" defaultValue={String(visit.guests)} />
          </label>
          {canOverride && note === "groupFull" ? (
            <label>
              {view.t("slot.reason")}
              <textarea name="reason" required maxLength={500} rows={2} />
            </label>
          ) : null}
          <button type="submit" className="secondary">
            {view.t("slot.group.button")}
          </button>
        </form>
      ) : null}
      {visit.status === "pending" || visit.status === "confirmed" ? (
        <MoveForms view={view} visit={visit} base={base} day={moveDay} options={moveOptions} />
      ) : null}
    </section>
  );
}

/** The check-in on the booking's page: arrived (from the tour's day) or absent (once it started), or undo what was marked. */
function CheckInForms({ view, id, marked, open }: { view: ViewContext; id: string; marked: boolean; open: { arrived: boolean; noShow: boolean } }) {
  const button = (action: "arrived" | "absent" | "clear", label: string, secondary: boolean) => (
    <form method="post" action={checkInAction(id, action)}>
      <CsrfField view={view} />
      <button type="submit" className={secondary ? "secondary" : undefined}>
        {label}
      </button>
    </form>
  );
  return (
    <div className="answer check-in">
      <h3>{view.t("checkIn.title")}</h3>
      {marked ? (
        button("clear", view.t("checkIn.undo"), true)
      ) : open.arrived ? (
        <>
          {button("arrived", view.t("checkIn.markArrived"), false)}
          {open.noShow ? button("absent", view.t("checkIn.markNoShow"), true) : <span className="help">{view.t("checkIn.noShowLater")}</span>}
        </>
      ) : (
        <p className="help">{view.t("checkIn.onTheDay")}</p>
      )}
    </div>
  );
}

/**
 * Moving a booking without a script: a GET form chooses the day (the page comes back with that
 * day's times), then a POST form moves it to one of them. Times without room for the group are
 * shown, greyed, so the office sees why they cannot be chosen.
 */
function MoveForms({ view, visit, base, day, options }: { view: ViewContext; visit: BookedVisit; base: string; day: string; options: MoveOption[] }) {
  return (
    <div className="answer slot-move" id="slot-move">
      <h3>{view.t("slot.move.title")}</h3>
      <SlotChoice
        view={view}
        day={day}
        dayForm={{ action: `${bookingHref(visit.bookingId)}#slot-move`, field: "moveDay", label: view.t("slot.move.day"), className: "slot-move-day" }}
        options={placesLeftOnly(options)}
        guests={visit.guests}
        canOverride={false}
        none={view.t("slot.move.none", { date: dayName(view, day) })}
        timesForm={{
          action: `${base}/move`,
          className: "slot-move-times",
          legend: timesLegend(view, day),
          after: (
            <>
              <EstateReasonFields view={view} guestMayAsk />
              <button type="submit">{view.t("slot.move.button")}</button>
            </>
          ),
        }}
      />
    </div>
  );
}
