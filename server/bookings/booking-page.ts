/**
 * What the staff's pages show of a booking, worked out here so the pages take read models and ask
 * the database nothing themselves: a booking's time with its places and the times it could move
 * to, the times a request could be confirmed into, its experience (price, voucher, deposit) and
 * the guest behind it, and the times of a day for a new booking.
 */
import type { TourPackageId } from "#forms/tour-booking";
import { attendanceOf, peopleTowardsMinimum, slotBookingById, type SlotBooking } from "../db/tour-ledger";
import { guestKey, guestKeyOfBooking } from "../db/tour-guests";
import { paymentOf, type PaymentRow } from "../db/tour-payments";
import { redemptionOf, voucherOfBooking, type VoucherRow } from "../db/tour-vouchers";
import { checkInsOpen, type CheckInsOpen } from "./check-in";
import type { Bookings } from "./deps";
import { guestOf, type Guest } from "./guests";
import { placesTaken } from "./ledger";
import { moneyOf, type BookingMoney } from "./pricing";
import { isDay, localOf } from "./paris-time";
import { capacityOf, hasSlot, slotStart } from "./schedule";
import { staffMoveOptions, visitOf, type BookedVisit } from "./visits";

/** A time the staff may place a group at: its `start` as the forms send it, and its places left (not counting the booking's own). */
export interface StaffTime {
  start: string;
  time: string;
  placesLeft: number;
  capacity: number;
}

/** The times of `day` of a package, for a booking (its own time left out) or a new one (`bookingId` ""). */
export function staffTimes(deps: Bookings, visit: { bookingId: string; package: TourPackageId; date: string; time: string }, day: string): StaffTime[] {
  const schedule = deps.schedule.current();
  return staffMoveOptions(deps.db, schedule, visit, day, deps.now()).map((slot) => ({
    start: slotStart(schedule, slot),
    time: slot.time,
    placesLeft: slot.placesLeft,
    capacity: slot.capacity,
  }));
}

/** A booking's time as its page shows it: the places taken there, the times of `moveDay` it could move to, and the guest's record. */
export interface SlotPanelModel {
  visit: BookedVisit;
  moveDay: string;
  moveOptions: StaffTime[];
  taken: number;
  capacity: number;
  /** Its time is no longer on the schedule (kept from before a change). */
  offSchedule: boolean;
  /** How often the person behind its address came and did not come. */
  record: { visits: number; noShows: number };
  /** What a pending booking waits for: the estate's answer, its deposit (until when), or its group (how many of the minimum). */
  waiting: Waiting | null;
  /** Which check-in marks its tour allows now (none days ahead, no-show once it started). */
  checkIn: CheckInsOpen;
}

/** What a pending booking waits for, as the staff are told it. */
export type Waiting = { for: "estate" } | { for: "payment"; until: string | null } | { for: "minimum"; people: number; minimum: number };

/** What `visit` waits for (null unless it is pending), with the people its time has towards the tour's minimum. */
export function waitingOf(visit: Pick<SlotBooking, "status" | "waitingFor" | "holdUntil">, group: { people: number; minimum: number }): Waiting | null {
  if (visit.status !== "pending") return null;
  if (visit.waitingFor === "payment") return { for: "payment", until: visit.holdUntil };
  if (visit.waitingFor === "minimum") return { for: "minimum", ...group };
  return { for: "estate" };
}

/** The package of the booking with a time a staff action names, or null when there is none (the action goes back to the page). */
export function bookedPackageOf(deps: Bookings, id: string): TourPackageId | null {
  return visitOf(deps.db, id)?.package ?? null;
}

/** The time a booking holds (null for a booking without one), with the times of the day asked for, else of its own day. */
export function slotPanelOf(deps: Bookings, id: string, askedDay: string | undefined): SlotPanelModel | null {
  const visit = visitOf(deps.db, id);
  if (!visit) return null;
  const schedule = deps.schedule.current();
  const moveDay = askedDay !== undefined && isDay(askedDay) ? askedDay : visit.date;
  return {
    visit,
    moveDay,
    moveOptions: staffTimes(deps, visit, moveDay),
    taken: placesTaken(deps.db, schedule, visit, deps.now()),
    capacity: capacityOf(schedule, visit),
    offSchedule: !hasSlot(schedule, visit),
    record: attendanceOf(deps.db, guestKey(visit.email, visit.phone) ?? ""),
    waiting: waitingOf(visit, { people: peopleTowardsMinimum(deps.db, visit, deps.now()), minimum: schedule.rules[visit.package].minGuests }),
    checkIn: checkInsOpen(schedule, visit, deps.now()),
  };
}

/**
 * The times a request without a time could be confirmed into: those of the day asked for, else of
 * the day the visitor wished for while it is still ahead, else of today.
 */
export function confirmTimesOf(deps: Bookings, request: { id: string; package: TourPackageId; wished: string | null }, askedDay: string | undefined) {
  const today = localOf(deps.now()).date;
  const wished = request.wished !== null && isDay(request.wished) && request.wished >= today ? request.wished : today;
  const day = askedDay !== undefined && isDay(askedDay) ? askedDay : wished;
  return { day, options: staffTimes(deps, { bookingId: request.id, package: request.package, date: "", time: "" }, day) };
}

/** What a tour booking's page shows besides its time: its experience as stored, and the guest behind it. */
export interface BookingExtras {
  slot: SlotBooking | null;
  voucher: VoucherRow | null;
  deposit: PaymentRow | null;
  /** Its price, voucher deduction, deposit paid and balance (null: a request without a time). */
  money: BookingMoney | null;
  guest: Guest | null;
}

export function bookingExtrasOf(deps: Bookings, id: string): BookingExtras {
  const key = guestKeyOfBooking(deps.db, id);
  const slot = slotBookingById(deps.db, id);
  const deposit = paymentOf(deps.db, id);
  return {
    slot,
    voucher: voucherOfBooking(deps.db, id),
    deposit,
    money: slot ? moneyOf(slot, redemptionOf(deps.db, id), deposit) : null,
    guest: key ? guestOf(deps.db, key) : null,
  };
}
