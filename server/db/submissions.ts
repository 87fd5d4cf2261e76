import { randomBytes, randomUUID } from "node:crypto";
import { formDefinitions, type AnyFormInput, type FormInput, type FormKind } from "#forms/definitions";
import type { Db, Statement } from "./database";
import { checkFormTables, insertColumns } from "./form-tables";

export interface StoreOptions {
  now?: () => Date;
}

/** What a submission's write tells the use-case that made it (server/inbox/submit.ts), so that it can word its e-mails. */
export interface Saved {
  id: string;
  receivedAt: string;
  /** A new submission; false for a repeated newsletter sign-up. */
  created: boolean;
  /** Newsletter only: a confirmation e-mail is due, with the row's tokens, in the subscription's language. */
  confirmation: { email: string; language: string; tokens: { confirm: string; unsubscribe: string } } | null;
}

export interface NewsletterRow {
  id: string;
  received_at: string;
  language: string;
  page: string;
  email: string;
  consented_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  confirm_token: string;
  unsubscribe_token: string;
  confirmation_sent_at: string | null;
  /** When the estate's daily digest listed this confirmed sign-up (server/bookings/signup-digest.ts). */
  digested_at: string | null;
}

/** A pending subscriber who signs up again gets a new confirmation e-mail at most this often. */
const confirmationResendMs = 60 * 60 * 1000;

const token = () => randomBytes(24).toString("base64url");
/** Columns of the subscribers' table that only the server uses (the links' tokens, the resend clock, the estate's daily digest). */
const subscriberColumns = ["confirm_token", "unsubscribe_token", "confirmation_sent_at", "digested_at"];

/**
 * Blank optional fields and unticked boxes are stored as NULL, a ticked box as 1. A required field is stored as given: a visitor's
 * submission never has it blank (its schema refuses that), and a booking the staff enter for a
 * walk-in visitor without an address keeps an empty one.
 */
const stored = (value: unknown, required: boolean) =>
  !required && (value === undefined || value === "" || value === false) ? null : value === true ? 1 : value;

/** The INSERT of each form's table, prepared once per connection. */
const inserts = new WeakMap<Db, Map<FormKind, Statement>>();

