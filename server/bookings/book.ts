/**
 * A tour booking, whole, as one use-case: what a visitor's form asks (a time, a full time's
 * waitlist, or a request without a time) and what the staff enter for a phone or walk-in visitor.
 * Each is the submission's row, its places (or its line) and its e-mails in one transaction (the
 * store's group commit, `BEGIN IMMEDIATE`), so the last places go once however many ask at the
 * same moment, and nothing is acknowledged that was not stored with its mails. The caller (the
 * API's route, the staff's) only turns the result into its answer.
 */
import { defaultLanguage, isLanguage } from "#core/languages";
import type { FormInput } from "#forms/definitions";
import { translator } from "#locales";
import type { Saved, SubmissionStore } from "../db/submissions";
import { addNote } from "../db/assignment";
import { composeSubmissionMails, type BookingNotice, type MailSource } from "../mail/compose";
import { composeRequestReceived } from "../mail/tour-visit";
import { SlotRefused, type SlotBooking } from "./ledger";
import type { LocalTime } from "./paris-time";
import { capacityOf } from "./schedule";
import { contactLink, WaitlistFull, type TourService } from "./service";

type TourBookingInput = FormInput<"tourBooking">;

/** What books: the submissions' store, the tours' ledger, and the estate's mail settings (null without mail). */
export interface Booker {
  store: SubmissionStore;
  tours: TourService;
  mail: MailSource;
}

/** A visitor's booking as the route's schema read it: the form's fields, the time chosen, and whether to wait in line when it is full. */
export interface VisitorBooking {
  input: TourBookingInput;
  slot: LocalTime | null;
  waitlist: boolean;
}

/**
 * What became of a visitor's booking: stored (booked and confirmed at once, waiting for the
 * estate, in line for a full time, or a request without a time), or refused (the time cannot be
 * given, or its waitlist is full) with nothing stored.
 */
export type BookingResult = { outcome: "confirmed" | "pending" | "waitlist" | "request"; id: string } | { refused: SlotRefused | "waitlist-full"; slot: LocalTime };

/**
 * Books a visitor's tour. Without a time it is a request the estate answers (its notification,
 * the visitor's acknowledgement). With one, its places are taken and the estate's notification
 * and the visitor's confirmation or acknowledgement are queued with them; a time without room,
 * when the visitor asked for the waitlist and the group fits a tour, puts the request in line
 * (the estate told which time, the visitor how to leave the line).
 */
export async function bookTour({ store, tours, mail: mailSource }: Booker, { input, slot, waitlist }: VisitorBooking): Promise<BookingResult> {
  const mail = mailSource();
  // The estate's notification, told what became of the time.
  const estate = (saved: Saved, notice?: BookingNotice) => (mail ? composeSubmissionMails("tourBooking", input, saved, mail, notice) : []);
  if (!slot) {
    const { id } = await store.submitWith(
      "tourBooking",
      input,
      () => undefined,
      (saved) => [...estate(saved), ...(mail ? [composeRequestReceived(saved.id, input, mail)] : [])],
    );
    return { outcome: "request", id };
  }
  const guests = input.guests ?? 1;
  const place = { package: input.package, ...slot };
  try {
    const { id, written } = await store.submitWith(
      "tourBooking",
      { ...input, date: slot.date },
      (saved) => tours.reserve({ id: saved.id, slot: place, guests }),
      (saved, held: SlotBooking) => {
        const status = held.status === "confirmed" ? "confirmed" : "pending";
        const visitor = tours.visitorMail("booked", { ...held, name: input.name, email: input.email, phone: input.phone ?? null, language: input.language });
        return [...estate(saved, { kind: "slot", ...slot, guests, status, holdUntil: held.holdUntil }), ...(visitor ? [visitor] : [])];
      },
    );
    tours.options.kick();
    return { outcome: written.status === "confirmed" ? "confirmed" : "pending", id };
  } catch (error) {
    if (!(error instanceof SlotRefused)) throw error;
    const fits = guests <= capacityOf(tours.schedule(), place);
    if (error.reason !== "full" || !waitlist || !fits) return { refused: error, slot };
  }
  try {
    const { id } = await store.submitWith(
      "tourBooking",
      { ...input, date: slot.date },
      (saved) => tours.joinWaitlist({ id: saved.id, slot: place, guests }),
      (saved) => {
        const visitor = tours.waitlistJoinedMail(saved.id);
        return [...estate(saved, { kind: "waitlist", ...slot, guests }), ...(visitor ? [visitor] : [])];
      },
    );
    tours.options.kick();
    return { outcome: "waitlist", id };
  } catch (error) {
    if (error instanceof WaitlistFull) return { refused: "waitlist-full", slot };
    throw error;
  }
}

/** A booking the staff enter for a phone or walk-in visitor (server/admin/routes/new-booking.ts reads the form). */
export interface StaffBooking {
  input: TourBookingInput;
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

/**
 * Books a tour for a phone or walk-in visitor through the same ledger: stored as the site's
 * bookings are, confirmed, its places counted (over them only for an admin with a reason), the
 * note in its history, the visitor mailed when asked. Resolves with the id; rejects with
 * `SlotRefused` when the time cannot be given, nothing stored.
 */
export async function bookForVisitor({ store, tours }: Booker, booking: StaffBooking): Promise<{ id: string }> {
  const { input, slot } = booking;
  const { id } = await store.submitWith("tourBooking", { ...input, date: slot.date }, (saved) => {
    tours.reserve({ id: saved.id, slot: { package: input.package, ...slot }, guests: input.guests ?? 1 }, { actor: booking.actor, overCapacity: booking.overCapacity, reason: booking.reason });
    if (booking.note !== "") addNote(store.db, { type: "tour-bookings", id: saved.id }, booking.actor, booking.note, tours.now);
    if (booking.notify) tours.tell("booked", saved.id);
  });
  tours.options.kick();
  return { id };
}

/**
 * What a refused booking's 409 answer says, in the visitor's language: why the time cannot be
 * given (off the schedule or past its cut-off, beyond the horizon, too large a group, places
 * short, its waitlist full), the places left, and the contact page for larger groups.
 */
export function refusalAnswer(refused: SlotRefused | "waitlist-full", booking: { language: string; guests?: number | null; package: TourBookingInput["package"] }, slot: LocalTime, tours: TourService, siteUrl: string) {
  const lang = isLanguage(booking.language) ? booking.language : defaultLanguage;
  const { t } = translator(lang);
  const contact = contactLink(siteUrl, lang);
  if (refused === "waitlist-full") return { error: t("wineTours.slots.waitlistFull", { contact }), fields: ["slot"], placesLeft: 0, contact };
  const schedule = tours.schedule();
  const capacity = capacityOf(schedule, { package: booking.package, ...slot });
  const guests = booking.guests ?? 1;
  const error =
    refused.reason === "closed" || refused.reason === "unknown"
      ? t("wineTours.slots.conflictClosed", { contact })
      : refused.reason === "horizon"
        ? t("wineTours.slots.conflictHorizon", { months: schedule.horizonMonths, contact })
        : guests > capacity
          ? t("wineTours.slots.conflictTooLarge", { capacity, contact })
          : refused.placesLeft === 0
            ? t("wineTours.slots.conflictNone", { contact })
            : t("wineTours.slots.conflictFull", { count: refused.placesLeft, contact });
  return { error, fields: ["slot"], placesLeft: refused.placesLeft, capacity, contact };
}
