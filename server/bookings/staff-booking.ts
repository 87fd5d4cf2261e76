/**
 * The staff book a tour for a phone or walk-in visitor, through the same ledger as the site's
 * bookings, as one script: the row stored as a visitor's is, its places taken (confirmed, until
 * the tour starts, over the places only for an admin with a reason), the placing and any override
 * in its history, the staff's note beside it, and the visitor mailed when asked; one transaction.
 */
import type { FormInput } from "#forms/definitions";
import { addNote } from "../db/assignment";
import { insertSubmission } from "../db/submissions";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import type { Bookings } from "./deps";
import type { LocalTime } from "./paris-time";
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
}

/** Books the tour; resolves with its id, rejects with `SlotRefused` when the time cannot be given (nothing stored). */
export async function bookForVisitor(deps: Bookings, booking: StaffBooking): Promise<{ id: string }> {
  const { input, slot, actor } = booking;
  return deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const { id } = insertSubmission(tx, "tourBooking", { ...input, date: slot.date }, new Date());
    const place = { package: input.package, ...slot };
    const guests = input.guests ?? 1;
    const { overbooked } = takePlaces(tx, schedule, { id, slot: place, guests }, now, { overCapacity: booking.overCapacity });
    recordStaffPlacement(tx, { actor, bookingId: id, placed: "created", slot: place, guests, overbooked, reason: booking.reason }, now);
    if (booking.note !== "") addNote(tx, { type: bookingType, id }, actor, booking.note, now);
    const held = { kind: "held" as const, booking: bookingFacts(tx, id)!, submission: null, notify: booking.notify };
    queueMails(tx, bookingMails([held], mailFacts(deps, schedule)));
    return { id };
  });
}
