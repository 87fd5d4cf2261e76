/**
 * What happened to bookings, as a use-case returns it: each event carries what its e-mails need
 * (the booking as it now stands, with its price, voucher and deposit as stored; the time before a
 * move; who changed it, and why), so one module (./booking-mails.ts) chooses and composes every
 * visitor's and estate's e-mail from them, and the steps that write never queue a mail themselves.
 */
import type { FormInput } from "#forms/definitions";
import type { Visitor } from "../db/tour-ledger";
import type { WaitlistEntry } from "../db/tour-waitlist";
import type { EstateReason, GivenBack } from "./estate-reason";
import type { AffectReason, Slot } from "./schedule";
import type { BookingFacts } from "./visits";

/** A visitor's tour form as stored: its row's id and time, and the fields as the visitor sent them. */
export interface Submitted {
  id: string;
  receivedAt: string;
  input: FormInput<"tourBooking">;
}

/**
 * Who moved or ended a booking, and why: the visitor through their private link; a member of the
 * staff from the booking's page; the staff settling a schedule change that left its time (a
 * closed day, a time removed, a capacity lowered). The estate's changes carry the reason the staff
 * gave the visitor (`why`; null when none was asked, as from an older form).
 */
export type ChangedBy =
  | { by: "visitor" }
  | { by: "staff"; actor: string; why: EstateReason | null }
  | { by: "schedule"; actor: string; reason: AffectReason; why: EstateReason | null };

export type BookingEvent =
  /** A request without a time came in: the estate answers it. */
  | { kind: "requested"; submission: Submitted }
  /** A request waits in line for a full time. */
  | { kind: "waitlisted"; submission: Submitted; entry: WaitlistEntry }
  /**
   * A new booking holds its places: confirmed at once, or waiting (for the estate, its deposit or
   * its tour's minimum group). A visitor's (`submission`) tells the estate; the staff's tells the
   * visitor only when asked (`notify`).
   */
  | { kind: "held"; booking: BookingFacts; submission: Submitted | null; notify: boolean }
  /** Confirmed: by the staff, by its tour reaching its minimum group, or by its deposit paid. */
  | { kind: "confirmed"; booking: BookingFacts; by: "staff" | "minimum" | "deposit" }
  /** The estate asks its deposit through a payment link (a phone booking, an undone decline): the guest is mailed the link. */
  | { kind: "depositAsked"; booking: BookingFacts }
  /** A deposit paid online: the estate is told, with the booking confirmed or waiting for its group. */
  | { kind: "depositPaid"; booking: BookingFacts; amountCents: number; waiting: boolean }
  /** Its deposit paid, it now waits for enough people at its time. */
  | { kind: "waitingForMinimum"; booking: BookingFacts }
  | { kind: "moved"; booking: BookingFacts; from: Slot; changedBy: ChangedBy }
  /** Ended before its day; `givenBack`: the deposit and voucher it held, which the cancellation gave back. */
  | { kind: "cancelled"; booking: BookingFacts; changedBy: ChangedBy; givenBack: GivenBack }
  /** The staff declined a waiting booking with a time. */
  | { kind: "declined"; booking: BookingFacts; actor: string }
  /** The staff declined a request (without a time, or waiting in line), with the reason the visitor reads. */
  | { kind: "requestDeclined"; id: string; visitor: Visitor; reason: string; actor: string }
  /**
   * A waiting booking's hold ended: its request unanswered, its deposit unpaid, its tour's
   * minimum not reached (`sweep`); its checkout ended unpaid, as the payment provider says
   * (`provider`); or its checkout could not start (`checkout`: the visitor's page says so).
   */
  | { kind: "expired"; booking: BookingFacts; via: "sweep" | "provider" | "checkout" }
  | { kind: "reminded"; booking: BookingFacts }
  /** Freed places offered to the first in line whose group fits, held for them until `until`. */
  | { kind: "offered"; entry: WaitlistEntry; visitor: Visitor; until: Date }
  /** The places of an offer taken: the booking holds them, confirmed or waiting for the estate. */
  | { kind: "offerTaken"; booking: BookingFacts; entry: WaitlistEntry }
  /** The guest came (checked in): thanked the day after, once for the day's visits (`packages`: the tours they visited). */
  | { kind: "thanked"; booking: BookingFacts; packages: string[] };
