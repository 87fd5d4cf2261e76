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
import { reserveExperience, type ExperienceBooking } from "./experiences";
import { SlotRefused } from "./ledger";
import type { LocalTime } from "./paris-time";
import { offersPrivate } from "./pricing";
import { capacityOf, horizonOf } from "./schedule";
import { contactLink, WaitlistFull, type TourService } from "./service";
import { VoucherRefused } from "./vouchers";

type TourBookingInput = FormInput<"tourBooking">;

/** The payment provider's checkout, as a booking with a deposit uses it (./payments.ts). */
export interface Checkout {
  /** The provider's checkout page for a booking's deposit; rejects when the provider cannot be reached. */
  start(bookingId: string): Promise<string>;
  /** A checkout that could not start: the time held for it is released at once. */
  abandon(bookingId: string): Promise<void>;
}

/** What books: the submissions' store, the tours' ledger, the estate's mail settings (null without mail) and the deposits' checkout (null without a payment provider). */
export interface Booker {
  store: SubmissionStore;
  tours: TourService;
  mail: MailSource;
  checkout?: Checkout | null;
}

/** A visitor's booking as the route's schema read it: the form's fields, the time chosen, and whether to wait in line when it is full. */
export interface VisitorBooking {
  input: TourBookingInput;
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
 * estate, in line for a full time, or a request without a time), or refused (the time cannot be
 * given, or its waitlist is full) with nothing stored.
 */
export type BookingResult =
  | { outcome: "confirmed" | "pending" | "waitlist" | "request" | "minimum"; id: string }
  | { outcome: "payment"; id: string; checkoutUrl: string }
  | { refused: SlotRefused | "waitlist-full" | ExperienceRefusal; slot: LocalTime | null };

/**
 * Books a visitor's tour. Without a time it is a request the estate answers (its notification,
 * the visitor's acknowledgement). With one, its places are taken and the estate's notification
 * and the visitor's confirmation or acknowledgement are queued with them; a time without room,
 * when the visitor asked for the waitlist and the group fits a tour, puts the request in line
 * (the estate told which time, the visitor how to leave the line).
 */
export async function bookTour({ store, tours, mail: mailSource, checkout = null }: Booker, booking: VisitorBooking): Promise<BookingResult> {
  const { input, slot, waitlist } = booking;
  const choice = { private: booking.private ?? false, voucher: booking.voucher ?? null };
  const mail = mailSource();
  // The estate's notification, told what became of the time.
  const estate = (saved: Saved, notice?: BookingNotice) => (mail ? composeSubmissionMails("tourBooking", input, saved, mail, notice) : []);
  if (choice.voucher && !slot) return { refused: "voucher-needs-time", slot: null };
  if (choice.private && !offersPrivate(tours.content.current, input.package)) return { refused: "no-private", slot };
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
      (saved) => reserveExperience(tours, { id: saved.id, slot: place, guests, choice }, checkout !== null),
      (saved, { held, priceCents, depositCents, voucher }: ExperienceBooking) => {
        const status = held.status === "confirmed" ? "confirmed" : "pending";
        const visitor = tours.visitorMail("booked", { ...held, name: input.name, email: input.email, phone: input.phone ?? null, language: input.language });
        const experience = { waitingFor: held.waitingFor, private: held.private, priceCents, depositCents, voucher: voucher?.code ?? null };
        return [...estate(saved, { kind: "slot", ...slot, guests, status, holdUntil: held.holdUntil, experience }), ...(visitor ? [visitor] : [])];
      },
    );
    tours.options.kick();
    if (written.depositCents > 0 && checkout) {
      try {
        return { outcome: "payment", id, checkoutUrl: await checkout.start(id) };
      } catch {
        await checkout.abandon(id);
        return { refused: "payment-unavailable", slot };
      }
    }
    const { held } = written;
    return { outcome: held.status === "confirmed" ? "confirmed" : held.waitingFor === "minimum" ? "minimum" : "pending", id };
  } catch (error) {
    if (error instanceof VoucherRefused) return { refused: error, slot };
    if (!(error instanceof SlotRefused)) throw error;
    const fits = guests <= capacityOf(tours.schedule(), place);
    // A private tour or a voucher needs the time itself: no waitlist for them.
    if (error.reason !== "full" || !waitlist || !fits || choice.private || choice.voucher) return { refused: error, slot };
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
    tours.reserve(
      { id: saved.id, slot: { package: input.package, ...slot }, guests: input.guests ?? 1 },
      { actor: booking.actor, overCapacity: booking.overCapacity, reason: booking.reason },
    );
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
export function refusalAnswer(
  refused: SlotRefused | "waitlist-full" | ExperienceRefusal,
  booking: { language: string; guests?: number | null; package: TourBookingInput["package"]; private?: boolean },
  slot: LocalTime | null,
  tours: TourService,
  siteUrl: string,
) {
  const lang = isLanguage(booking.language) ? booking.language : defaultLanguage;
  const { t } = translator(lang);
  const contact = contactLink(siteUrl, lang);
  if (refused === "waitlist-full") return { error: t("wineTours.slots.waitlistFull", { contact }), fields: ["slot"], placesLeft: 0, contact };
  if (refused instanceof VoucherRefused) return { error: t(`tourRefusal.voucher.${refused.reason}`, { contact }), fields: ["voucher"], contact };
  if (refused === "voucher-needs-time") return { error: t("tourRefusal.voucher.needsTime"), fields: ["voucher", "slot"], contact };
  if (refused === "no-private") return { error: t("tourRefusal.private.notOffered", { contact }), fields: ["private"], contact };
  if (refused === "payment-unavailable") return { error: t("tourRefusal.paymentUnavailable", { contact }), fields: [], contact };
  if (!slot) return { error: t("wineTours.slots.conflictClosed", { contact }), fields: ["slot"], contact };
  const schedule = tours.schedule();
  const capacity = capacityOf(schedule, { package: booking.package, ...slot });
  const guests = booking.guests ?? 1;
  // A private tour needs its time free of anyone else.
  if (booking.private && refused.reason === "full" && guests <= capacity)
    return { error: t("tourRefusal.private.taken", { contact }), fields: ["slot"], placesLeft: refused.placesLeft, capacity, contact };
  const error =
    refused.reason === "closed" || refused.reason === "unknown"
      ? t("wineTours.slots.conflictClosed", { contact })
      : refused.reason === "horizon"
        ? t("wineTours.slots.conflictHorizon", { months: horizonOf(schedule, booking.package), contact })
        : guests > capacity
          ? t("wineTours.slots.conflictTooLarge", { capacity, contact })
          : refused.placesLeft === 0
            ? t("wineTours.slots.conflictNone", { contact })
            : t("wineTours.slots.conflictFull", { count: refused.placesLeft, contact });
  return { error, fields: ["slot"], placesLeft: refused.placesLeft, capacity, contact };
}
