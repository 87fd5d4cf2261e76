/**
 * The optional `slot` of `POST /api/tour-bookings`: a `start` from the availability answer. The
 * booking's row, its places and its e-mails are written in one transaction (the store's group
 * commit, `BEGIN IMMEDIATE`), so the last places go once however many ask at the same moment.
 */
import type { FormInput } from "#forms/definitions";
import { isLanguage, defaultLanguage } from "#core/languages";
import { translator } from "#locales";
import { parseStart } from "../bookings/paris-time";
import { type SlotRefused, type SlotBooking } from "../bookings/ledger";
import { capacityOf } from "../bookings/schedule";
import { contactLink, type TourService } from "../bookings/service";
import type { MailsFor, Saved, SubmissionStore } from "../db/submissions";
import type { BookingNotice } from "../mail/compose";
import type { QueuedMail } from "../db/outbox";

type Booking = FormInput<"tourBooking">;

/** The slot a payload names: absent, or a local time, or wrong (the answer names the field). */
export function readSlot(value: unknown, pkg: unknown): { slot: null } | { slot: { package: Booking["package"]; date: string; time: string } } | { invalid: true } {
  if (value === undefined || value === null || value === "") return { slot: null };
  if (typeof value !== "string" || value.length > 40) return { invalid: true };
  const local = parseStart(value);
  if (!local || (pkg !== "hermitage" && pkg !== "mongiron" && pkg !== "both")) return { invalid: true };
  return { slot: { package: pkg, ...local } };
}

/** A refused slot as the 409 answer says it, in the visitor's language, with the contact page for larger groups. */
export function refusal(error: SlotRefused, language: string, guests: number, slot: { package: Booking["package"]; date: string; time: string }, tours: TourService, siteUrl: string) {
  const lang = isLanguage(language) ? language : defaultLanguage;
  const { t } = translator(lang);
  const contact = contactLink(siteUrl, lang);
  const schedule = tours.schedule();
  const capacity = capacityOf(schedule, slot);
  const error409 =
    error.reason === "closed" || error.reason === "unknown"
      ? t("wineTours.slots.conflictClosed", { contact })
      : error.reason === "horizon"
        ? t("wineTours.slots.conflictHorizon", { months: schedule.horizonMonths, contact })
      : guests > capacity
        ? t("wineTours.slots.conflictTooLarge", { capacity, contact })
        : error.placesLeft === 0
          ? t("wineTours.slots.conflictNone", { contact })
          : t("wineTours.slots.conflictFull", { count: error.placesLeft, contact });
  return { error: error409, fields: ["slot"], placesLeft: error.placesLeft, capacity, contact };
}

/** The 409 answer when a full slot's waitlist is itself full, in the visitor's language. */
export function waitlistFullAnswer(language: string, siteUrl: string) {
  const lang = isLanguage(language) ? language : defaultLanguage;
  const contact = contactLink(siteUrl, lang);
  return { error: translator(lang).t("wineTours.slots.waitlistFull", { contact }), fields: ["slot"], placesLeft: 0, contact };
}

/** The estate's e-mails about a new booking, told what became of its time. */
export type EstateMails = (saved: Saved, notice: BookingNotice) => readonly QueuedMail[];

/**
 * Stores a booking with a slot: the submission, its places, the estate's notification (with the
 * time) and the visitor's acknowledgement or confirmation, all or nothing. Rejects with
 * `SlotRefused` when the places are not there.
 */
export async function submitWithSlot(
  store: SubmissionStore,
  tours: TourService,
  input: Booking,
  slot: { package: Booking["package"]; date: string; time: string },
  estateMails: EstateMails | null,
): Promise<{ id: string; booking: SlotBooking }> {
  let held: SlotBooking | null = null;
  const guests = input.guests ?? 1;
  const mailsFor: MailsFor = (saved) => {
    const booking = held!;
    // The estate's notification says which time is held, and whether it is already confirmed.
    const status = booking.status === "confirmed" ? "confirmed" : "pending";
    const mails: QueuedMail[] = [...(estateMails?.(saved, { kind: "slot", date: slot.date, time: slot.time, guests, status, holdUntil: booking.holdUntil }) ?? [])];
    const visitor = tours.visitorMail("booked", { ...booking, name: input.name, email: input.email, phone: input.phone ?? null, language: input.language });
    if (visitor) mails.push(visitor);
    return mails;
  };
  const { id } = await store.submit(
    "tourBooking",
    { ...input, date: slot.date },
    mailsFor,
    (saved) => {
      held = tours.reserve({ id: saved.id, slot, guests });
    },
  );
  tours.options.kick();
  return { id, booking: held! };
}

/**
 * Stores a request for a full slot and puts it on the slot's waitlist, in one transaction: the
 * estate's notification says so; the visitor is told which time they wait for and how to leave
 * the list, and is written to again when places are offered (../db/tour-waitlist.ts).
 */
export async function joinWaitlist(
  store: SubmissionStore,
  tours: TourService,
  input: Booking,
  slot: { package: Booking["package"]; date: string; time: string },
  estateMails: EstateMails | null,
): Promise<{ id: string }> {
  const guests = input.guests ?? 1;
  // The estate's notification says which time is waited for; the visitor is told they are in line.
  const mailsFor: MailsFor = (saved) => {
    const visitor = tours.waitlistJoinedMail(saved.id);
    return [...(estateMails?.(saved, { kind: "waitlist", date: slot.date, time: slot.time, guests }) ?? []), ...(visitor ? [visitor] : [])];
  };
  const { id } = await store.submit("tourBooking", { ...input, date: slot.date }, mailsFor, (saved) => tours.joinWaitlist({ id: saved.id, slot, guests }));
  tours.options.kick();
  return { id };
}
