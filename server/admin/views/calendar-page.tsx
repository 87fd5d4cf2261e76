import type { TourPackageId } from "#forms/tour-booking";
import type { ViewContext } from "../view-context";
import { dayName } from "./schedule-page";
import { Layout } from "./layout";

/** A booking as the calendar lists it. */
export interface CalendarBooking {
  id: string;
  name: string;
  guests: number;
  tour: string;
  language: string;
  status: "pending" | "confirmed";
}

/** A time of the schedule on one day, with its places and its bookings. */
export interface CalendarSlot {
  time: string;
  package: TourPackageId;
  tour: string;
  taken: number;
  capacity: number;
  bookings: CalendarBooking[];
}

/** One day: closed (with the staff's note) or its times. */
export interface CalendarDay {
  date: string;
  closed: string | null;
  slots: CalendarSlot[];
}

interface CalendarPageProps {
  view: ViewContext;
  mode: "day" | "week";
  /** The first day shown, and the days before and after for the arrows. */
  day: string;
  previous: string;
  next: string;
  days: CalendarDay[];
}

/**
 * `/admin/calendar`: the tours of a day or a week, in Paris time: each time with its places taken
 * and left, and each booking (name, group, tour, language, status) linking to its page, where
 * staff confirm, decline, move or cancel it. One list per day: cards on a phone, a column per day
 * of the week on a desk.
 */
export function CalendarPage({ view, mode, day, previous, next, days }: CalendarPageProps) {
  const link = (to: string, as: "day" | "week" = mode) => `/admin/calendar?view=${as}&day=${to}`;
  return (
    <Layout view={view} title={view.t("calendar.title")}>
      <nav className="view-tabs" aria-label={view.t("calendar.views")}>
        <a href={link(day, "day")} aria-current={mode === "day" ? "page" : undefined}>
          {view.t("calendar.day")}
        </a>
        <a href={link(day, "week")} aria-current={mode === "week" ? "page" : undefined}>
          {view.t("calendar.week")}
        </a>
      </nav>
      <p className="calendar-steps">
        <a href={link(previous)}>{view.t(mode === "day" ? "calendar.previousDay" : "calendar.previousWeek")}</a>
        <a href={link(next)}>{view.t(mode === "day" ? "calendar.nextDay" : "calendar.nextWeek")}</a>
      </p>
      <p className="help">{view.t("calendar.paris")}</p>
      <div className={`calendar calendar-${mode}`}>
        {days.map((shown) => (
          <section key={shown.date} className="calendar-day" aria-labelledby={`day-${shown.date}`}>
            <h2 id={`day-${shown.date}`}>{dayName(view, shown.date)}</h2>
            {shown.closed !== null ? <p className="status">{shown.closed ? view.t("calendar.closedNote", { note: shown.closed }) : view.t("calendar.closed")}</p> : null}
            {shown.closed === null && shown.slots.length === 0 ? <p className="help">{view.t("calendar.noTours")}</p> : null}
            {shown.slots.map((slot) => (
              <div key={`${slot.time} ${slot.package}`} className="calendar-slot">
                <p>
                  <strong>{slot.time}</strong> {slot.tour}
                </p>
                <p className="help">{view.t("calendar.places", { taken: slot.taken, left: Math.max(0, slot.capacity - slot.taken), capacity: slot.capacity })}</p>
                {slot.bookings.length > 0 ? (
                  <ul>
                    {slot.bookings.map((booking) => (
                      <li key={booking.id}>
                        <a href={`/admin/submissions/tour-bookings/${encodeURIComponent(booking.id)}`}>{booking.name}</a> · {view.t("slot.guests", { count: booking.guests })} · {booking.language} ·{" "}
                        <span className={`status status-${booking.status}`}>{view.t(booking.status === "confirmed" ? "slot.status.confirmed" : "calendar.pending")}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ))}
          </section>
        ))}
      </div>
    </Layout>
  );
}
