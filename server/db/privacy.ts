/**
 * What the estate keeps about one e-mail address, and its erasure (GDPR articles 15, 17 and 20):
 * the submissions of every form sent with it, the newsletter subscription, and the e-mails to or
 * from it in the outbox.
 */
import { createHash, createHmac } from "node:crypto";
import { nextPause, unavailability, whenWritable } from "./availability";
import { isPostgres, sqlFor, sqliteOf, type Db, type SqliteDb } from "./database";
import type { InboxRow } from "./inbox";
import { bookingType, formOfType } from "../forms";
import type { OutboxRow } from "./outbox";
import { deleteGuest, guestNotesOf, type GuestNotes } from "./tour-guests";

export interface PersonalData {
  email: string;
  /** Every submission with that address, newest first, with all its stored columns. */
  submissions: { type: InboxRow["type"]; status: string; row: Record<string, string | number | null> }[];
  /** E-mails to or about the address, bodies included. */
  mails: OutboxRow[];
  /** The tour times its bookings hold or held (migration 30), by booking. */
  visits: VisitRecord[];
  /** Its places on a full time's waitlist (migration 31), by booking. */
  waitlist: VisitRecord[];
  /** What the staff noted about the person (migration 81), when they noted anything. */
  guest: GuestNotes | null;
}

