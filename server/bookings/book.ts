/**
 * A visitor books a tour: what the tours form asks (a time, a full time's waitlist, or a request
 * without a time), as one script. Each outcome is the submission's row, its places (or its line)
 * and its e-mails in one transaction of the group commit (`BEGIN IMMEDIATE`), so the last places
 * go once however many ask at the same moment, and nothing is acknowledged that was not stored
 * with its mails; a deposit's checkout starts after the commit. The caller (the API's route) only
 * turns the result into its answer.
 */
import type { FormInput } from "#forms/definitions";
import type { Db } from "../db/database";
import { insertSubmission } from "../db/submissions";
import { refuseThanks } from "../db/tour-thanks";
import { insertPayment } from "../db/tour-payments";
import type { BookingEvent } from "./booking-events";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import { abandonCheckout, startCheckout } from "./checkout";
import type { Bookings } from "./deps";
import { SlotRefused } from "./ledger";
import { confirmGroupsAtMinimum } from "./minimum-group";
import type { LocalTime } from "./paris-time";
import { priceGroup } from "./price-group";
import { depositOf, offersPrivate } from "./pricing";
import { capacityOf } from "./schedule";
import { takePlaces } from "./take-places";
import { bookingFacts } from "./visits";
import { VoucherRefused } from "./vouchers";
import { joinLine, WaitlistFull } from "./waitlist";

/** How long a time is held while its deposit is paid: the checkout's own life, and a minute for its webhook to arrive. */
const checkoutMinutes = 30;
const paymentHoldMinutes = checkoutMinutes + 1;

/** A visitor's booking as the route's schema read it: the form's fields, the time chosen, and whether to wait in line when it is full. */
export interface VisitorBooking {
  input: FormInput<"tourBooking">;
  slot: LocalTime | null;
  waitlist: boolean;
  /** A private tour: the time closes to everyone else, priced per group. */
  private?: boolean;
  /** A gift voucher's code as typed, or null. */
  voucher?: string | null;
}

/** Why a booking is refused besides its time: a voucher without a time, a private tour the package does not offer, a deposit's checkout that could not start. */
export type ExperienceRefusal = VoucherRefused | "voucher-needs-time" | "no-private" | "payment-unavailable";

/**
 * What became of a visitor's booking: stored (booked and confirmed at once, waiting for the
 * estate or for its tour's minimum, in line for a full time, a request without a time, or held
 * while its deposit is paid at the checkout), or refused with nothing stored.
 */
export type BookingResult =
  | { outcome: "confirmed" | "pending" | "waitlist" | "request" | "minimum"; id: string }
  | { outcome: "payment"; id: string; checkoutUrl: string }
  | { refused: SlotRefused | "waitlist-full" | ExperienceRefusal; slot: LocalTime | null };

/**
 * The booking's row as the visitor sent it; a ticked box that refuses the thank-you e-mail
 * (forms/tour-booking.ts `noThanks`) notes their address for the after-visit sweep, in the same transaction.
 */
function storeBooking(tx: Db, deps: Bookings, input: FormInput<"tourBooking">): { id: string; receivedAt: string } {
  const stored = insertSubmission(tx, "tourBooking", input, new Date());
  if (input.noThanks) refuseThanks(tx, input.email, deps.now());
  return stored;
}

/**
 * Books a visitor's tour. Without a time it is a request the estate answers. With one, the
 * voucher is redeemed, the group priced, its places taken (the groups waiting for the time's
 * minimum confirmed if this one brings it there), its deposit recorded, and the estate and the
 * visitor told; a time without room, when the visitor asked for the waitlist and the group fits a
 * tour, puts the request in line.
 */
export async function bookTour(deps: Bookings, booking: VisitorBooking): Promise<BookingResult> {
  const { input, slot } = booking;
  const choice = { private: booking.private ?? false, voucher: booking.voucher ?? null };
  if (choice.voucher && !slot) return { refused: "voucher-needs-time", slot: null };
  if (choice.private && !offersPrivate(deps.content.current, input.package)) return { refused: "no-private", slot };
  if (!slot) {
    const { id } = await deps.commits.run((tx) => {
      const submission = { ...storeBooking(tx, deps, input), input };
      queueMails(tx, bookingMails([{ kind: "requested", submission }], mailFacts(deps)));
      return submission;
    });
    return { outcome: "request", id };
  }
  const guests = input.guests ?? 1;
  const place = { package: input.package, ...slot };
  try {
    const booked = await deps.commits.run((tx) => {
      const now = deps.now();
      const schedule = deps.schedule.current();
      // The row keeps the day booked; the estate's notice shows the form as the visitor sent it.
      const submission = { ...storeBooking(tx, deps, { ...input, date: slot.date }), input };
      const price = priceGroup(tx, deps.content.current, { id: submission.id, package: place.package, guests, ...choice }, now);
      const depositCents = depositOf(schedule, place.package, price.priceCents, deps.payments !== null);
      const paymentUntil = depositCents > 0 ? new Date(now.getTime() + paymentHoldMinutes * 60_000) : null;
      const { booking: held } = takePlaces(
        tx,
        schedule,
        { id: submission.id, slot: place, guests, private: choice.private, priceCents: price.priceCents, listPriceCents: price.listCents, paymentUntil },
        now,
      );
      if (paymentUntil)
        insertPayment(tx, { bookingId: held.bookingId, amountCents: depositCents, expiresAt: new Date(now.getTime() + checkoutMinutes * 60_000) }, now);
      const events: BookingEvent[] = [
        { kind: "held", booking: bookingFacts(tx, held.bookingId)!, submission, notify: true },
        // This group may bring the time to its minimum: the groups waiting for it are confirmed.
        ...(held.status === "confirmed" ? confirmGroupsAtMinimum(tx, schedule, place, now) : []),
      ];
      queueMails(tx, bookingMails(events, mailFacts(deps, schedule)));
      return { held, depositCents };
    });
    const { held, depositCents } = booked;
    if (depositCents > 0 && deps.payments) {
      try {
        return { outcome: "payment", id: held.bookingId, checkoutUrl: await startCheckout(deps, deps.payments, held.bookingId) };
      } catch {
        await abandonCheckout(deps, held.bookingId);
        return { refused: "payment-unavailable", slot };
      }
    }
    return { outcome: held.status === "confirmed" ? "confirmed" : held.waitingFor === "minimum" ? "minimum" : "pending", id: held.bookingId };
  } catch (error) {
    if (error instanceof VoucherRefused) return { refused: error, slot };
    if (!(error instanceof SlotRefused)) throw error;
    const fits = guests <= capacityOf(deps.schedule.current(), place);
    // A private tour or a voucher needs the time itself: no waitlist for them (a time a private tour holds is full to others).
    if ((error.reason !== "full" && error.reason !== "private") || !booking.waitlist || !fits || choice.private || choice.voucher)
      return { refused: error, slot };
  }
  try {
    const { id } = await deps.commits.run((tx) => {
      const schedule = deps.schedule.current();
      const submission = { ...storeBooking(tx, deps, { ...input, date: slot.date }), input };
      const entry = joinLine(tx, schedule, { id: submission.id, slot: place, guests }, deps.now());
      queueMails(tx, bookingMails([{ kind: "waitlisted", submission, entry }], mailFacts(deps, schedule)));
      return submission;
    });
    return { outcome: "waitlist", id };
  } catch (error) {
    if (error instanceof WaitlistFull) return { refused: "waitlist-full", slot };
    throw error;
  }
}
