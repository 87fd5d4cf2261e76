import type { DayView, SlotView } from "../../bookings/day-view";
import type { Slot } from "../../bookings/schedule";
import type { HeldBooking } from "../../db/tour-ledger";
import type { LineEntry } from "../../db/tour-waitlist";
import { waitingOf } from "../../bookings/booking-page";
import { waitingText } from "../shared/waiting-text";
import { dayName, formatClock, formatShortDay, formatTime, languageLabel, type ViewContext } from "../shared/view-context";
import { telHref, bookingHref } from "../shared/links";
import { Layout } from "../shared/layout";

interface CalendarPageProps {
  view: ViewContext;
  mode: "day" | "week";
  /** The first day shown, the day asked for, today, and the days before and after for the arrows. */
  day: string;
  asked: string;
  today: string;
  previous: string;
  next: string;
  days: DayView[];
  /** Whether a new booking can still be placed in a slot (it has not started). */
  bookable: (slot: Slot) => boolean;
}

/** The staff's form for a phone or walk-in booking, opened at a package, a day and a time when given. */
const newBookingHref = (slot: Partial<Slot> = {}) => {
  const query = new URLSearchParams(
    Object.entries({ package: slot.package, day: slot.date, time: slot.time }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const text = query.toString();
  return `/admin/bookings/new${text ? `?${text}` : ""}`;
};

/** Places at a time in words: taken and left of the capacity, how far over it an admin placed a group, or held whole by a private tour. */
export function placesText(view: ViewContext, slot: Pick<SlotView, "taken" | "capacity" | "private">): string {
  if (slot.private && slot.taken <= slot.capacity) return view.t("calendar.privateFull", { capacity: slot.capacity });
  if (slot.taken > slot.capacity) return view.t("calendar.over", { taken: slot.taken, capacity: slot.capacity, over: slot.taken - slot.capacity });
  return view.t("calendar.places", { taken: slot.taken, left: slot.capacity - slot.taken, capacity: slot.capacity });
}

/** A booking's status and check-in, as short labels. */
/** A held booking's state in a word or two: confirmed, or what it waits for (the estate's answer, its deposit, its group). */
export function stateText(view: ViewContext, booking: HeldBooking, slot: Pick<SlotView, "minimum" | "towardsMinimum">): string {
  const waiting = waitingOf(booking, { people: slot.towardsMinimum, minimum: slot.minimum });
  return waiting ? waitingText(view, waiting, true) : view.t("slot.status.confirmed");
}

function BookingState({ view, booking, slot }: { view: ViewContext; booking: HeldBooking; slot: Pick<SlotView, "minimum" | "towardsMinimum"> }) {
  return (
    <>
      <span className={`status status-${booking.status}`}>{stateText(view, booking, slot)}</span>
      {booking.attendance ? (
        <span className={`status status-${booking.attendance}`}>{view.t(booking.attendance === "arrived" ? "checkIn.arrived" : "checkIn.noShow")}</span>
      ) : null}
    </>
  );
}

/**
 * One booking on the calendar: who, how many, their language, their phone one tap away, the
 * colleague on it, the notes. In the week's narrow columns each comes on a line of its own.
 */
function BookingLine({ view, booking, slot }: { view: ViewContext; booking: HeldBooking; slot: SlotView }) {
  return (
    <li>
      <a className="calendar-name" href={bookingHref(booking.bookingId)}>
        {booking.name}
      </a>
      <span className="calendar-facts">
        {" · "}
        {view.t("slot.guests", { count: booking.guests })} · {languageLabel(view, booking.language)}
      </span>
      {booking.phone ? (
        <span className="calendar-phone">
          {" · "}
          <a href={telHref(booking.phone)}>{booking.phone}</a>
        </span>
      ) : null}
      <span className="calendar-state">
        {" · "}
        <BookingState view={view} booking={booking} slot={slot} />
        {booking.source === "staff" ? <span className="help"> · {view.t("calendar.byStaff")}</span> : null}
      </span>
      {booking.assignee ? <span className="help calendar-assignee"> · {view.t("calendar.assignee", { email: booking.assignee })}</span> : null}
      {booking.notes.length > 0 ? <span className="calendar-note">{booking.notes.join(" · ")}</span> : null}
    </li>
  );
}

/** Who waits for a time: each name, their group, and an open offer with the moment it ends (FN12). */
function WaitlistLines({ view, lines }: { view: ViewContext; lines: readonly LineEntry[] }) {
  return (
    <div className="calendar-waitlist">
      <p className="help">{view.t("calendar.waitlist.title")}</p>
      <ul>
        {lines.map((line) => (
          <li key={line.bookingId}>
            <a href={bookingHref(line.bookingId)}>{line.name}</a> · {view.t("slot.guests", { count: line.guests })} ·{" "}
            {line.status === "offered" && line.offeredUntil
              ? view.t("calendar.waitlist.offered", { count: line.guests, until: formatTime(view, line.offeredUntil) })
              : view.t("calendar.waitlist.waiting")}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One time of one package: its places, whether the schedule still runs it, its bookings, who waits for it, and a new booking there. */
function SlotBlock({ view, date, slot, bookable }: { view: ViewContext; date: string; slot: SlotView; bookable: boolean }) {
  const place = { package: slot.package, date, time: slot.time };
  return (
    <div className={`calendar-slot${slot.scheduled ? "" : " off-schedule"}${slot.taken > slot.capacity ? " over" : ""}`}>
      <p>
        <strong>{formatClock(view, slot.time)}</strong> {view.tourName(slot.package)}
        {slot.scheduled ? null : <span className="status status-off"> {view.t("calendar.offSchedule")}</span>}
      </p>
      <p className="help">{placesText(view, slot)}</p>
      {slot.bookings.length > 0 ? (
        <ul>
          {slot.bookings.map((booking) => (
            <BookingLine key={booking.bookingId} view={view} booking={booking} slot={slot} />
          ))}
        </ul>
      ) : null}
      {slot.waitlist.length > 0 ? <WaitlistLines view={view} lines={slot.waitlist} /> : null}
      {slot.scheduled && bookable && slot.taken < slot.capacity ? (
        <p className="calendar-add">
          <a href={newBookingHref(place)}>{view.t("calendar.addHere", { time: formatClock(view, slot.time) })}</a>
        </p>
      ) : null}
    </div>
  );
}

/** One day: a closure's note, then its times; in the week, the times with bookings first and the free ones on one line. */
function Day({ view, shown, mode, bookable }: { view: ViewContext; shown: DayView; mode: "day" | "week"; bookable: (slot: Slot) => boolean }) {
  const busy = mode === "week" ? shown.slots.filter((slot) => slot.bookings.length > 0 || slot.waitlist.length > 0) : shown.slots;
  const free = mode === "week" ? shown.slots.filter((slot) => slot.bookings.length === 0 && slot.waitlist.length === 0 && slot.scheduled) : [];
  return (
    <section className="calendar-day" aria-labelledby={`day-${shown.date}`}>
      <h2 id={`day-${shown.date}`}>
        {mode === "week" ? <a href={`/admin/calendar?view=day&day=${shown.date}`}>{formatShortDay(view, shown.date)}</a> : dayName(view, shown.date)}
      </h2>
      {shown.closure ? (
        <p className="status status-closed">{shown.closure.note ? view.t("calendar.closedNote", { note: shown.closure.note }) : view.t("calendar.closed")}</p>
      ) : null}
      {shown.slots.length === 0 && !shown.closure ? <p className="help">{view.t("calendar.noTours")}</p> : null}
      {busy.map((slot) => (
        <SlotBlock
          key={`${slot.time} ${slot.package}`}
          view={view}
          date={shown.date}
          slot={slot}
          bookable={bookable({ package: slot.package, date: shown.date, time: slot.time })}
        />
      ))}
      {free.length > 0 ? (
        <p className="calendar-free">
          <span className="help">{view.t("calendar.free")}</span>{" "}
          {free.map((slot, index) => {
            const place = { package: slot.package, date: shown.date, time: slot.time };
            // Short on a phone: the time alone, the tour and its places in the link's name and title.
            const full = view.t("calendar.freeSlot", {
              time: formatClock(view, slot.time),
              tour: view.tourName(slot.package),
              count: slot.capacity - slot.taken,
            });
            return (
              <span key={`${slot.time} ${slot.package}`}>
                {index > 0 ? " · " : null}
                {bookable(place) ? (
                  <a href={newBookingHref(place)} aria-label={full} title={full}>
                    {formatClock(view, slot.time)}
                  </a>
                ) : (
                  <abbr title={full}>{formatClock(view, slot.time)}</abbr>
                )}
              </span>
            );
          })}
        </p>
      ) : null}
    </section>
  );
}

/**
 * `/admin/calendar`: the tours of a day or a week, in Paris time, as the bookings hold them: each
 * time with its places, every booking (name, group, language, phone, status, check-in, colleague,
 * notes) linking to its page; times the schedule no longer runs still show their guests, marked
 * off the schedule. A date picker, today, the day sheet and a new booking for a phone or walk-in
 * visitor. One list per day: on a phone the week keeps to the times with bookings.
 */
export function CalendarPage({ view, mode, day, asked, today, previous, next, days, bookable }: CalendarPageProps) {
  const link = (to: string, as: "day" | "week" = mode) => `/admin/calendar?view=${as}&day=${to}`;
  return (
    <Layout view={view} title={view.t("calendar.title")}>
      <nav className="view-tabs" aria-label={view.t("calendar.views")}>
        <a href={link(asked, "day")} aria-current={mode === "day" ? "page" : undefined}>
          {view.t("calendar.day")}
        </a>
        <a href={link(asked, "week")} aria-current={mode === "week" ? "page" : undefined}>
          {view.t("calendar.week")}
        </a>
      </nav>
      <div className="calendar-bar">
        <p className="calendar-steps">
          <a href={link(previous)}>{view.t(mode === "day" ? "calendar.previousDay" : "calendar.previousWeek")}</a>
          <a href={link(today)} aria-current={asked === today ? "date" : undefined}>
            {view.t("calendar.today")}
          </a>
          <a href={link(next)}>{view.t(mode === "day" ? "calendar.nextDay" : "calendar.nextWeek")}</a>
        </p>
        <form method="get" action="/admin/calendar" className="inline-form calendar-pick">
          <input type="hidden" name="view" value={mode} />
          <label>
            {view.t("calendar.goTo")}
            <input type="date" name="day" defaultValue={asked} required />
          </label>
          <button type="submit" className="secondary">
            {view.t("calendar.show")}
          </button>
        </form>
        <p className="calendar-actions">
          {mode === "day" ? (
            <a className="button-link secondary" href={`/admin/calendar/sheet?day=${day}`}>
              {view.t("calendar.sheet")}
            </a>
          ) : null}
          <a className="button-link" href={newBookingHref({ date: day })}>
            {view.t("calendar.newBooking")}
          </a>
        </p>
      </div>
      <p className="help">{view.t("calendar.paris")}</p>
      <div className={`calendar calendar-${mode}-view`}>
        {days.map((shown) => (
          <Day key={shown.date} view={view} shown={shown} mode={mode} bookable={bookable} />
        ))}
      </div>
    </Layout>
  );
}
