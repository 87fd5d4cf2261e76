/**
 * Staff accounts, their roles, second factors and sessions (tables of migrations 2 and 4).
 * Passwords come here already hashed (server/admin/shared/passwords.ts); session and challenge tokens and
 * recovery codes are kept only as their SHA-256, so a copy of the database opens no session.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "./database";
import { accountDigest } from "./sign-in-throttle";

/**
 * What an account may do: `admin` everything (and must sign in with a second factor), `inbox`
 * the inbox of submissions, `editor` the site's content (the content editor, when it exists).
 */
export const staffRoles = ["admin", "editor", "inbox"] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

export interface StaffAccount {
  id: number;
  email: string;
  password_hash: string;
  role: StaffRole;
  created_at: string;
  password_changed_at: string;
  last_sign_in_at: string | null;
  /** The second factor's shared secret (base32), once enrolled. */
  totp_secret: string | null;
  /** The newest time step a code was accepted for: no code is accepted twice. */
  totp_last_step: number | null;
  /** A secret shown for enrolment and not yet confirmed by a code. */
  totp_pending_secret: string | null;
  /** The language chosen in the staff area (migration 61): the account's own e-mails are written in it. Null until chosen. */
  language: "en" | "fr" | null;
}

/** A signed-in session, as a request sees it. */
export interface StaffSession {
  staffId: number;
  email: string;
  role: StaffRole;
  /** The session's CSRF token: every form of the session carries it, every POST must return it. */
  csrfToken: string;
  expiresAt: string;
}

/** How long a session lasts from sign-in, whatever happens in it. */
export const sessionLifetimeMs = 12 * 60 * 60 * 1000;
/** How long a right password waits for its second factor. */
export const challengeLifetimeMs = 10 * 60 * 1000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");

export class StaffStore {
  constructor(private readonly db: Db) {}

  /** Adds an account; false if the address already has one. */
  add(email: string, passwordHash: string, role: StaffRole, now: Date): boolean {
    const at = now.toISOString();
    const result = this.db
      .prepare("INSERT INTO staff (email, password_hash, role, created_at, password_changed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING")
      .run(email, passwordHash, role, at, at);
    return result.changes === 1;
  }

  find(email: string): StaffAccount | null {
    return (this.db.prepare("SELECT * FROM staff WHERE email = ?").get(email) as StaffAccount | undefined) ?? null;
  }

  byId(id: number): StaffAccount | null {
    return (this.db.prepare("SELECT * FROM staff WHERE id = ?").get(id) as StaffAccount | undefined) ?? null;
  }

  list(): StaffAccount[] {
    return this.db.prepare("SELECT * FROM staff ORDER BY email").all() as StaffAccount[];
  }

  /** Removes an account and, with it (foreign keys), its sessions, challenges, recovery codes and calendar feed. */
  remove(email: string): boolean {
    return this.db.prepare("DELETE FROM staff WHERE email = ?").run(email).changes === 1;
  }

  /**
   * Gives an account another role; its sessions end, so the new role holds from the next sign-in,
   * and its calendar feed's address is revoked: a role that no longer opens the bookings must not
   * find the old address working again when the role comes back (a new one is made on request).
   */
  setRole(email: string, role: StaffRole): boolean {
    return this.db.transaction(() => {
      const account = this.find(email);
      if (!account) return false;
      this.db.prepare("UPDATE staff SET role = ? WHERE id = ?").run(role, account.id);
      if (account.role !== role) this.db.prepare("DELETE FROM staff_calendar_feeds WHERE staff_id = ?").run(account.id);
      this.endAll(account.id);
      return true;
    })();
  }

  /**
   * Sets a new password and clears the second factor (a reset is what a lost phone needs too):
   * every session and challenge of the account ends, its sign-in attempts are forgotten and its
   * unused links to choose a new password stop working. An admin enrols a new second factor at
   * the next sign-in.
   */
  setPassword(email: string, passwordHash: string, now: Date): boolean {
    return this.db.transaction(() => {
      const account = this.find(email);
      if (!account) return false;
      this.db
        .prepare(
          "UPDATE staff SET password_hash = ?, password_changed_at = ?, totp_secret = NULL, totp_last_step = NULL, totp_pending_secret = NULL WHERE id = ?",
        )
        .run(passwordHash, now.toISOString(), account.id);
      this.db.prepare("DELETE FROM staff_recovery_codes WHERE staff_id = ?").run(account.id);
      this.endAll(account.id);
      this.passwordChanged(account, now);
      return true;
    })();
  }

