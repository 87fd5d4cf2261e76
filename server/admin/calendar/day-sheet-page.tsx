import { formatPrice } from "#core/format";
import type { DaySheet, SheetBooking, SheetSlot } from "../../bookings/day-view";
import type { LineEntry } from "../../db/tour-waitlist";
import { dayName, formatClock, formatTime, languageLabel, type ViewContext } from "../shared/view-context";
import { placesText, stateText } from "./calendar-page";
import { bookingHref, telHref, guestHref, checkInAction, sheetRowId } from "../shared/links";
import { CsrfField, Layout, Notice } from "../shared/layout";
import { attendanceText, Tags } from "../shared/guest-summary";

/** Why a check-in sent back to the sheet was not made. */
export type SheetNote = "early" | "stale";

const euros = (view: ViewContext, cents: number) => formatPrice(cents / 100, view.lang);

/**
 * The check-in of one booking: on screen, "arrived" from the tour's day on and "absent" once it
 * started, or what was marked and its undo; on paper, boxes to tick. Each form comes back to the
 * booking's own row, so a phone keeps its place on the page.
 */
function CheckIn({ view, booking, back }: { view: ViewContext; booking: SheetBooking; back: string }) {
  if (booking.status !== "confirmed") return <span className="help">{view.t("checkIn.notConfirmed")}</span>;
  const who = { count: booking.guests };
  const button = (action: "arrived" | "absent" | "clear", label: string, secondary = false) => (
    <form method="post" action={checkInAction(booking.bookingId, action)}>
      <CsrfField view={view} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={secondary ? "secondary" : undefined} aria-label={`${label} — ${booking.name}`}>
        {label}
      </button>
    </form>
  );
  const { arrived, noShow } = booking.checkIn;
  return (
    <div className="check-in">
      <span className="print-only sheet-boxes" aria-hidden="true">
        <span>☐ {view.t("checkIn.arrivedGroup", who)}</span> <span>☐ {view.t("checkIn.noShowGroup", who)}</span>
      </span>
      {booking.attendance ? (
        <span className="no-print check-in-buttons">
          <span className={`status status-${booking.attendance}`}>
            {view.t(booking.attendance === "arrived" ? "checkIn.arrivedGroup" : "checkIn.noShowGroup", who)}
          </span>
          {button("clear", view.t("checkIn.undo"), true)}
        </span>
      ) : arrived ? (
        <span className="no-print check-in-buttons">
          {button("arrived", view.t("checkIn.markArrivedGroup", who))}
          {noShow ? button("absent", view.t("checkIn.markNoShowGroup", who), true) : null}
        </span>
      ) : (
        <span className="no-print help">{view.t("checkIn.onTheDay")}</span>
      )}
    </div>
  );
}

/** Who the guest is: the name (to the booking), a private tour, language and phone, the colleague on it, tags and past visits. */
function Guest({ view, booking, slot }: { view: ViewContext; booking: SheetBooking; slot: SheetSlot }) {
  const { guest } = booking;
  return (
    <>
      <a className="open" href={bookingHref(booking.bookingId)}>
        {booking.name}
      </a>
      {booking.private ? (
        <>
          {" "}
          <span className="status status-private">{view.t("experience.privateShort")}</span>
        </>
      ) : null}
      {booking.status !== "confirmed" ? (
        <>
          {" "}
          <span className={`status status-${booking.status}`}>{stateText(view, booking, slot)}</span>
        </>
      ) : null}
      <span className="sheet-line">
        {languageLabel(view, booking.language)}
        {booking.phone ? (
          <>
            {" · "}
            <a href={telHref(booking.phone)}>{booking.phone}</a>
          </>
        ) : null}
      </span>
      {booking.assignee ? <span className="sheet-line help">{view.t("calendar.assignee", { email: booking.assignee })}</span> : null}
      {guest ? (
        <span className="sheet-line">
          <Tags view={view} tags={guest.tags} />
          {guest.visits + guest.noShows > 0 ? (
            <>
              {guest.tags.length > 0 ? " " : null}
              <a className="help" href={guestHref(booking.bookingId)}>
                {attendanceText(view, guest)}
              </a>
            </>
          ) : null}
        </span>
      ) : null}
    </>
  );
}

/** The booking's money: its price, the deposit paid (and refunded), the voucher, and what is left to collect. */
function Money({ view, booking }: { view: ViewContext; booking: SheetBooking }) {
  const { money } = booking;
  if (money.priceCents === null) return <>{view.t("sheet.money.unknown")}</>;
  return (
    <>
      <span className="sheet-line">{view.t("sheet.money.price", { amount: euros(view, money.priceCents) })}</span>
      {money.voucher ? (
        <span className="sheet-line">{view.t("sheet.money.voucher", { code: money.voucher.code, amount: euros(view, money.voucher.cents) })}</span>
      ) : null}
      {money.depositCents > 0 ? <span className="sheet-line">{view.t("sheet.money.deposit", { amount: euros(view, money.depositCents) })}</span> : null}
      {money.refundCents > 0 ? <span className="sheet-line">{view.t("sheet.money.refund", { amount: euros(view, money.refundCents) })}</span> : null}
      <strong className="sheet-line">{view.t("sheet.money.balance", { amount: euros(view, money.balanceCents ?? 0) })}</strong>
    </>
  );
}

