/**
 * The staff book a tour for a phone or walk-in visitor, through the same ledger and the same
 * pricing as the site's bookings, as one script: the row stored as a visitor's is, its price worked
 * out (a private tour, a gift voucher redeemed there and then), its places taken (confirmed, until
 * the tour starts, over the places only for an admin with a reason; or held for a deposit the
 * guest pays through a payment link), the placing and any override in its history, the staff's
 * note beside it, and the visitor mailed when asked; one transaction. The payment link's checkout
 * is made after it, and mailed (./checkout.ts `sendPaymentLink`).
 */
import type { FormInput } from "#forms/definitions";
import { addNote } from "../db/assignment";
import { insertSubmission } from "../db/submissions";
import { askDeposit, paymentLinkEnd } from "./ask-deposit";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import { sendPaymentLink } from "./checkout";
import type { Bookings } from "./deps";
import type { LocalTime } from "./paris-time";
import { priceGroup } from "./price-group";
import { depositOf } from "./pricing";
import { recordStaffPlacement } from "./staff-placement";
import { takePlaces } from "./take-places";
import { bookingType } from "../forms";
import { bookingFacts } from "./visits";

/** A booking the staff enter for a phone or walk-in visitor (server/admin/new-booking/routes.ts reads the form). */
export interface StaffBooking {
  input: FormInput<"tourBooking">;
  slot: LocalTime;
  /** The staff member entering it, named in its history. */
  actor: string;
  /** An admin places the group over the places left, with this reason (the history keeps it). */
  overCapacity: boolean;
  reason: string;
  /** A note for the staff, in the booking's history. */
  note: string;
  /** Mail the visitor their confirmation, with the private link and the calendar file. */
  notify: boolean;
  /** The whole time for the group, at the private tour's price. */
  private: boolean;
  /** A gift voucher's code the guest gives, or null. */
  voucher: string | null;
  /** Ask the package's deposit through a payment link: the booking waits for it. */
  deposit: boolean;
}

/** What became of it: its id, and the payment link when a deposit was asked (null: the provider could not be reached, the booking lapsed). */
export interface StaffBooked {
  id: string;
  paymentLink?: string | null;
}

/**
 * Books the tour; resolves with its id, rejects with `SlotRefused` when the time cannot be given
 * or `VoucherRefused` when the voucher cannot be used (nothing stored either way).
 */
export async function bookForVisitor(deps: Bookings, booking: StaffBooking): Promise<StaffBooked> {
  const { input, slot, actor } = booking;
  const { id, depositCents } = await deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const { id } = insertSubmission(tx, "tourBooking", { ...input, date: slot.date }, new Date());
    const place = { package: input.package, ...slot };
    const guests = input.guests ?? 1;
    const price = priceGroup(tx, deps.content.current, { id, package: place.package, guests, private: booking.private, voucher: booking.voucher }, now);
    const depositCents = booking.deposit ? depositOf(schedule, place.package, price.priceCents, deps.payments !== null, true) : 0;
    const paymentUntil = depositCents > 0 ? new Date(paymentLinkEnd(schedule, place, now).getTime() + 60_000) : null;
    const { overbooked } = takePlaces(
      tx,
      schedule,
      { id, slot: place, guests, private: booking.private, priceCents: price.priceCents, listPriceCents: price.listCents, paymentUntil },
      now,
      { overCapacity: booking.overCapacity },
    );
    if (depositCents > 0) askDeposit(tx, schedule, { id, slot: place }, depositCents, now);
    recordStaffPlacement(tx, { actor, bookingId: id, placed: "created", slot: place, guests, overbooked, reason: booking.reason }, now);
    if (booking.note !== "") addNote(tx, { type: bookingType, id }, actor, booking.note, now);
    const held = { kind: "held" as const, booking: bookingFacts(tx, id)!, submission: null, notify: booking.notify };
    queueMails(tx, bookingMails([held], mailFacts(deps, schedule)));
    return { id, depositCents };
  });
  return depositCents > 0 ? { id, paymentLink: await sendPaymentLink(deps, id) } : { id };
}
