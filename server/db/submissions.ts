import { randomBytes, randomUUID } from "node:crypto";
import { composeConfirmation, composeNotification, type MailContext } from "../mail/compose";
import { enqueueMail } from "../mail/outbox";
import type { Db } from "./database";
import { envelopeColumns, formTables, type FormInput, type FormKind } from "./forms";
import { GroupCommit } from "./group-commit";

export interface StoreOptions {
  /** Set when mail is configured: each submission then queues its e-mails in the same transaction. */
  mail: MailContext | null;
  /** Called after a commit that may have queued e-mails. */
  onCommit?: () => void;
  now?: () => Date;
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
}

/** A pending subscriber who signs up again gets a new confirmation e-mail at most this often. */
const confirmationResendMs = 60 * 60 * 1000;

const token = () => randomBytes(24).toString("base64url");
/** Blank optional fields are stored as NULL. */
const stored = (value: unknown) => (value === undefined || value === "" ? null : value);

/**
 * Writes submissions. `submit` resolves once the submission (and any e-mail it queues) is
 * committed to disk, so its answer may be sent.
 */
export class SubmissionStore {
  private readonly commits: GroupCommit;
  private readonly inserts: Map<FormKind, (values: unknown[]) => void>;
  private readonly now: () => Date;

  constructor(
    readonly db: Db,
    private readonly options: StoreOptions,
  ) {
    this.commits = new GroupCommit(db, () => this.options.onCommit?.());
    this.now = options.now ?? (() => new Date());
    this.inserts = new Map();
    for (const form of Object.values(formTables)) {
      if (form.kind === "newsletterSignup") continue;
      const columns = [...envelopeColumns, ...form.fields].map((c) => c.column);
      const statement = db.prepare(`INSERT INTO ${form.table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
      this.inserts.set(form.kind, (values) => statement.run(values));
    }
  }

  submit<K extends FormKind>(kind: K, input: FormInput<K>): Promise<{ id: string }> {
    return this.commits.run(() =>
      kind === "newsletterSignup" ? this.signUp(input as FormInput<"newsletterSignup">) : this.insert(kind, input),
    );
  }

  /** Commits what is queued (before the database closes). */
  flush(): void {
    this.commits.flush();
  }

  private insert<K extends FormKind>(kind: K, input: FormInput<K>): { id: string } {
    const form = formTables[kind];
    const id = randomUUID();
    const receivedAt = this.now().toISOString();
    const values = input as Record<string, unknown>;
    this.inserts.get(kind)!([id, receivedAt, input.language, input.page, ...form.fields.map((f) => stored(values[f.field]))]);
    if (this.options.mail) {
      enqueueMail(this.db, composeNotification(kind, id, input, receivedAt, this.options.mail), { type: form.slug, id }, receivedAt);
    }
    return { id };
  }

  /**
   * One row per address: a new address is stored with its language and consent time; a repeated
   * sign-up renews the consent (and re-subscribes an address that had left) without a second row.
   */
  private signUp(input: FormInput<"newsletterSignup">): { id: string } {
    const now = this.now().toISOString();
    const slug = formTables.newsletterSignup.slug;
    const existing = this.db.prepare("SELECT * FROM newsletter_subscribers WHERE email = ?").get(input.email) as NewsletterRow | undefined;
    const mail = this.options.mail;
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
      };
      this.db
        .prepare(
          `INSERT INTO newsletter_subscribers (id, received_at, language, page, email, consented_at, confirmed_at, unsubscribed_at,
             confirm_token, unsubscribe_token, confirmation_sent_at)
           VALUES (@id, @received_at, @language, @page, @email, @consented_at, @confirmed_at, @unsubscribed_at,
             @confirm_token, @unsubscribe_token, @confirmation_sent_at)`,
        )
        .run(row);
      if (mail) {
        const submission = { type: slug, id: row.id };
        const tokens = { confirm: row.confirm_token, unsubscribe: row.unsubscribe_token };
        enqueueMail(this.db, composeConfirmation(input.language, input.email, tokens, mail), submission, now);
        enqueueMail(this.db, composeNotification("newsletterSignup", row.id, input, now, mail), submission, now);
      }
      return { id: row.id };
    }
    if (existing.confirmed_at && !existing.unsubscribed_at) {
      // Already subscribed: nothing to confirm again.
      return { id: existing.id };
    }
    const rejoining = existing.unsubscribed_at !== null;
    const lastSent = existing.confirmation_sent_at ? Date.parse(existing.confirmation_sent_at) : 0;
    const resend = mail !== null && (rejoining || Date.parse(now) - lastSent >= confirmationResendMs);
    const confirmToken = rejoining ? token() : existing.confirm_token;
    this.db
      .prepare(
        `UPDATE newsletter_subscribers SET language = ?, page = ?, consented_at = ?, confirmed_at = NULL, unsubscribed_at = NULL,
           confirm_token = ?, confirmation_sent_at = ? WHERE id = ?`,
      )
      .run(input.language, input.page, now, confirmToken, resend ? now : existing.confirmation_sent_at, existing.id);
    if (resend && mail) {
      const tokens = { confirm: confirmToken, unsubscribe: existing.unsubscribe_token };
      enqueueMail(this.db, composeConfirmation(input.language, existing.email, tokens, mail), { type: slug, id: existing.id }, now);
    }
    return { id: existing.id };
  }

  /** Confirms the subscription behind a confirmation token; idempotent. */
  confirm(confirmToken: string): { row: NewsletterRow; state: "confirmed" | "unsubscribed" } | null {
    const row = this.db.prepare("SELECT * FROM newsletter_subscribers WHERE confirm_token = ?").get(confirmToken) as NewsletterRow | undefined;
    if (!row) return null;
    if (row.unsubscribed_at) return { row, state: "unsubscribed" };
    if (!row.confirmed_at) {
      row.confirmed_at = this.now().toISOString();
      this.db.prepare("UPDATE newsletter_subscribers SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL").run(row.confirmed_at, row.id);
    }
    return { row, state: "confirmed" };
  }

  /** Unsubscribes the address behind an unsubscribe token; idempotent. */
  unsubscribe(unsubscribeToken: string): NewsletterRow | null {
    const row = this.db.prepare("SELECT * FROM newsletter_subscribers WHERE unsubscribe_token = ?").get(unsubscribeToken) as NewsletterRow | undefined;
    if (!row) return null;
    if (!row.unsubscribed_at) {
      row.unsubscribed_at = this.now().toISOString();
      this.db.prepare("UPDATE newsletter_subscribers SET unsubscribed_at = ? WHERE id = ? AND unsubscribed_at IS NULL").run(row.unsubscribed_at, row.id);
    }
    return row;
  }
}
