/**
 * Takes the places of a new booking with a time, inside the transaction that records it: the
 * rules of what may be given (./ledger.ts) and what the booking then waits for. A visitor's
 * booking is confirmed at once or waits (for the estate's answer, as its package says; for its
 * deposit, until the checkout ends; or, on a tour with a minimum group, for enough people, until
 * the cut-off); the staff's (a phone or walk-in visitor, a request confirmed into a time) is
 * confirmed, may be placed until the tour starts, and over the places by an admin. It sends no
 * mail: the use-case tells of it (./booking-mails.ts).
 */
import type { Db } from "../db/database";
import { changeStatus } from "../db/inbox";
import { insertSlotBooking, peopleTowardsMinimum, slotBookingById, type BookingSource, type SlotBooking, type WaitingFor } from "../db/tour-ledger";
import { checkPlaces, holdEnd, manageToken, placesLeft, SlotRefused } from "./ledger";
import { capacityOf, minimumHoldEnd, type Schedule, type Slot } from "./schedule";
import { bookingType } from "../forms";

/** A new booking's places, as its use-case asks for them. */
export interface NewPlaces {
  id: string;
  slot: Slot;
  guests: number;
  /** A private tour: the whole time, closed to everyone else. */
  private?: boolean;
  /** The group's price after a voucher (cents), kept with the booking, and the pricing's before it. */
  priceCents?: number | null;
  listPriceCents?: number | null;
  /** A deposit to pay: the places are held until then (the checkout's end). */
  paymentUntil?: Date | null;
}

/** The staff place the group: confirmed, until the tour starts, over the places when an admin says so. */
export interface StaffPlacing {
  overCapacity: boolean;
}

/** The booking as held, and whether it went over the places left (the staff's override, which the audit log keeps). */
export interface Placed {
  booking: SlotBooking;
  overbooked: boolean;
}

/**
 * Checks and takes the places; throws `SlotRefused` (the whole transaction is then rolled back)
 * when the time is not on the schedule, beyond the horizon, past its cut-off (the tour's start for
 * the staff), or short of places.
 */
export function takePlaces(tx: Db, schedule: Schedule, booking: NewPlaces, now: Date, staff: StaffPlacing | null = null): Placed {
  const left = placesLeft(tx, schedule, booking.slot, now);
  if (booking.guests > capacityOf(schedule, booking.slot) && !staff?.overCapacity) throw new SlotRefused("full", left);
  checkPlaces(tx, schedule, booking.slot, booking.guests, now, {
    byStaff: staff !== null,
    overCapacity: staff?.overCapacity ?? false,
    private: booking.private ?? false,
  });
  const minimum = schedule.rules[booking.slot.package].minGuests;
  const short = !staff && !booking.private && minimum > 1 && peopleTowardsMinimum(tx, booking.slot, now) + booking.guests < minimum;
  // A deposit to pay (the visitor's checkout, or the payment link the staff asked): held until it is paid.
  const waitingFor = booking.paymentUntil ? "payment" : short ? "minimum" : "estate";
  const confirmed = (staff !== null && waitingFor !== "payment") || (schedule.instantConfirm[booking.slot.package] && waitingFor === "estate");
  const holdUntil =
    waitingFor === "payment" ? booking.paymentUntil! : waitingFor === "minimum" ? minimumHoldEnd(schedule, booking.slot) : holdEnd(schedule, booking.slot, now);
  const held = holdPlaces(
    tx,
    schedule,
    { ...booking, confirmed, holdUntil, source: staff ? "staff" : "visitor", waitingFor, private: booking.private ?? false },
    now,
  );
  return { booking: held, overbooked: left < booking.guests };
}

/**
 * Records a booking's places, checked already in the same transaction: confirmed (the inbox says
 * so too), or waiting until `holdUntil` (never past the tour itself) for what `waitingFor` says.
 */
export function holdPlaces(
  tx: Db,
  schedule: Schedule,
  booking: {
    id: string;
    slot: Slot;
    guests: number;
    confirmed: boolean;
    holdUntil: Date;
    source: BookingSource;
    private?: boolean;
    waitingFor?: WaitingFor;
    priceCents?: number | null;
    listPriceCents?: number | null;
  },
  now: Date,
): SlotBooking {
  insertSlotBooking(
    tx,
    {
      id: booking.id,
      package: booking.slot.package,
      date: booking.slot.date,
      time: booking.slot.time,
      zone: schedule.zone,
      guests: booking.guests,
      status: booking.confirmed ? "confirmed" : "pending",
      holdUntil: booking.confirmed ? null : booking.holdUntil.toISOString(),
      token: manageToken(),
      source: booking.source,
      private: booking.private ?? false,
      waitingFor: booking.waitingFor ?? "estate",
      priceCents: booking.priceCents ?? null,
      listPriceCents: booking.listPriceCents ?? null,
    },
    now,
  );
  if (booking.confirmed) changeStatus(tx, bookingType, booking.id, ["new"], "confirmed", now);
  return slotBookingById(tx, booking.id)!;
}
