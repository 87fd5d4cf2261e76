/**
 * The private addresses of the staff's calendar feeds (`staff_calendar_feeds`, migration 32): one
 * random token per account, kept as given because the account page shows the address again;
 * replacing it revokes the old address (server/bookings/staff-feed.ts writes the feed itself).
 */
import { randomBytes } from "node:crypto";
import type { Db } from "./database";

/** A feed's token: 32 random bytes, 43 characters. */
const newToken = () => randomBytes(32).toString("base64url");

/** The staff member's feed token, made on first use. */
export function feedToken(db: Db, staffId: number, now: Date): string {
  const row = db.prepare("SELECT token FROM staff_calendar_feeds WHERE staff_id = ?").get(staffId) as { token: string } | undefined;
  if (row) return row.token;
  const token = newToken();
  db.prepare("INSERT INTO staff_calendar_feeds (staff_id, token, created_at) VALUES (?, ?, ?)").run(staffId, token, now.toISOString());
  return token;
}

/** Revokes the staff member's feed address and makes a new one. */
export function renewFeed(db: Db, staffId: number, now: Date): string {
  const token = newToken();
  db.prepare(
    "INSERT INTO staff_calendar_feeds (staff_id, token, created_at) VALUES (?, ?, ?) ON CONFLICT (staff_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at",
  ).run(staffId, token, now.toISOString());
  return token;
}

/** The account a feed token belongs to, or null. */
export function feedOwner(db: Db, token: string): number | null {
  const row = db.prepare("SELECT staff_id FROM staff_calendar_feeds WHERE token = ?").get(token) as { staff_id: number } | undefined;
  return row?.staff_id ?? null;
}
