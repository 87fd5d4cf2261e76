import { randomBytes, randomUUID } from "node:crypto";
import { formDefinitions, type AnyFormInput, type FormInput, type FormKind } from "#forms/definitions";
import type { Statement } from "better-sqlite3";
import type { Db } from "./database";
import { checkFormTables, insertColumns } from "./form-tables";
import { GroupCommit } from "./group-commit";
import type { OutgoingMail } from "#core/mail";
import { enqueueMail } from "./outbox";

export interface StoreOptions {
  /** The server's group commit, which the bookings' writes share (its listeners hear each commit); else one of the store's own. */
  commits?: GroupCommit;
  /** Called after a commit that may have queued e-mails (with a group commit of the store's own). */
  onCommit?: () => void;
  now?: () => Date;
}

/** What the store tells the caller about a submission it is saving, so the caller can word its e-mails. */
export interface Saved {
  id: string;
  receivedAt: string;
  /** A new submission; false for a repeated newsletter sign-up. */
  created: boolean;
  /** Newsletter only: a confirmation e-mail is due, with the row's tokens, in the subscription's language. */
  confirmation: { email: string; language: string; tokens: { confirm: string; unsubscribe: string } } | null;
}

/**
 * The e-mails to queue with a submission, worded by the caller (the API, with server/mail/compose.ts)
 * once the store has said what it saves. Called inside the transaction: the e-mails are committed
 * with the submission or not at all.
 */
export type MailsFor = (saved: Saved) => readonly OutgoingMail[];

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
 * Writes submissions. `submit` resolves once the submission and the e-mails it queues are
 * committed to disk together, so its answer may be sent; it rejects with `StorageUnavailable`
 * (./availability.ts) when another process holds the lock too long or the disk is full.
 */
export class SubmissionStore {
  private readonly commits: GroupCommit;
  private readonly now: () => Date;

  constructor(
    readonly db: Db,
    private readonly options: StoreOptions = {},
  ) {
    // A definition changed without its migration stops the server here, naming the columns.
    checkFormTables(db, { [formDefinitions.newsletterSignup.table]: subscriberColumns });
    this.commits = options.commits ?? new GroupCommit(db, () => this.options.onCommit?.());
    this.now = options.now ?? (() => new Date());
    for (const form of Object.values(formDefinitions)) if (form.kind !== "newsletterSignup") insertOf(db, form.kind);
  }

  /**
   * Stores a checked submission of form `kind` (the output of that form's schema) and the e-mails
   * `mailsFor` words for it, in one transaction; without `mailsFor` (no mail configured) nothing is
   * queued.
   */
  submit(kind: FormKind, input: AnyFormInput, mailsFor?: MailsFor): Promise<{ id: string }> {
    return this.commits.run(() =>
      kind === "newsletterSignup" ? this.signUp(input as FormInput<"newsletterSignup">, mailsFor) : this.insert(kind, input, mailsFor),
    );
  }

  private insert(kind: Exclude<FormKind, "newsletterSignup">, input: AnyFormInput, mailsFor: MailsFor | undefined): { id: string } {
    const { id, receivedAt } = insertSubmission(this.db, kind, input, this.now());
    this.queue(mailsFor?.({ id, receivedAt, created: true, confirmation: null }), formDefinitions[kind].slug, id, receivedAt);
    return { id };
  }

  private queue(mails: readonly OutgoingMail[] | undefined, type: string, id: string, now: string): void {
    for (const mail of mails ?? []) enqueueMail(this.db, mail, { type, id }, now);
  }

  /**
   * One row per address: a new address is stored with its language and consent time; a repeated
   * sign-up renews the consent (and re-subscribes an address that had left) without a second row.
   * A sign-up not yet confirmed keeps the language it was made in, so that the link of its e-mail
   * opens its page in that language whatever page the address was typed on again (the native
   * readers' N18); one that had left starts again in the language of the new sign-up.
   */
  private signUp(input: FormInput<"newsletterSignup">, mailsFor: MailsFor | undefined): { id: string } {
    const now = this.now().toISOString();
    const slug = formDefinitions.newsletterSignup.slug;
    const existing = this.db.prepare("SELECT * FROM newsletter_subscribers WHERE email = ?").get(input.email) as NewsletterRow | undefined;
    const mail = mailsFor !== undefined;
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
        confirmation_sent_at: mail ? now : null,
        digested_at: null,
      };
      this.db
        .prepare(
          `INSERT INTO newsletter_subscribers (id, received_at, language, page, email, consented_at, confirmed_at, unsubscribed_at,
             confirm_token, unsubscribe_token, confirmation_sent_at)
           VALUES (@id, @received_at, @language, @page, @email, @consented_at, @confirmed_at, @unsubscribed_at,
             @confirm_token, @unsubscribe_token, @confirmation_sent_at)`,
        )
        .run(row);
      const tokens = { confirm: row.confirm_token, unsubscribe: row.unsubscribe_token };
      this.queue(
        mailsFor?.({ id: row.id, receivedAt: now, created: true, confirmation: { email: row.email, language: row.language, tokens } }),
        slug,
        row.id,
        now,
      );
      return { id: row.id };
    }
    if (existing.confirmed_at && !existing.unsubscribed_at) {
      // Already subscribed: nothing to confirm again (nor to tell the estate again).
      return { id: existing.id };
    }
    const rejoining = existing.unsubscribed_at !== null;
    const lastSent = existing.confirmation_sent_at ? Date.parse(existing.confirmation_sent_at) : 0;
    const resend = mail && (rejoining || Date.parse(now) - lastSent >= confirmationResendMs);
    const confirmToken = rejoining ? token() : existing.confirm_token;
    const language = rejoining ? input.language : existing.language;
    const page = rejoining ? input.page : existing.page;
    this.db
      .prepare(
        `UPDATE newsletter_subscribers SET language = ?, page = ?, consented_at = ?, confirmed_at = NULL, unsubscribed_at = NULL,
           confirm_token = ?, confirmation_sent_at = ?, digested_at = NULL WHERE id = ?`,
      )
      .run(language, page, now, confirmToken, resend ? now : existing.confirmation_sent_at, existing.id);
    if (resend) {
      const tokens = { confirm: confirmToken, unsubscribe: existing.unsubscribe_token };
      this.queue(
        mailsFor?.({ id: existing.id, receivedAt: now, created: false, confirmation: { email: existing.email, language, tokens } }),
        slug,
        existing.id,
        now,
      );
    }
    return { id: existing.id };
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
