/**
 * The people the estate knows (`tour_guests`, migration 81): one record per address, across
 * every tour booking and request sent with it (compared in lower case); a walk-in or phone guest
 * without an address is known by their phone instead (its key `tel:` and the number as the staff
 * form writes it, internationally), so their no-shows and notes count too. The staff's own notes,
 * tags and country live in the table; everything else (names, language, phone, visits, no-shows)
 * is read from the bookings themselves, so nothing is kept twice and an erasure of the bookings
 * leaves only the row that server/db/privacy.ts deletes with them.
 */
import { joinedTexts, jsonValues, type Db } from "./database";

/** What the staff wrote about a person. */
export interface GuestNotes {
  notes: string;
  tags: string[];
  /** ISO 3166 code set by the staff; null: read from the phone. */
  country: string | null;
}

/** One of a person's bookings or requests, newest first. */
export interface GuestBooking {
  bookingId: string;
  receivedAt: string;
  name: string;
  language: string;
  phone: string | null;
  package: string;
  guests: number | null;
  /** The tour's time and what became of it; null for a request without a time. */
  date: string | null;
  time: string | null;
  status: string | null;
  attendance: "arrived" | "no-show" | null;
  private: boolean;
}

const key = (email: string) => email.trim().toLowerCase();

/** A person's key in SQL, for the bookings table aliased `t`: the address in lower case, else `tel:` and the phone, else null. */
export const keyOf = `CASE WHEN t.email != '' THEN lower(t.email) WHEN coalesce(t.phone, '') != '' THEN 'tel:' || t.phone END`;

/** A person's key: their address in lower case, or for someone without one their phone (`tel:+33…`); null with neither. */
export function guestKey(email: string, phone: string | null | undefined): string | null {
  if (email.trim() !== "") return key(email);
  return phone ? `tel:${phone}` : null;
}

/** Whether a key is a phone's (a guest without an address). */
export const isPhoneKey = (guest: string) => guest.startsWith("tel:");

/** Every booking and request of a person (by their key), newest first. */
export function bookingsOfGuest(db: Db, email: string): GuestBooking[] {
  const rows = db
    .prepare(
      `SELECT t.id AS bookingId, t.received_at AS receivedAt, t.name, t.language, t.phone, t.package, t.guests,
         s.slot_date AS date, s.slot_time AS time, s.status, s.attendance, coalesce(s.private, 0) AS private
       FROM tour_bookings t LEFT JOIN tour_slot_bookings s ON s.booking_id = t.id
       WHERE ${keyOf} = ? ORDER BY t.received_at DESC`,
    )
    .all(key(email)) as (Omit<GuestBooking, "private"> & { private: number })[];
  return rows.map((row) => ({ ...row, private: row.private === 1 }));
}

/** What the staff wrote about an address, or nothing written yet. */
export function guestNotesOf(db: Db, email: string): GuestNotes {
  const row = db.prepare("SELECT notes, tags, country FROM tour_guests WHERE email = ?").get(key(email)) as
    { notes: string; tags: string; country: string | null } | undefined;
  return row ? { notes: row.notes, tags: JSON.parse(row.tags) as string[], country: row.country } : { notes: "", tags: [], country: null };
}

