/**
 * Staff accounts, their sessions and the sign-in lockout (tables of migration 2). Passwords come
 * here already hashed (server/admin/passwords.ts); session tokens are kept only as their SHA-256,
 * so a copy of the database opens no session.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "./database";

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
/** Failed sign-ins for one account or one address that lock it… */
export const lockoutFailures = 5;
/** …when they fall within this window… */
export const lockoutWindowMs = 15 * 60 * 1000;
/** …for this long. */
export const lockoutMs = 15 * 60 * 1000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");

/** The key a sign-in failure is counted under: the address typed (hashed: it may be a password typed in the wrong box) or the client's. */
export const accountKey = (email: string) => `account:${sha256(email.trim().toLowerCase())}`;
export const addressKey = (address: string) => `address:${address}`;

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

  /** Sets a new password and ends every session of the account. */
  setPassword(email: string, passwordHash: string, now: Date): boolean {
    return this.db.transaction(() => {
      const account = this.find(email);
      if (!account) return false;
      this.db.prepare("UPDATE staff SET password_hash = ?, password_changed_at = ? WHERE id = ?").run(passwordHash, now.toISOString(), account.id);
      this.db.prepare("DELETE FROM staff_sessions WHERE staff_id = ?").run(account.id);
      this.db.prepare("DELETE FROM sign_in_locks WHERE key = ?").run(accountKey(email));
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

  /** The end of the lock on any of these keys, if one is locked now. */
  lockedUntil(keys: readonly string[], now: Date): string | null {
    const at = now.toISOString();
    let until: string | null = null;
    for (const key of keys) {
      const row = this.db.prepare("SELECT until FROM sign_in_locks WHERE key = ? AND until > ?").get(key, at) as { until: string } | undefined;
      if (row && (until === null || row.until > until)) until = row.until;
    }
    return until;
  }

  /**
   * Counts a failed sign-in under each key; a key that reaches `lockoutFailures` within
   * `lockoutWindowMs` is locked for `lockoutMs`. Failures older than a day are swept.
   */
  recordFailure(keys: readonly string[], now: Date): void {
    const at = now.toISOString();
    const windowStart = new Date(now.getTime() - lockoutWindowMs).toISOString();
    const until = new Date(now.getTime() + lockoutMs).toISOString();
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM sign_in_failures WHERE at < ?").run(new Date(now.getTime() - 86_400_000).toISOString());
      this.db.prepare("DELETE FROM sign_in_locks WHERE until <= ?").run(at);
      for (const key of keys) {
        this.db.prepare("INSERT INTO sign_in_failures (at, key) VALUES (?, ?)").run(at, key);
        const { n } = this.db.prepare("SELECT count(*) AS n FROM sign_in_failures WHERE key = ? AND at > ?").get(key, windowStart) as { n: number };
        if (n >= lockoutFailures) {
          this.db.prepare("INSERT INTO sign_in_locks (key, until) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET until = excluded.until").run(key, until);
          // The lock replaces the count: after it, the account starts again from zero.
          this.db.prepare("DELETE FROM sign_in_failures WHERE key = ?").run(key);
        }
      }
    })();
  }

  /** A successful sign-in clears the account's count (not the address's: one good password must not buy an address more guesses). */
  recordSuccess(email: string): void {
    this.db.prepare("DELETE FROM sign_in_failures WHERE key = ?").run(accountKey(email));
  }
}
