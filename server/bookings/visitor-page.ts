/**
 * What the visitor's own pages behind the private links show (server/pages/visit.tsx draws them):
 * their booking, with the times of a day they could move to and the days of a month that have one,
 * and what it costs; a waitlist's line and its offer. Read models: the page asks nothing itself.
 */
import type { Language } from "#core/languages";
import type { WaitlistEntry } from "../db/tour-waitlist";
import { paymentOf, type PaymentRow } from "../db/tour-payments";
import { availability } from "./availability";
import type { Bookings } from "./deps";
import type { OpenSlot } from "./ledger";
import { addDays, localOf, type LocalTime } from "./paris-time";
import { cutoffOf, horizonOf, slotStart } from "./schedule";
import type { MeetingPoint } from "#content/meeting-point";
import type { VisitPrice } from "../mail/visit-price";
import { meetingOf } from "./booking-mails";
import { visitPrice } from "./visit-price";
import { bookingFacts, changeable, type BookedVisit } from "./visits";

/** How far ahead the visitor's page lists months to move to (the booking form's own horizon is two years). */
const monthsAhead = 24;

/** A time the visitor may move to: its `start` as the form sends it, and its places left. */
interface MoveTime {
  start: string;
  time: string;
  placesLeft: number;
}

/** The visitor's booking page. */
export interface VisitPageModel {
  visit: BookedVisit;
  /** The tour's name in the visitor's language. */
  tour: string;
  site: Bookings["content"]["current"]["site"];
  /** The booking can still be moved or cancelled online (before its package's cut-off). */
  changeable: boolean;
  /** Today and the day whose times are listed, on the estate's clock. */
  today: string;
  day: string;
  /** The month shown by the day chooser: its first day, the months before and after (when listed), and its days with a time to move to (and the day shown). */
  month: { first: string; previous: string | null; next: string | null; days: string[] };
  /** The day's times to move to (none for a day gone by, or a booking no longer changeable). */
  times: MoveTime[];
  cutoffHours: number;
  horizonMonths: number;
  /** The deposit as it stands, and whether it can be paid now (its checkout still open). */
  deposit: PaymentRow | null;
  payable: boolean;
  /** What it costs, as its e-mails say it (./visit-price.ts); null when that cannot be said. */
  price: VisitPrice | null;
  /** Where the tour meets and how to get there, as its e-mails say it (Château Mongiron's tour at Château Mongiron). */
  meeting: MeetingPoint;
}

/** The first day of the month of `day`, and of the months before and after it. */
function monthOf(day: string) {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const first = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10);
  return { first: first(year, month), previous: first(year, month - 1), next: first(year, month + 1), last: addDays(first(year, month + 1), -1) };
}

/** The slots of some days a visit can move to: its package's, with room for its group, its own slot left out. */
function moveOptions(deps: Bookings, visit: BookedVisit, from: string, to = from): OpenSlot[] {
  return availability(deps, visit.package, from, to).filter(
    (slot) => slot.placesLeft >= visit.guests && !(slot.date === visit.date && slot.time === visit.time),
  );
}

/**
 * The days of the day chooser's box for `month`: those with a time to move to, and the day the page
 * shows even when it has no other time (the booking's own day, whose only time is the booking's), so
 * the sentence under the box is about the day it shows (the native readers' N5).
 */
function dayBox(deps: Bookings, visit: BookedVisit, month: ReturnType<typeof monthOf>, day: string, today: string): string[] {
  const open = [...new Set(moveOptions(deps, visit, month.first < today ? today : month.first, month.last).map((slot) => slot.date))];
  const shown = day >= today && day >= month.first && day <= month.last;
  return shown && !open.includes(day) ? [...open, day].sort() : open;
}

/** The visitor's page for `visit`, listing the times of `day`. */
export function visitPageOf(deps: Bookings, visit: BookedVisit, day: string): VisitPageModel {
  const now = deps.now();
  const schedule = deps.schedule.current();
  const today = localOf(now).date;
  const open = changeable(schedule, visit, now);
  const month = monthOf(day < today ? today : day);
  const lastMonth = monthOf(addDays(today, 31 * monthsAhead)).first;
  const deposit = paymentOf(deps.db, visit.bookingId);
  return {
    visit,
    tour: deps.content.tourName(visit.package, visit.language),
    site: deps.content.current.site,
    changeable: open,
    today,
    day,
    month: {
      first: month.first,
      previous: month.first > monthOf(today).first ? month.previous : null,
      next: month.next <= lastMonth ? month.next : null,
      days: open ? dayBox(deps, visit, month, day, today) : [],
    },
    times:
      open && day >= today
        ? moveOptions(deps, visit, day).map((slot) => ({ start: slotStart(schedule, slot), time: slot.time, placesLeft: slot.placesLeft }))
        : [],
    cutoffHours: cutoffOf(schedule, visit.package),
    horizonMonths: horizonOf(schedule, visit.package),
    deposit,
    payable: deposit?.status === "open" && deposit.checkout_url !== null && deposit.expires_at > now.toISOString() && visit.status === "pending",
    price: priceOf(deps, visit),
    meeting: meetingOf(deps.content, visit.package, visit.language),
  };
}

/** A booking's price as its e-mails state it (the native readers' zh N1: the same lines on the private page). */
function priceOf(deps: Bookings, visit: BookedVisit): VisitPrice | null {
  const facts = bookingFacts(deps.db, visit.bookingId);
  return facts ? visitPrice(deps.content.current, facts) : null;
}

/** A waitlist's page. */
export interface OfferPageModel {
  entry: WaitlistEntry;
  lang: Language;
  tour: string;
  site: Bookings["content"]["current"]["site"];
  /** The offer is open: its places can be taken until `until` (the estate's day and time). */
  open: boolean;
  until: LocalTime | null;
}

export function offerPageOf(deps: Bookings, entry: WaitlistEntry, lang: Language): OfferPageModel {
  return {
    entry,
    lang,
    tour: deps.content.tourName(entry.package, lang),
    site: deps.content.current.site,
    open: entry.status === "offered" && entry.offeredUntil !== null && entry.offeredUntil > deps.now().toISOString(),
    until: entry.offeredUntil ? localOf(new Date(entry.offeredUntil)) : null,
  };
}