/** Saves what the staff wrote about an address; an empty record is removed. */
export function saveGuestNotes(db: Db, email: string, notes: GuestNotes, actor: string, now: Date): void {
  if (notes.notes === "" && notes.tags.length === 0 && notes.country === null) {
    db.prepare("DELETE FROM tour_guests WHERE email = ?").run(key(email));
    return;
  }
  db.prepare(
    `INSERT INTO tour_guests (email, notes, tags, country, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (email) DO UPDATE SET notes = excluded.notes, tags = excluded.tags, country = excluded.country, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  ).run(key(email), notes.notes, JSON.stringify(notes.tags), notes.country, now.toISOString(), actor);
}

/** Removes what the staff wrote about an address (an erasure); true when there was something. */
export function deleteGuest(db: Db, email: string): boolean {
  return db.prepare("DELETE FROM tour_guests WHERE email = ?").run(key(email)).changes === 1;
}

/** What the calendar and the day sheet show of a guest: visits, no-shows, and the staff's tags and notes. */
export interface GuestSummary {
  visits: number;
  noShows: number;
  tags: string[];
  notes: string;
}

/** For each person's key (./`guestKey`): visits, no-shows and the staff's tags and notes, for the calendar and the day sheet. */
export function guestSummaries(db: Db, emails: readonly string[]): Map<string, GuestSummary> {
  const wanted = [...new Set(emails.map(key).filter((email) => email !== ""))];
  const summaries = new Map<string, GuestSummary>();
  if (wanted.length === 0) return summaries;
  const rows = db
    .prepare(
      `SELECT w.value AS email,
         (SELECT count(*) FROM tour_slot_bookings s JOIN tour_bookings t ON t.id = s.booking_id WHERE ${keyOf} = w.value AND s.attendance = 'arrived') AS visits,
         (SELECT count(*) FROM tour_slot_bookings s JOIN tour_bookings t ON t.id = s.booking_id WHERE ${keyOf} = w.value AND s.attendance = 'no-show') AS noShows,
         (SELECT tags FROM tour_guests g WHERE g.email = w.value) AS tags,
         (SELECT notes FROM tour_guests g WHERE g.email = w.value) AS notes
       FROM ${jsonValues(db)} w`,
    )
    .all(JSON.stringify(wanted)) as { email: string; visits: number; noShows: number; tags: string | null; notes: string | null }[];
  for (const row of rows)
    summaries.set(row.email, { visits: row.visits, noShows: row.noShows, tags: row.tags ? (JSON.parse(row.tags) as string[]) : [], notes: row.notes ?? "" });
  return summaries;
}

/** A person in the guests' list: their latest name and booking, how often they came, the staff's tags. */
export interface GuestListRow {
  email: string;
  name: string;
  /** The latest booking's id: the guest's page opens from it. */
  latest: string;
  lastSeen: string;
  bookings: number;
  visits: number;
  noShows: number;
  tags: string[];
}

/** The people of the tour bookings, the most recent first; `search` narrows to names and addresses containing it. */
export function listGuests(db: Db, search: string, limit = 200): GuestListRow[] {
  const like = `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = db
    .prepare(
      `WITH people AS (
         SELECT ${keyOf} AS email, max(t.received_at) AS lastSeen, count(*) AS bookings,
           count(*) FILTER (WHERE s.attendance = 'arrived') AS visits, count(*) FILTER (WHERE s.attendance = 'no-show') AS noShows
         FROM tour_bookings t LEFT JOIN tour_slot_bookings s ON s.booking_id = t.id WHERE ${keyOf} IS NOT NULL GROUP BY ${keyOf}
       )
       SELECT p.*, (SELECT t.name FROM tour_bookings t WHERE ${keyOf} = p.email ORDER BY t.received_at DESC LIMIT 1) AS name,
         (SELECT t.id FROM tour_bookings t WHERE ${keyOf} = p.email ORDER BY t.received_at DESC LIMIT 1) AS latest,
         (SELECT g.tags FROM tour_guests g WHERE g.email = p.email) AS tags
       FROM people p
       WHERE ? = '%%' OR p.email LIKE ? ESCAPE '\\' OR lower((SELECT ${joinedTexts(db, "t.name", "' '")} FROM tour_bookings t WHERE ${keyOf} = p.email)) LIKE ? ESCAPE '\\'
       ORDER BY p."lastSeen" DESC LIMIT ?`,
    )
    .all(like, like, like, limit) as (Omit<GuestListRow, "tags"> & { tags: string | null })[];
  return rows.map((row) => ({ ...row, tags: row.tags ? (JSON.parse(row.tags) as string[]) : [] }));
}

/** The key of the person behind a booking (./`guestKey`): their address, else their phone; null with neither. */
export function guestKeyOfBooking(db: Db, bookingId: string): string | null {
  return (db.prepare(`SELECT ${keyOf} AS guest FROM tour_bookings t WHERE t.id = ?`).get(bookingId) as { guest: string | null } | undefined)?.guest ?? null;
}