function insertOf(db: Db, kind: FormKind): Statement {
  let prepared = inserts.get(db);
  if (!prepared) inserts.set(db, (prepared = new Map()));
  let statement = prepared.get(kind);
  if (!statement) {
    const form = formDefinitions[kind];
    const columns = insertColumns(form);
    statement = db.prepare(`INSERT INTO ${form.table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
    prepared.set(kind, statement);
  }
  return statement;
}

/**
 * Writes a checked submission of form `kind` (the output of that form's schema: not a newsletter
 * sign-up, which has its own table) into its table, received at `receivedAt`; call inside the
 * caller's transaction (a tour booking's use-case writes its places and mails in the same one).
 */
export function insertSubmission(
  tx: Db,
  kind: Exclude<FormKind, "newsletterSignup">,
  input: AnyFormInput,
  receivedAt: Date,
): { id: string; receivedAt: string } {
  const form = formDefinitions[kind];
  const id = randomUUID();
  const at = receivedAt.toISOString();
  const values = new Map<string, unknown>(Object.entries(input));
  insertOf(tx, kind).run([id, at, input.language, input.page, ...form.fields.map((f) => stored(values.get(f.name), f.required))]);
  return { id, receivedAt: at };
}

/**
 * A newsletter sign-up, written in the caller's transaction: one row per address. A new address
 * is stored with its language and consent time; a repeated sign-up renews the consent (and
 * re-subscribes an address that had left) without a second row. A sign-up not yet confirmed keeps
 * the language it was made in, so that the link of its e-mail opens its page in that language
 * whatever page the address was typed on again (the native readers' N18); one that had left starts
 * again in the language of the new sign-up. With `mailing` (mail is configured), `confirmation`
 * says when a confirmation e-mail is due (a new address, one that had left, or a pending one last
 * sent more than an hour ago), and the row records it as sent; the caller queues it in the same
 * transaction.
 */
export function signUpSubscriber(tx: Db, input: FormInput<"newsletterSignup">, at: Date, mailing: boolean): Saved {
  const now = at.toISOString();
  const existing = tx.prepare("SELECT * FROM newsletter_subscribers WHERE email = ?").get(input.email) as NewsletterRow | undefined;
  if (!existing) {
    const row: NewsletterRow = {
      id: randomUUID(),
      received_at: now,
      language: input.language,
      page: input.page,
      email: input.email,
      consented_at: now,
      confirmed_at: null,
      unsubscribed_at: null,
      confirm_token: token(),
      unsubscribe_token: token(),
      confirmation_sent_at: mailing ? now : null,
      digested_at: null,
    };
    tx.prepare(
      `INSERT INTO newsletter_subscribers (id, received_at, language, page, email, consented_at, confirmed_at, unsubscribed_at,
         confirm_token, unsubscribe_token, confirmation_sent_at)
       VALUES (@id, @received_at, @language, @page, @email, @consented_at, @confirmed_at, @unsubscribed_at,
         @confirm_token, @unsubscribe_token, @confirmation_sent_at)`,
    ).run(row);
    const tokens = { confirm: row.confirm_token, unsubscribe: row.unsubscribe_token };
    return { id: row.id, receivedAt: now, created: true, confirmation: mailing ? { email: row.email, language: row.language, tokens } : null };
  }
  // Already subscribed: nothing to confirm again (nor to tell the estate again).
  if (existing.confirmed_at && !existing.unsubscribed_at) return { id: existing.id, receivedAt: now, created: false, confirmation: null };
  const rejoining = existing.unsubscribed_at !== null;
  const lastSent = existing.confirmation_sent_at ? Date.parse(existing.confirmation_sent_at) : 0;
  const resend = mailing && (rejoining || Date.parse(now) - lastSent >= confirmationResendMs);
  const confirmToken = rejoining ? token() : existing.confirm_token;
  const language = rejoining ? input.language : existing.language;
  const page = rejoining ? input.page : existing.page;
  tx.prepare(
    `UPDATE newsletter_subscribers SET language = ?, page = ?, consented_at = ?, confirmed_at = NULL, unsubscribed_at = NULL,
       confirm_token = ?, confirmation_sent_at = ?, digested_at = NULL WHERE id = ?`,
  ).run(language, page, now, confirmToken, resend ? now : existing.confirmation_sent_at, existing.id);
  const tokens = { confirm: confirmToken, unsubscribe: existing.unsubscribe_token };
  return { id: existing.id, receivedAt: now, created: false, confirmation: resend ? { email: existing.email, language, tokens } : null };
}

/**
 * The newsletter's subscriptions as their links read and change them, and the forms' tables checked
 * against their definitions when the server starts. A submission is written by its use-case, in
 * one transaction with its e-mails (server/inbox/submit.ts, server/bookings/book.ts).
 */
export class SubmissionStore {
  private readonly now: () => Date;

  constructor(
    readonly db: Db,
    options: StoreOptions = {},
  ) {
    // A definition changed without its migration stops the server here, naming the columns.
    checkFormTables(db, { [formDefinitions.newsletterSignup.table]: subscriberColumns });
    this.now = options.now ?? (() => new Date());
    for (const form of Object.values(formDefinitions)) if (form.kind !== "newsletterSignup") insertOf(db, form.kind);
  }

  /** The subscriber a confirmation link names, without changing anything (the link's page). */
  subscriberByConfirmToken(confirmToken: string): NewsletterRow | null {
    return (this.db.prepare("SELECT * FROM newsletter_subscribers WHERE confirm_token = ?").get(confirmToken) as NewsletterRow | undefined) ?? null;
  }

  /** The subscriber an unsubscribe link names, without changing anything (the link's page). */
  subscriberByUnsubscribeToken(unsubscribeToken: string): NewsletterRow | null {
    return (this.db.prepare("SELECT * FROM newsletter_subscribers WHERE unsubscribe_token = ?").get(unsubscribeToken) as NewsletterRow | undefined) ?? null;
  }

  /**
   * Confirms the subscription behind a confirmation token; idempotent. The estate hears of it in
   * the next day's digest (server/bookings/signup-digest.ts), not by an e-mail of its own.
   */
  confirm(confirmToken: string): { row: NewsletterRow; state: "confirmed" | "unsubscribed" } | null {
    const row = this.subscriberByConfirmToken(confirmToken);
    if (!row) return null;
    if (row.unsubscribed_at) return { row, state: "unsubscribed" };
    if (!row.confirmed_at) {
      const now = this.now().toISOString();
      this.db.prepare("UPDATE newsletter_subscribers SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL").run(now, row.id);
      row.confirmed_at = now;
    }
    return { row, state: "confirmed" };
  }

  /**
   * Unsubscribes the address behind an unsubscribe token; idempotent. A newsletter issue queued to
   * it and not yet sent is taken out of the outbox in the same transaction: it is never mailed.
   */
  unsubscribe(unsubscribeToken: string): NewsletterRow | null {
    const row = this.subscriberByUnsubscribeToken(unsubscribeToken);
    if (!row) return null;
    if (!row.unsubscribed_at) {
      const at = this.now().toISOString();
      row.unsubscribed_at = at;
      this.db.transaction(() => {
        this.db.prepare("UPDATE newsletter_subscribers SET unsubscribed_at = ? WHERE id = ? AND unsubscribed_at IS NULL").run(at, row.id);
        this.db
          .prepare("DELETE FROM outbox WHERE kind = 'newsletter' AND submission_type = ? AND submission_id = ? AND sent_at IS NULL AND failed_at IS NULL")
          .run(formDefinitions.newsletterSignup.slug, row.id);
      })();
    }
    return row;
  }
}
