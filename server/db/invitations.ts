/**
 * Invitations of new staff (table `staff_invitations`, migration 22): an admin names
 * an address and a role; the colleague gets a link with a 256-bit token that works once, until it
 * expires, and sets the account's password. Only the token's SHA-256 is stored.
 */
import { createHash } from "node:crypto";
import type { Db } from "./database";
import { randomToken, type StaffRole } from "./staff";

/** How long an invitation's link works. */
export const invitationLifetimeMs = 72 * 60 * 60 * 1000;

/** An invitation's token as the link carries it (base64url of 32 bytes). */
export const invitationTokenPattern = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export interface Invitation {
  email: string;
  role: StaffRole;
  invited_by: string;
  created_at: string;
  expires_at: string;
}

/** Records an invitation and returns its token (the link's last segment, never stored). */
export function createInvitation(db: Db, invitation: { email: string; role: StaffRole; by: string }, now: Date): string {
  const token = randomToken();
  db.prepare("INSERT INTO staff_invitations (token_hash, email, role, invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)").run(
    sha256(token),
    invitation.email,
    invitation.role,
    invitation.by,
    now.toISOString(),
    new Date(now.getTime() + invitationLifetimeMs).toISOString(),
  );
  return token;
}

/** An invitation that still opens: unused, not expired, and its address has no account yet (made by another link or `npm run staff`). */
const open = "i.used_at IS NULL AND i.expires_at > ? AND NOT EXISTS (SELECT 1 FROM staff s WHERE s.email = i.email)";

/** The invitation a link opens: unused, not expired, for an address without an account; else null. */
export function openInvitation(db: Db, token: string, now: Date): Invitation | null {
  if (!invitationTokenPattern.test(token)) return null;
  const row = db
    .prepare(`SELECT i.email, i.role, i.invited_by, i.created_at, i.expires_at FROM staff_invitations i WHERE i.token_hash = ? AND ${open}`)
    .get(sha256(token), now.toISOString()) as Invitation | undefined;
  return row ?? null;
}

/** Invitations that still open, newest first (the staff page lists them). */
export function pendingInvitations(db: Db, now: Date): Invitation[] {
  return db
    .prepare(`SELECT i.email, i.role, i.invited_by, i.created_at, i.expires_at FROM staff_invitations i WHERE ${open} ORDER BY i.created_at DESC`)
    .all(now.toISOString()) as Invitation[];
}

/**
 * Spends an invitation and makes its account with the password's hash, in one transaction: the
 * link works once, and every other invitation to the same address expires with it (a second
 * link, perhaps with another role, must not open once the colleague has joined). Null when the
 * invitation is spent, expired or unknown, or the address has an account meanwhile.
 */
export function acceptInvitation(db: Db, token: string, passwordHash: string, now: Date): Invitation | null {
  return db.transaction(() => {
    const invitation = openInvitation(db, token, now);
    if (!invitation) return null;
    const at = now.toISOString();
    db.prepare("UPDATE staff_invitations SET used_at = ? WHERE token_hash = ?").run(at, sha256(token));
    db.prepare("UPDATE staff_invitations SET expires_at = ? WHERE email = ? AND used_at IS NULL AND expires_at > ?").run(at, invitation.email, at);
    const added = db
      .prepare("INSERT INTO staff (email, password_hash, role, created_at, password_changed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING")
      .run(invitation.email, passwordHash, invitation.role, at, at);
    return added.changes === 1 ? invitation : null;
  })();
}