/** A booking's tour time, or its place on a waitlist, as stored (without its link's token). */
export interface VisitRecord {
  bookingId: string;
  package: string;
  /** The estate's local day (`YYYY-MM-DD`) and time (`HH:MM`), and the zone. */
  date: string;
  time: string;
  zone: string;
  guests: number;
  status: string;
  /** A waitlist's open offer: until when its places are kept (ISO 8601, UTC); null otherwise. */
  offeredUntil?: string | null;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The address as the audit log names it: the SHA-256 of the address (lower-cased), under an HMAC
 * keyed by the server's secret (./audit-key.ts). Built on the bare SHA-256 the log kept before, so
 * that `keyLegacyDigests` can turn those into the same form without knowing the addresses.
 */
export const addressDigest = (key: Buffer, email: string) => keyedDigest(key, sha256(email.trim().toLowerCase()));

const keyedDigest = (key: Buffer, bareDigest: string) => `hmac:${createHmac("sha256", key).update(bareDigest).digest("hex")}`;

/** Audit entries whose address is still a bare SHA-256 (written before the digests were keyed). */
const legacyEntries = (db: Db) =>
  db
    .prepare(
      sqlFor(db, {
        sqlite: "SELECT id, detail FROM audit_log WHERE action LIKE 'privacy.%' AND json_valid(detail) AND json_extract(detail, '$.address') GLOB ?",
        postgres: "SELECT id, detail FROM audit_log WHERE action LIKE 'privacy.%' AND json_valid(detail) AND (detail::json ->> 'address') ~ ?",
      }),
    )
    .all(isPostgres(db) ? "^[0-9a-f]{64}$" : "[0-9a-f]".repeat(64)) as { id: number; detail: string }[];

/** Whether the audit log still holds bare SHA-256 digests of addresses. */
export const hasLegacyDigests = (db: Db) => legacyEntries(db).length > 0;

/**
 * Turns the bare SHA-256 digests of older audit entries into keyed ones, in one transaction: the
 * log keeps answering "was this address erased?", now only for whoever holds the key. Returns how
 * many entries changed.
 */
export function keyLegacyDigests(db: Db, key: Buffer): number {
  return db.transaction(() => {
    const entries = legacyEntries(db);
    const update = db.prepare("UPDATE audit_log SET detail = ? WHERE id = ?");
    for (const entry of entries) {
      const detail = JSON.parse(entry.detail) as { address: string };
      update.run(JSON.stringify({ ...detail, address: keyedDigest(key, detail.address) }), entry.id);
    }
    return entries.length;
  })();
}

const entriesOf = (db: Db, email: string) =>
  db.prepare("SELECT * FROM inbox WHERE email = ? ORDER BY received_at DESC, id DESC").all(email.trim()) as InboxRow[];

/** The outbox's e-mails to or from the address, or belonging to one of its submissions. */
function outboxRowsAbout(db: Db, email: string, entries: readonly InboxRow[]): OutboxRow[] {
  const byAddress = db
    .prepare("SELECT * FROM outbox WHERE lower(recipient) = lower(?) OR lower(reply_to) = lower(?)")
    .all(email.trim(), email.trim()) as OutboxRow[];
  const bySubmission = entries.flatMap(
    (entry) => db.prepare("SELECT * FROM outbox WHERE submission_type = ? AND submission_id = ?").all(entry.type, entry.submission_id) as OutboxRow[],
  );
  const all = new Map([...byAddress, ...bySubmission].map((row) => [row.id, row]));
  return [...all.values()].sort((a, b) => a.id - b.id);
}

/** Everything stored for an address (case ignored). */
export function findPersonalData(db: Db, email: string): PersonalData {
  const entries = entriesOf(db, email);
  const submissions = entries.map((entry) => ({
    type: entry.type,
    status: entry.status,
    row: db.prepare(`SELECT * FROM ${formOfType(entry.type).table} WHERE id = ?`).get(entry.submission_id) as Record<string, string | number | null>,
  }));
  const bookings = entries.filter((entry) => entry.type === bookingType).map((entry) => entry.submission_id);
  const guest = guestNotesOf(db, email);
  const noted = guest.notes !== "" || guest.tags.length > 0 || guest.country !== null;
  return {
    email: email.trim(),
    submissions,
    mails: outboxRowsAbout(db, email, entries),
    visits: visitsOf(db, bookings),
    waitlist: waitlistOf(db, bookings),
    guest: noted ? guest : null,
  };
}

const visitsOf = (db: Db, bookings: readonly string[]) =>
  bookings.flatMap(
    (id) =>
      db
        .prepare(
          "SELECT booking_id AS bookingId, package, slot_date AS date, slot_time AS time, time_zone AS zone, guests, status FROM tour_slot_bookings WHERE booking_id = ?",
        )
        .all(id) as VisitRecord[],
  );

const waitlistOf = (db: Db, bookings: readonly string[]) =>
  bookings.flatMap(
    (id) =>
      db
        .prepare(
          "SELECT booking_id AS bookingId, package, slot_date AS date, slot_time AS time, (SELECT time_zone FROM tour_schedule WHERE id = 1) AS zone, guests, status, offered_until AS offeredUntil FROM tour_waitlist WHERE booking_id = ?",
        )
        .all(id) as VisitRecord[],
  );

export interface Erasure {
  submissions: number;
  mails: number;
}

/**
 * Erases everything stored for an address: its submissions (their inbox rows and search text go
 * with them, by trigger), its newsletter subscription, the e-mails to, from or about it, and the
 * details of the audit entries about those submissions (the entries stay: who did what, when).
 * Deleted content is overwritten (`secure_delete`), the search index is rebuilt without it and
 * the write-ahead log is emptied, so the address is gone from the files, not only from the tables.
 * Each step waits for another process's lock without holding the thread (./availability.ts).
 */
export async function erasePersonalData(db: Db, email: string): Promise<Erasure & { walEmptied: boolean }> {
  const sqlite = sqliteOf(db);
  const secureDelete = sqlite?.pragma("secure_delete", { simple: true }) as number | undefined;
  sqlite?.pragma("secure_delete = ON");
  try {
    const erased = await whenWritable(() =>
      db
        .transaction((): Erasure => {
          const entries = entriesOf(db, email);
          const mails = outboxRowsAbout(db, email, entries);
          for (const entry of entries) {
            db.prepare(`DELETE FROM ${formOfType(entry.type).table} WHERE id = ?`).run(entry.submission_id);
            // The record that a reply form was used names the submission: it goes with it.
            db.prepare("DELETE FROM sent_replies WHERE submission_type = ? AND submission_id = ?").run(entry.type, entry.submission_id);
            // Which newsletter issues went to a subscriber: their delivery rows go with the subscription.
            if (entry.type === "newsletter-signups") db.prepare("DELETE FROM newsletter_deliveries WHERE subscriber_id = ?").run(entry.submission_id);
            db.prepare("UPDATE audit_log SET detail = NULL WHERE target_type = ? AND target_id = ?").run(entry.type, entry.submission_id);
          }
          for (const mail of mails) db.prepare("DELETE FROM outbox WHERE id = ?").run(mail.id);
          // What the staff noted about the person (tags, notes, country) goes with them.
          deleteGuest(db, email);
          return { submissions: entries.length, mails: mails.length };
        })
        .immediate(),
    );
    if (!sqlite) {
      // PostgreSQL keeps a deleted row's bytes until VACUUM reuses its space: the touched tables are vacuumed now.
      if (isPostgres(db)) for (const table of erasedTables) db.execAlone(`VACUUM ${table}`);
      return { ...erased, walEmptied: true };
    }
    // FTS5 keeps deleted rows' terms in older index segments until they are merged.
    await whenWritable(() => db.prepare("INSERT INTO inbox_search (inbox_search) VALUES ('optimize')").run());
    return { ...erased, walEmptied: await emptyWal(sqlite) };
  } finally {
    if (secureDelete !== undefined) sqlite?.pragma(`secure_delete = ${secureDelete}`);
  }
}

/** The tables an erasure deletes from or rewrites (PostgreSQL vacuums them after). */
const erasedTables = [
  "tour_bookings",
  "contact_messages",
  "importer_applications",
  "newsletter_subscribers",
  "inbox",
  "inbox_search",
  "sent_replies",
  "newsletter_deliveries",
  "audit_log",
  "outbox",
  "tour_guests",
  "tour_slot_bookings",
  "tour_waitlist",
  "tour_payments",
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Copies the write-ahead log into the database file and truncates it, so that no older copy of an
 * erased row stays in it. Another process reading or writing keeps it from finishing: it is tried
 * again from a timer for up to five seconds; false if it never finished (the next checkpoint will).
 */
async function emptyWal(db: SqliteDb, budgetMs = 5000): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  for (let pause = 5; ; pause = nextPause(pause)) {
    try {
      const [result] = db.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
      if (result?.busy === 0) return true;
    } catch (error) {
      if (unavailability(error) !== "busy") throw error;
    }
    if (Date.now() + pause > deadline) return false;
    await sleep(pause);
  }
}

/**
 * An erasure must leave nothing in the file: with secure_delete every deleted or rewritten row of
 * this connection (the server's one) is overwritten with zeros, including the older versions of a
 * row that an update leaves behind, such as an outbox e-mail's before it was marked sent.
 */
export function overwriteDeletedRows(db: Db): void {
  sqliteOf(db)?.pragma("secure_delete = ON");
}