/** The notes the guide reads: the guest's own message, what the estate keeps on the guest's record, and the staff's notes on this booking. */
function Notes({ view, booking }: { view: ViewContext; booking: SheetBooking }) {
  const notes = [
    ...(booking.message ? [{ key: "message", label: view.t("sheet.notes.message"), text: booking.message }] : []),
    ...(booking.guest?.notes ? [{ key: "guest", label: view.t("sheet.notes.guest"), text: booking.guest.notes }] : []),
    ...booking.notes.map((text, index) => ({ key: `staff-${index}`, label: view.t("sheet.notes.staff"), text })),
  ];
  if (notes.length === 0) return <>—</>;
  return (
    <>
      {notes.map((note) => (
        <span key={note.key} className="sheet-note">
          <strong>{note.label}</strong> {note.text}
        </span>
      ))}
    </>
  );
}

/** Who waits for a time, and an open offer's end: « Agnès Blanc, 2 personnes — offre jusqu'à 17 h 38 ». */
function Waitlist({ view, lines }: { view: ViewContext; lines: readonly LineEntry[] }) {
  return (
    <>
      <strong>{view.t("calendar.waitlist.title")}</strong>
      <ul className="sheet-waitlist">
        {lines.map((line) => (
          <li key={line.bookingId}>
            <a href={bookingHref(line.bookingId)}>{line.name}</a>, {view.t("slot.guests", { count: line.guests })}
            {line.phone ? (
              <>
                {" · "}
                <a href={telHref(line.phone)}>{line.phone}</a>
              </>
            ) : null}
            {" — "}
            {line.status === "offered" && line.offeredUntil
              ? view.t("calendar.waitlist.offered", { count: line.guests, until: formatTime(view, line.offeredUntil) })
              : view.t("calendar.waitlist.waiting")}
          </li>
        ))}
      </ul>
    </>
  );
}

const columns = ["sheet.guest", "sheet.group", "sheet.money", "sheet.notes", "sheet.checkIn"] as const;

/** One time of the day: its heading row (time, tour, places), its bookings, and who waits for it. */
function SlotRows({ view, slot, back }: { view: ViewContext; slot: SheetSlot; back: string }) {
  return (
    <tbody className="sheet-slot">
      <tr className="sheet-slot-head">
        <th scope="colgroup" colSpan={columns.length}>
          {formatClock(view, slot.time)} · {view.tourName(slot.package)}
          {slot.scheduled ? null : <span className="status status-off"> {view.t("calendar.offSchedule")}</span>}
          <span className="help"> · {placesText(view, slot)}</span>
        </th>
      </tr>
      {slot.bookings.map((booking) => (
        <tr key={booking.bookingId} id={sheetRowId(booking.bookingId)}>
          <td data-label={view.t("sheet.guest")}>
            <div>
              <Guest view={view} booking={booking} slot={slot} />
            </div>
          </td>
          <td data-label={view.t("sheet.group")}>{booking.guests}</td>
          <td data-label={view.t("sheet.money")}>
            <div>
              <Money view={view} booking={booking} />
            </div>
          </td>
          <td data-label={view.t("sheet.notes")} className="sheet-notes">
            <div>
              <Notes view={view} booking={booking} />
            </div>
          </td>
          <td data-label={view.t("sheet.checkIn")}>
            <CheckIn view={view} booking={booking} back={back} />
          </td>
        </tr>
      ))}
      {slot.waitlist.length > 0 ? (
        <tr className="sheet-slot-waitlist">
          <td colSpan={columns.length}>
            <Waitlist view={view} lines={slot.waitlist} />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

/**
 * `/admin/calendar/sheet?day=…`: the day sheet for the guide, on a phone, at a desk and printed on
 * one A4 page: each time with bookings or a waitlist (those the schedule no longer runs included)
 * as one table, and for each booking the guest (name, language, phone, tags, past visits), the
 * group, the money (price, voucher, deposit paid, what is left to collect), the notes (the
 * guest's message, their record's, the staff's) and the check-in.
 */
export function DaySheetPage({ view, day, note = null }: { view: ViewContext; day: DaySheet; note?: SheetNote | null }) {
  const shown = day.slots.filter((slot) => slot.bookings.length > 0 || slot.waitlist.length > 0);
  const free = day.slots.filter((slot) => slot.bookings.length === 0 && slot.waitlist.length === 0 && slot.scheduled);
  const all = shown.flatMap((slot) => slot.bookings);
  const people = all.reduce((sum, booking) => sum + booking.guests, 0);
  const toCollect = all.reduce((sum, booking) => sum + (booking.status === "confirmed" ? (booking.money.balanceCents ?? 0) : 0), 0);
  const back = `/admin/calendar/sheet?day=${day.date}`;
  return (
    <Layout view={view} title={view.t("sheet.title", { day: dayName(view, day.date) })}>
      <div className="sheet">
        {note ? <Notice tone="problem">{view.t(note === "early" ? "checkIn.early" : "slot.stale")}</Notice> : null}
        <p className="no-print">
          <a href={`/admin/calendar?view=day&day=${day.date}`}>{view.t("sheet.back")}</a>
        </p>
        <p>
          <strong>{view.t("sheet.summary", { bookings: all.length, people })}</strong>
          {all.length > 0 ? ` · ${view.t("sheet.toCollect", { amount: euros(view, toCollect) })}` : null}
          {day.closure ? ` · ${day.closure.note ? view.t("calendar.closedNote", { note: day.closure.note }) : view.t("calendar.closed")}` : null}
        </p>
        <p className="help no-print">{view.t("sheet.print")}</p>
        {shown.length === 0 ? (
          <p>{view.t("sheet.none")}</p>
        ) : (
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
            {shown.map((slot) => (
              <SlotRows key={`${slot.time} ${slot.package}`} view={view} slot={slot} back={back} />
            ))}
          </table>
        )}
        {free.length > 0 ? (
          <p className="help">
            {view.t("calendar.free")} {free.map((slot) => `${formatClock(view, slot.time)} ${view.tourName(slot.package)}`).join(" · ")}
          </p>
        ) : null}
      </div>
    </Layout>
  );
}