  /**
   * Sets a new password and keeps the second factor (the member changing it, or a link sent by an
   * admin): every session and challenge of the account ends but `keepSession`'s (the browser the
   * member changed it from), its sign-in attempts are forgotten and its unused links to choose a
   * new password stop working. False if the account is gone.
   */
  changePassword(staffId: number, passwordHash: string, now: Date, keepSession: string | null = null): boolean {
    return this.db.transaction(() => {
      const account = this.byId(staffId);
      if (!account) return false;
      this.db.prepare("UPDATE staff SET password_hash = ?, password_changed_at = ? WHERE id = ?").run(passwordHash, now.toISOString(), staffId);
      this.db.prepare("DELETE FROM staff_sessions WHERE staff_id = ? AND token_hash <> ?").run(staffId, keepSession === null ? "" : sha256(keepSession));
      this.db.prepare("DELETE FROM staff_challenges WHERE staff_id = ?").run(staffId);
      this.passwordChanged(account, now);
      return true;
    })();
  }

  /** What follows any new password: the account's sign-in attempts forgotten, its unused links to choose one spent. */
  private passwordChanged(account: StaffAccount, now: Date): void {
    this.db.prepare("DELETE FROM sign_in_attempts WHERE account = ?").run(accountDigest(account.email));
    this.db
      .prepare("UPDATE staff_password_links SET expires_at = ? WHERE staff_id = ? AND used_at IS NULL AND expires_at > ?")
      .run(now.toISOString(), account.id, now.toISOString());
  }

  /** Clears an account's second factor and recovery codes and ends its sessions: it enrols again at its next sign-in. */
  clearSecondFactor(staffId: number): boolean {
    return this.db.transaction(() => {
      const changed =
        this.db.prepare("UPDATE staff SET totp_secret = NULL, totp_last_step = NULL, totp_pending_secret = NULL WHERE id = ?").run(staffId).changes === 1;
      this.db.prepare("DELETE FROM staff_recovery_codes WHERE staff_id = ?").run(staffId);
      this.endAll(staffId);
      return changed;
    })();
  }

  /** How many accounts have the admin role. */
  /** Keeps the language a member of the staff chose in the staff area: their e-mails are written in it. */
  setLanguage(staffId: number, language: "en" | "fr"): void {
    this.db.prepare("UPDATE staff SET language = ? WHERE id = ?").run(language, staffId);
  }

  adminCount(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM staff WHERE role = 'admin'").get() as { n: number }).n;
  }

