import type { DayView } from "../../bookings/day-view";
import type { HeldBooking } from "../../db/tour-ledger";
import { guestKey } from "../../db/tour-guests";
import { dayName, formatClock, languageLabel, type ViewContext } from "../shared/view-context";
import { placesText, stateText } from "./calendar-page";
import { bookingHref, telHref, guestHref, checkInAction } from "../shared/links";
import { CsrfField, Layout } from "../shared/layout";
import { attendanceText, Tags } from "../shared/guest-summary";

/** What the estate knows of each guest of the day, by address (lower case): visits, no-shows, tags. */
export type DayGuests = ReadonlyMap<string, { visits: number; noShows: number; tags: string[] }>;

/** The check-in of one booking: "arrived" or "absent" on screen (a box to tick on paper), or what was marked and its undo. */
function CheckIn({ view, booking, back }: { view: ViewContext; booking: HeldBooking; back: string }) {
  if (booking.status !== "confirmed") return <span className="help">{view.t("checkIn.notConfirmed")}</span>;
  const button = (action: "arrived" | "absent" | "clear", label: string, secondary = false) => (
    <form method="post" action={checkInAction(booking.bookingId, action)}>
      <CsrfField view={view} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={secondary ? "secondary" : undefined} aria-label={`${label} — ${booking.name}`}>
        {label}
      </button>
    </form>
  );
  return (
    <div className="check-in">
      <span className="print-only" aria-hidden="true">
        ☐ {view.t("checkIn.arrived")} ☐ {view.t("checkIn.noShow")}
      </span>
      {booking.attendance ? (
        <span className="no-print check-in-buttons">
          <span className={`status status-${booking.attendance}`}>{view.t(booking.attendance === "arrived" ? "checkIn.arrived" : "checkIn.noShow")}</span>
          {button("clear", view.t("checkIn.undo"), true)}
        </span>
      ) : (
        <span className="no-print check-in-buttons">
          {button("arrived", view.t("checkIn.markArrived"))}
          {button("absent", view.t("checkIn.markNoShow"), true)}
        </span>
      )}
    </div>
  );
}

/** Under a guest's name: a private tour, their tags, and how often they came before, linking to their record. */
function GuestLine({
  view,
  booking,
  guest,
}: {
  view: ViewContext;
  booking: HeldBooking;
  guest: { visits: number; noShows: number; tags: string[] } | undefined;
}) {
  return (
    <>
      {booking.private ? <span className="status status-private">{view.t("experience.privateShort")}</span> : null}
      {guest ? (
        <>
          <Tags view={view} tags={guest.tags} />
          {guest.visits + guest.noShows > 0 ? (
            <a className="help guest-line" href={guestHref(booking.bookingId)}>
              {attendanceText(view, guest)}
            </a>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/**
 * `/admin/calendar/sheet?day=…`: the day sheet for the guide, on a phone and printed on one A4
 * page: each time with bookings (those the schedule no longer runs included), and for each booking
 * the name, the group, the language, the phone, the notes, the colleague on it, the status, and
 * the check-in: arrived or absent (kept in the booking's history).
 */
export function DaySheetPage({ view, day, guests = new Map() }: { view: ViewContext; day: DayView; guests?: DayGuests }) {
  const busy = day.slots.filter((slot) => slot.bookings.length > 0);
  const free = day.slots.filter((slot) => slot.bookings.length === 0 && slot.scheduled);
  const people = busy.reduce((sum, slot) => sum + slot.bookings.reduce((group, booking) => group + booking.guests, 0), 0);
  const bookings = busy.reduce((sum, slot) => sum + slot.bookings.length, 0);
  const back = `/admin/calendar/sheet?day=${day.date}`;
  const columns = ["sheet.name", "sheet.guests", "sheet.language", "sheet.phone", "sheet.notes", "sheet.assignee", "sheet.status", "sheet.checkIn"] as const;
  return (
    <Layout view={view} title={view.t("sheet.title", { day: dayName(view, day.date) })}>
      <div className="sheet">
        <p className="no-print">
          <a href={`/admin/calendar?view=day&day=${day.date}`}>{view.t("sheet.back")}</a>
        </p>
        <p>
          <strong>{view.t("sheet.summary", { bookings, people })}</strong>
          {day.closure ? ` · ${day.closure.note ? view.t("calendar.closedNote", { note: day.closure.note }) : view.t("calendar.closed")}` : null}
        </p>
        <p className="help no-print">{view.t("sheet.print")}</p>
        {busy.length === 0 ? <p>{view.t("sheet.none")}</p> : null}
        {busy.map((slot) => (
          <section key={`${slot.time} ${slot.package}`} className="sheet-slot" aria-labelledby={`slot-${slot.package}-${slot.time.replace(":", "")}`}>
            <h2 id={`slot-${slot.package}-${slot.time.replace(":", "")}`}>
              {formatClock(view, slot.time)} · {view.tourName(slot.package)}
              {slot.scheduled ? null : <span className="status status-off"> {view.t("calendar.offSchedule")}</span>}
              <span className="help"> · {placesText(view, slot)}</span>
            </h2>
            <table className="inbox-table sheet-table">
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {view.t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {slot.bookings.map((booking) => (
                  <tr key={booking.bookingId}>
                    <td data-label={view.t("sheet.name")}>
                      <a className="open" href={bookingHref(booking.bookingId)}>
                        {booking.name}
                      </a>
                      <GuestLine view={view} booking={booking} guest={guests.get(guestKey(booking.email, booking.phone) ?? "")} />
                    </td>
                    <td data-label={view.t("sheet.guests")}>{booking.guests}</td>
                    <td data-label={view.t("sheet.language")}>{languageLabel(view, booking.language)}</td>
                    <td data-label={view.t("sheet.phone")}>{booking.phone ? <a href={telHref(booking.phone)}>{booking.phone}</a> : "—"}</td>
                    <td data-label={view.t("sheet.notes")} className="long-text">
                      {[...(booking.message ? [booking.message] : []), ...booking.notes].join("\n") || "—"}
                    </td>
                    <td data-label={view.t("sheet.assignee")}>{booking.assignee ?? "—"}</td>
                    <td data-label={view.t("sheet.status")}>
                      <span className={`status status-${booking.status}`}>{stateText(view, booking, slot)}</span>
                    </td>
                    <td data-label={view.t("sheet.checkIn")}>
                      <CheckIn view={view} booking={booking} back={back} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
        {free.length > 0 ? (
          <p className="help">
            {view.t("calendar.free")} {free.map((slot) => `${formatClock(view, slot.time)} ${view.tourName(slot.package)}`).join(" · ")}
          </p>
        ) : null}
      </div>
    </Layout>
  );
}
