/**
 * The guests the estate knows: one record per person, across every tour booking and request sent
 * with the same address (matched in lower case), with their visits and no-shows (counted from the
 * day's check-in), the language and phone of their latest booking, the country (the staff's, else
 * read from the phone's calling code with libphonenumber-js), and the staff's own notes and tags
 * ("VIP", "trade"), shown on every booking and on the day sheet. Nothing is copied:
 * the record reads the bookings, so erasing the person (server/db/privacy.ts) leaves nothing but
 * the staff's row, which goes with them. SQL: server/db/tour-guests.ts.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { bookingType } from "../forms";
import { auditActions, recordAudit } from "../db/audit";
import type { Db } from "../db/database";
import type { Bookings } from "./deps";
import {
  bookingsOfGuest,
  guestKeyOfBooking,
  guestNotesOf,
  isPhoneKey,
  listGuests,
  saveGuestNotes,
  type GuestBooking,
  type GuestListRow,
  type GuestNotes,
} from "../db/tour-guests";

/**
 * The tags the staff pick most, offered as boxes to tick (their own words may be added). None is
 * about health: an allergy or a diet is health data (GDPR art. 9), kept only with the guest's
 * explicit consent, never suggested by the form (the privacy policy, "Guest records").
 */
export const suggestedTags = ["VIP", "trade"] as const;

/** At most this many tags, each at most this long: a tag is a word or two, not a note. */
export const tagLimits = { count: 12, length: 30 } as const;

/** A person as the staff see them. */
export interface Guest extends GuestNotes {
  /** Who they are to the records: their address, or for a guest without one their phone (server/db/tour-guests.ts `guestKey`). */
  key: string;
  /** Their address ("" for a walk-in known by their phone). */
  email: string;
  /** The name on their latest booking. */
  name: string;
  language: string;
  phone: string | null;
  /** The staff's country, else the phone's; null when neither says. */
  country: string | null;
  /** Checked in as arrived, and marked absent. */
  visits: number;
  noShows: number;
  bookings: GuestBooking[];
}

/** The country of a phone number from its calling code (a number without one is read as French, the estate's own). */
export function countryOfPhone(phone: string | null): string | null {
  if (!phone) return null;
  return parsePhoneNumberFromString(phone, "FR")?.country ?? null;
}

/** The record of the person behind a key (an address, or a phone's `tel:` key), or null when no booking was sent with it. */
export function guestOf(db: Db, key: string): Guest | null {
  if (key.trim() === "") return null;
  const bookings = bookingsOfGuest(db, key);
  const latest = bookings[0];
  if (!latest) return null;
  const notes = guestNotesOf(db, key);
  const phone = bookings.find((booking) => booking.phone)?.phone ?? null;
  const normalised = key.trim().toLowerCase();
  return {
    ...notes,
    key: normalised,
    email: isPhoneKey(normalised) ? "" : normalised,
    name: latest.name,
    language: latest.language,
    phone,
    country: notes.country ?? countryOfPhone(phone),
    visits: bookings.filter((booking) => booking.attendance === "arrived").length,
    noShows: bookings.filter((booking) => booking.attendance === "no-show").length,
    bookings,
  };
}

/** Whether a guest's key is a phone's (`tel:…`, a walk-in who left no address). */
export { isPhoneKey };

/** The person behind a booking (by the booking's id), or null: no such booking, or a walk-in who left neither address nor phone. */
export function guestOfBooking(deps: Pick<Bookings, "db">, bookingId: string): Guest | null {
  const key = guestKeyOfBooking(deps.db, bookingId);
  return key ? guestOf(deps.db, key) : null;
}

/** The guests the estate knows, those a search names first (its list page). */
export function guestsMatching(deps: Pick<Bookings, "db">, search: string): GuestListRow[] {
  return listGuests(deps.db, search);
}

/** Tags as the staff typed them: trimmed, one of each (whatever the case), within the limits. */
function cleanTags(tags: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const tag of tags) {
    const clean = tag.replace(/\s+/g, " ").trim().slice(0, tagLimits.length);
    if (clean !== "" && !kept.has(clean.toLowerCase())) kept.set(clean.toLowerCase(), clean);
  }
  return [...kept.values()].slice(0, tagLimits.count);
}

/** Saves what the staff wrote about the person behind a booking, and that they did in the booking's history. */
export function noteGuest(deps: Bookings, guest: { key: string; bookingId: string }, notes: GuestNotes, actor: string): Promise<void> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const tags = cleanTags(notes.tags);
    saveGuestNotes(tx, guest.key, { notes: notes.notes, tags, country: notes.country }, actor, now);
    recordAudit(tx, { actor, action: auditActions.guestNoted, target: { type: bookingType, id: guest.bookingId }, detail: { tags: notes.tags } }, now);
  });
}