  private endAll(staffId: number): void {
    this.db.prepare("DELETE FROM staff_sessions WHERE staff_id = ?").run(staffId);
    this.db.prepare("DELETE FROM staff_challenges WHERE staff_id = ?").run(staffId);
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
        `SELECT s.staff_id AS staffId, a.email AS email, a.role AS role, s.csrf_token AS csrfToken, s.expires_at AS expiresAt
         FROM staff_sessions s JOIN staff a ON a.id = s.staff_id WHERE s.token_hash = ? AND s.expires_at > ?`,
      )
      .get(sha256(token), now.toISOString()) as StaffSession | undefined;
    return row ?? null;
  }

  /** Ends the session a token opened (sign-out). */
  closeSession(token: string): void {
    this.db.prepare("DELETE FROM staff_sessions WHERE token_hash = ?").run(sha256(token));
  }

  /** A right password waiting for its second factor: a token for the browser's cookie (stored hashed). */
  openChallenge(staffId: number, now: Date): string {
    const token = randomToken();
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM staff_challenges WHERE expires_at <= ? OR staff_id = ?").run(now.toISOString(), staffId);
      this.db
        .prepare("INSERT INTO staff_challenges (token_hash, staff_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
        .run(sha256(token), staffId, now.toISOString(), new Date(now.getTime() + challengeLifetimeMs).toISOString());
    })();
    return token;
  }

  /** The account a live challenge's token belongs to, or null. */
  challenge(token: string, now: Date): StaffAccount | null {
    const row = this.db
      .prepare("SELECT a.* FROM staff_challenges c JOIN staff a ON a.id = c.staff_id WHERE c.token_hash = ? AND c.expires_at > ?")
      .get(sha256(token), now.toISOString()) as StaffAccount | undefined;
    return row ?? null;
  }

  closeChallenge(token: string): void {
    this.db.prepare("DELETE FROM staff_challenges WHERE token_hash = ?").run(sha256(token));
  }

  /** Keeps the secret being enrolled (shown as a QR code until a code confirms it). */
  setPendingSecret(staffId: number, secret: string): void {
    this.db.prepare("UPDATE staff SET totp_pending_secret = ? WHERE id = ? AND totp_secret IS NULL").run(secret, staffId);
  }

  /**
   * Makes the pending secret the account's second factor, at the time step its first code was
   * for, with the hashes of its recovery codes. False if nothing was pending (another browser
   * finished first).
   */
  confirmSecondFactor(staffId: number, secret: string, step: number, recoveryCodeHashes: readonly string[]): boolean {
    return this.db.transaction(() => {
      const result = this.db
        .prepare(
          "UPDATE staff SET totp_secret = ?, totp_last_step = ?, totp_pending_secret = NULL WHERE id = ? AND totp_secret IS NULL AND totp_pending_secret = ?",
        )
        .run(secret, step, staffId, secret);
      if (result.changes !== 1) return false;
      this.db.prepare("DELETE FROM staff_recovery_codes WHERE staff_id = ?").run(staffId);
      const insert = this.db.prepare("INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES (?, ?)");
      for (const hash of recoveryCodeHashes) insert.run(staffId, hash);
      return true;
    })();
  }

  /** Records the time step of an accepted code; false if it is not newer than the last one (a replay). */
  useTimeStep(staffId: number, step: number): boolean {
    const result = this.db
      .prepare("UPDATE staff SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)")
      .run(step, staffId, step);
    return result.changes === 1;
  }

  /** Spends a recovery code (by its hash); false if it is not one of the account's unused codes. */
  useRecoveryCode(staffId: number, codeHash: string, now: Date): boolean {
    const result = this.db
      .prepare("UPDATE staff_recovery_codes SET used_at = ? WHERE staff_id = ? AND code_hash = ? AND used_at IS NULL")
      .run(now.toISOString(), staffId, codeHash);
    return result.changes === 1;
  }

  /** How many recovery codes the account has left. */
  recoveryCodesLeft(staffId: number): number {
    return (this.db.prepare("SELECT count(*) AS n FROM staff_recovery_codes WHERE staff_id = ? AND used_at IS NULL").get(staffId) as { n: number }).n;
  }
}

/** The admin accounts, with the language each chose (their own e-mails are written in it): those told when the backups fail. */
export function adminsToTell(db: Db): { email: string; language: "en" | "fr" | null }[] {
  return db.prepare("SELECT email, language FROM staff WHERE role = 'admin' ORDER BY id").all() as { email: string; language: "en" | "fr" | null }[];
}

/**
 * The language of the estate's own e-mails (new submissions, visitors' changes, waitlist offers),
 * which go to the estate's address: that of the staff account with this address, when it chose
 * one; else the one most accounts that read the inbox chose; else French, the estate's language.
 */
export function mailLanguage(db: Db, estateEmail: string): "en" | "fr" {
  const own = db.prepare("SELECT language FROM staff WHERE email = ? AND language IS NOT NULL").get(estateEmail) as { language: "en" | "fr" } | undefined;
  if (own) return own.language;
  const most = db
    .prepare(
      "SELECT language, count(*) AS n FROM staff WHERE language IS NOT NULL AND role IN ('admin', 'inbox') GROUP BY language ORDER BY n DESC, language = 'fr' DESC LIMIT 1",
    )
    .get() as { language: "en" | "fr" } | undefined;
  return most?.language ?? "fr";
}
