import type { Affected } from "../../bookings/schedule-change";
import { EstateReasonFields } from "../shared/estate-reason-fields";
import { slotStart, type Schedule } from "../../bookings/schedule";
import { formatClock, formatShortDay, languageLabel, type ViewContext } from "../shared/view-context";
import { bookingHref, telHref } from "../shared/links";
import { CsrfField, Layout, Problems } from "../shared/layout";

/** The choice field of one touched booking (the route reads the same). */
export const decisionField = (bookingId: string) => `decision-${bookingId}`;

/** A choice's value: keep, cancel, or move to a slot's `start`. */
export const moveValue = (start: string) => `move:${start}`;

interface ScheduleChangePageProps {
  view: ViewContext;
  schedule: Schedule;
  /** Where the form posts again, with every field of the change. */
  action: string;
  /** The change's own fields, sent again as they were. */
  fields: Record<string, string>;
  /** The choices already made (the page shown again), by field name. */
  chosen: Record<string, string>;
  /** What the change is, in words. */
  change: string;
  affected: Affected[];
  problems: string[];
  /** A booking was made after the warning was first shown: it is listed too. */
  stale: boolean;
}

const reasonMessage = { closed: "scheduleChange.reason.closed", removed: "scheduleChange.reason.removed", capacity: "scheduleChange.reason.capacity" } as const;

/**
 * Before a schedule change that touches bookings: each booking it would leave off the schedule
 * or over capacity, with its visitor, and a choice per booking: keep it (the tour runs for it at
 * its own time), move it to a time with room (the visitor is mailed), or cancel it (the visitor is
 * mailed). Nothing changes until this page's form is sent; keeping is the default.
 */
export function ScheduleChangePage({ view, schedule, action, fields, chosen: already, change, affected, problems, stale }: ScheduleChangePageProps) {
  return (
    <Layout view={view} title={view.t("scheduleChange.title", { count: affected.length })}>
      <Problems problems={[...(stale ? [view.t("scheduleChange.stale")] : []), ...problems]} />
      <p>
        <strong>{change}</strong>
      </p>
      <p>{view.t("scheduleChange.intro", { count: affected.length })}</p>
      <form method="post" action={action} className="schedule-change">
        <CsrfField view={view} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value="yes" />
        <ol className="affected">
          {affected.map(({ booking, reason, moveOptions }) => {
            const when = `${formatShortDay(view, booking.date)} · ${formatClock(view, booking.time)}`;
            const chosen = already[decisionField(booking.bookingId)] ?? "keep";
            return (
              <li key={booking.bookingId} className="panel">
                <h2>
                  {when} · {view.tourName(booking.package)}
                </h2>
                <p>
                  <a href={bookingHref(booking.bookingId)}>{booking.name}</a> · {view.t("slot.guests", { count: booking.guests })} ·{" "}
                  {languageLabel(view, booking.language)}
                  {booking.phone ? (
                    <>
                      {" · "}
                      <a href={telHref(booking.phone)}>{booking.phone}</a>
                    </>
                  ) : null}{" "}
                  · <span className={`status status-${booking.status}`}>{view.t(`slot.status.${booking.status}`)}</span>
                </p>
                <p className="help">{view.t(reasonMessage[reason])}</p>
                <label>
                  {view.t("scheduleChange.choose")}
                  <select name={decisionField(booking.bookingId)} defaultValue={chosen}>
                    <option value="keep">{view.t("scheduleChange.keep", { time: formatClock(view, booking.time) })}</option>
                    {moveOptions.map((slot) => (
                      <option key={`${slot.date} ${slot.time}`} value={moveValue(slotStart(schedule, slot))}>
                        {view.t("scheduleChange.move", { day: formatShortDay(view, slot.date), time: formatClock(view, slot.time), count: slot.placesLeft })}
                      </option>
                    ))}
                    <option value="cancel">{view.t("scheduleChange.cancel")}</option>
                  </select>
                </label>
                {moveOptions.length === 0 ? <p className="help">{view.t("scheduleChange.noRoom")}</p> : null}
              </li>
            );
          })}
        </ol>
        <EstateReasonFields view={view} typed={already} guestMayAsk={false} />
        <p className="help">{view.t("scheduleChange.mails")}</p>
        <div className="list-actions">
          <button type="submit">{view.t("scheduleChange.apply")}</button>
          <a className="button-link secondary" href="/admin/schedule">
            {view.t("scheduleChange.back")}
          </a>
        </div>
      </form>
    </Layout>
  );
}
