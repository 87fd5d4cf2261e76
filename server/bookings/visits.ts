/**
 * A booking as the use-cases, the pages and the mails read it: its slot, its visitor, and what it
 * costs as stored (its voucher, its deposit). Read inside the transaction that changed it, it is
 * what the booking's e-mails tell (./booking-mails.ts); read outside, what a page shows.
 */
import { defaultLanguage, isLanguage, type Language } from "#core/languages";
import { localizePath } from "#core/paths";
import type { TourPackageId } from "#forms/tour-booking";
import { auditActions, auditCountSince } from "../db/audit";
import type { Db } from "../db/database";
import { bookingType } from "../forms";
import { slotBookingById, slotBookingByToken, visitorOf, type SlotBooking } from "../db/tour-ledger";
import { paymentOf, type PaymentRow } from "../db/tour-payments";
import { redemptionOf, voucherOfBooking, type Redemption, type VoucherRow } from "../db/tour-vouchers";
import { placesLeft, type OpenSlot } from "./ledger";
import { moneyOf, type BookingMoney } from "./pricing";
import { beforeCutoff, capacityOf, slotInstant, slotsBetween, withinHorizon, type Schedule } from "./schedule";

/** A booking with its slot and what the visitor's e-mails need of the submission. */
export interface BookedVisit extends SlotBooking {
  /** The name the visitor gave: only the estate's e-mails and pages show it. */
  name: string;
  email: string;
  phone: string | null;
  language: Language;
}

/** A booking with what it costs as stored: its price (on the slot), the voucher it uses, its deposit and where that stands, and the sums. */
export interface BookingFacts extends BookedVisit {
  /** The voucher it uses now (none once given back). */
  voucher: VoucherRow | null;
  /** Its use of a voucher, standing or given back (a cancellation gives it back). */
  redemption: Redemption | null;
  deposit: PaymentRow | null;
  money: BookingMoney;
}

/** The contact page in a language, as an absolute address (the 409 answers and the visitor's page offer it). */
export const contactLink = (siteUrl: string, lang: Language) => new URL(localizePath(lang, "/contact"), siteUrl).toString();

/** A visitor may move their booking through the private link this many times in 24 hours (each move mails the estate). */
export const visitorMovesPerDay = 3;

function withVisitor(db: Db, booking: SlotBooking): BookedVisit | null {
  const visitor = visitorOf(db, booking.bookingId);
  if (!visitor) return null;
  return {
    ...booking,
    name: visitor.name,
    email: visitor.email,
    phone: visitor.phone,
    language: isLanguage(visitor.language) ? visitor.language : defaultLanguage,
  };
}

/** A booking with a slot and its visitor's address and language. */
export function visitOf(db: Db, id: string): BookedVisit | null {
  const booking = slotBookingById(db, id);
  return booking ? withVisitor(db, booking) : null;
}

/** The booking a private link names. */
export function visitByToken(db: Db, token: string): BookedVisit | null {
  const booking = slotBookingByToken(db, token);
  return booking ? withVisitor(db, booking) : null;
}

/** A booking as its e-mails tell it: the visit, its voucher and its deposit, as stored now. */
export function bookingFacts(db: Db, id: string): BookingFacts | null {
  const visit = visitOf(db, id);
  if (!visit) return null;
  const redemption = redemptionOf(db, id);
  const deposit = paymentOf(db, id);
  return { ...visit, voucher: voucherOfBooking(db, id), redemption, deposit, money: moneyOf(visit, redemption, deposit) };
}

/** The language of a stored request (a waitlist line has no slot booking yet). */
export function requestLanguage(db: Db, bookingId: string): Language {
  const language = visitorOf(db, bookingId)?.language;
  return isLanguage(language) ? language : defaultLanguage;
}

/** Whether a booking can still be changed online (waiting or confirmed, before its package's cut-off). */
export function changeable(schedule: Schedule, visit: SlotBooking, now: Date): boolean {
  return (visit.status === "pending" || visit.status === "confirmed") && beforeCutoff(schedule, visit, now);
}

/** How many more times a visitor may move a booking through the private link in the next 24 hours. */
export function movesLeft(db: Db, id: string, now: Date): number {
  const since = new Date(now.getTime() - 86_400_000);
  return Math.max(0, visitorMovesPerDay - auditCountSince(db, auditActions.slotMovedByVisitor, { type: bookingType, id }, since));
}

/**
 * The times of one day a booking could be placed at, for the staff: its package's slots on the
 * schedule that have not started (the visitors' cut-off does not bind the estate) and are within
 * the package's horizon, each with the places left not counting the booking's own, the booking's
 * own time left out.
 */
export function staffMoveOptions(
  db: Db,
  schedule: Schedule,
  visit: { bookingId: string; package: TourPackageId; date: string; time: string },
  day: string,
  now: Date,
): OpenSlot[] {
  if (!withinHorizon(schedule, day, now, visit.package)) return [];
  return slotsBetween(schedule, visit.package, day, day)
    .filter((slot) => slotInstant(schedule, slot).getTime() > now.getTime() && !(slot.date === visit.date && slot.time === visit.time))
    .map((slot) => ({ ...slot, capacity: capacityOf(schedule, slot), placesLeft: placesLeft(db, schedule, slot, now, visit.bookingId) }));
}
