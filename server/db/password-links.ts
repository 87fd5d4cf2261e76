/**
 * Links to choose a new password (table `staff_password_links`, migration 90): an admin sends one
 * to a member of the staff who forgot theirs. Like an invitation (./invitations.ts), the link
 * carries a 256-bit token that works once, for 72 hours; only the token's SHA-256 is stored. Using
 * it sets the password and keeps the second factor (an admin resets that separately).
 */
import { createHash } from "node:crypto";
import type { Db } from "./database";
import { invitationLifetimeMs, invitationTokenPattern } from "./invitations";
import { randomToken, type StaffStore } from "./staff";

/** How long a link to choose a new password works: as long as an invitation's. */
export const passwordLinkLifetimeMs = invitationLifetimeMs;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The account a link opens, with who sent it and until when it works. */
export interface PasswordLink {
  staff_id: number;
  email: string;
  sent_by: string;
  expires_at: string;
}

/** Records a link for an account and returns its token (the link's last segment, never stored). */
export function createPasswordLink(db: Db, link: { staffId: number; by: string }, now: Date): string {
  const token = randomToken();
  db.prepare("INSERT INTO staff_password_links (token_hash, staff_id, sent_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)").run(
    sha256(token),
    link.staffId,
    link.by,
    now.toISOString(),
    new Date(now.getTime() + passwordLinkLifetimeMs).toISOString(),
  );
  return token;
}

/** The account a link opens: unused, not expired, its account still there; else null. */
export function openPasswordLink(db: Db, token: string, now: Date): PasswordLink | null {
  if (!invitationTokenPattern.test(token)) return null;
  const row = db
    .prepare(
      `SELECT l.staff_id, s.email, l.sent_by, l.expires_at FROM staff_password_links l JOIN staff s ON s.id = l.staff_id
       WHERE l.token_hash = ? AND l.used_at IS NULL AND l.expires_at > ?`,
    )
    .get(sha256(token), now.toISOString()) as PasswordLink | undefined;
  return row ?? null;
}

/** Until when each account's newest working link works, by account (the staff page says it). */
export function pendingPasswordLinks(db: Db, now: Date): Map<number, string> {
  const rows = db
    .prepare("SELECT staff_id, max(expires_at) AS until FROM staff_password_links WHERE used_at IS NULL AND expires_at > ? GROUP BY staff_id")
    .all(now.toISOString()) as { staff_id: number; until: string }[];
  return new Map(rows.map((row) => [row.staff_id, row.until]));
}

/**
 * Spends a link and sets its account's password, in one transaction: the link works once, the
 * account's other links stop working, its sessions and challenges end, its second factor stays.
 * Null when the link is spent, expired or unknown, or its account was removed.
 */
export function usePasswordLink(db: Db, staff: StaffStore, token: string, passwordHash: string, now: Date): PasswordLink | null {
  return db.transaction(() => {
    const link = openPasswordLink(db, token, now);
    if (!link) return null;
    db.prepare("UPDATE staff_password_links SET used_at = ? WHERE token_hash = ?").run(now.toISOString(), sha256(token));
    return staff.changePassword(link.staff_id, passwordHash, now) ? link : null;
  })();
}
