/**
 * Staff accounts and their sessions (tables of migration 2). Passwords come
 * here already hashed (server/admin/passwords.ts); session tokens are kept only as their SHA-256,
 * so a copy of the database opens no session.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "./database";
import { accountDigest } from "./sign-in-throttle";

export interface StaffAccount {
  id: number;
  email: string;
  password_hash: string;
  created_at: string;
  password_changed_at: string;
  last_sign_in_at: string | null;
}

/** A signed-in session, as a request sees it. */
export interface StaffSession {
  staffId: number;
  email: string;
  /** The session's CSRF token: every form of the session carries it, every POST must return it. */
  csrfToken: string;
  expiresAt: string;
}

/** How long a session lasts from sign-in, whatever happens in it. */
export const sessionLifetimeMs = 12 * 60 * 60 * 1000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");

export class StaffStore {
  constructor(private readonly db: Db) {}

  /** Adds an account; false if the address already has one. */
  add(email: string, passwordHash: string, now: Date): boolean {
    const at = now.toISOString();
    const result = this.db
      .prepare("INSERT INTO staff (email, password_hash, created_at, password_changed_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING")
      .run(email, passwordHash, at, at);
    return result.changes === 1;
  }

  find(email: string): StaffAccount | null {
    return (this.db.prepare("SELECT * FROM staff WHERE email = ?").get(email) as StaffAccount | undefined) ?? null;
  }

  list(): StaffAccount[] {
    return this.db.prepare("SELECT * FROM staff ORDER BY email").all() as StaffAccount[];
  }

  /** Removes an account and, with it, its sessions. */
  remove(email: string): boolean {
    return this.db.prepare("DELETE FROM staff WHERE email = ?").run(email).changes === 1;
  }

  /** Sets a new password, ends every session of the account and forgets its sign-in attempts. */
  setPassword(email: string, passwordHash: string, now: Date): boolean {
    return this.db.transaction(() => {
      const account = this.find(email);
      if (!account) return false;
      this.db.prepare("UPDATE staff SET password_hash = ?, password_changed_at = ? WHERE id = ?").run(passwordHash, now.toISOString(), account.id);
      this.db.prepare("DELETE FROM staff_sessions WHERE staff_id = ?").run(account.id);
      this.db.prepare("DELETE FROM sign_in_attempts WHERE account = ?").run(accountDigest(email));
      return true;
    })();
  }

  /**
   * Opens a session for an account that just signed in: a new random token (the cookie's value,
   * returned once and stored only hashed) and a new CSRF token. Expired sessions are swept here.
   */
  openSession(staffId: number, now: Date): { token: string; csrfToken: string; expiresAt: string } {
    const token = randomToken();
    const csrfToken = randomToken();
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs).toISOString();
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM staff_sessions WHERE expires_at <= ?").run(now.toISOString());
      this.db
        .prepare("INSERT INTO staff_sessions (token_hash, staff_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")
        .run(sha256(token), staffId, csrfToken, now.toISOString(), expiresAt);
      this.db.prepare("UPDATE staff SET last_sign_in_at = ? WHERE id = ?").run(now.toISOString(), staffId);
    })();
    return { token, csrfToken, expiresAt };
  }

  /** The live session a cookie's token opens, or null (unknown, expired, or its account removed). */
  session(token: string, now: Date): StaffSession | null {
    const row = this.db
      .prepare(
        `SELECT s.staff_id AS staffId, a.email AS email, s.csrf_token AS csrfToken, s.expires_at AS expiresAt
         FROM staff_sessions s JOIN staff a ON a.id = s.staff_id WHERE s.token_hash = ? AND s.expires_at > ?`,
      )
      .get(sha256(token), now.toISOString()) as StaffSession | undefined;
    return row ?? null;
  }

  /** Ends the session a token opened (sign-out). */
  closeSession(token: string): void {
    this.db.prepare("DELETE FROM staff_sessions WHERE token_hash = ?").run(sha256(token));
  }
}
