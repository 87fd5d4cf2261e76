/**
 * The newsletter's issues and their deliveries (tables `newsletter_issues`, `newsletter_deliveries`,
 * migration 71), as server/admin/newsletter/ composes and sends them. An issue is queued to its
 * subscribers a batch at a time: each subscriber's e-mail goes into the outbox and their delivery
 * row is written in the same transaction, so after a restart the sending goes on with whoever has
 * no delivery row yet, and no one gets an issue twice.
 */
import type { Language } from "#core/languages";
import { jsonValues, type Db } from "./database";
import type { OutgoingMail } from "#core/mail";
import { enqueueMail } from "./outbox";

/** What an issue says, as composed in the staff area (server/admin/newsletter/issue.ts checks it). */
export interface NewsletterContent {
  /** Per language: a subscriber reads their own, else the English one, else the issue is not sent to them. */
  subject: Partial<Record<Language, string>>;
  body: Partial<Record<Language, string>>;
  /**
   * A picture described per language: a scene of the site (content/images/scenes), or a photograph
   * uploaded for the issue (`upload-…`, kept in DATA_DIR/newsletter-pictures), cut to 16:9 around
   * its focus, as tight as its zoom.
   */
  picture: NewsletterPicture | null;
  /** Wines (ids) and tour packages (ids) the issue links to, each in the subscriber's language. */
  wines: string[];
  tours: string[];
  /** Buttons of the staff's own: an address, and the button's words per language. */
  links: NewsletterLink[];
}

interface NewsletterPicture {
  scene: string;
  alt: Partial<Record<Language, string>>;
  focus?: { x: number; y: number };
  zoom?: number;
}

export interface NewsletterLink {
  url: string;
  label: Partial<Record<Language, string>>;
}

type IssueStatus = "draft" | "sending" | "sent";

export interface NewsletterIssue {
  id: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  content: NewsletterContent;
  status: IssueStatus;
  sentBy: string | null;
  sendStartedAt: string | null;
  sendFinishedAt: string | null;
  recipients: number | null;
  /** The subscribers' languages it is sent to (null: every subscriber, an issue sent before this was recorded). */
  languages: Language[] | null;
}

/** Where an issue's sending stands. */
export interface IssueCounts {
  /** Queued to the outbox so far. */
  queued: number;
  /** Accepted by the relay. */
  sent: number;
  /** Given up on after every attempt. */
  failed: number;
  /** Queued, not yet sent or given up on. */
  waiting: number;
  /** Recipients who unsubscribed after it was queued to them. */
  unsubscribedAfter: number;
}

/** A subscriber the issue is to be queued to. */
export interface Recipient {
  id: string;
  email: string;
  language: string;
  unsubscribeToken: string;
}

interface IssueRow {
  id: number;
  created_at: string;
  created_by: string;
  updated_at: string;
  content: string;
  status: IssueStatus;
  sent_by: string | null;
  send_started_at: string | null;
  send_finished_at: string | null;
  recipients: number | null;
  languages: string | null;
}

const issueOf = (row: IssueRow): NewsletterIssue => ({
  id: row.id,
  createdAt: row.created_at,
  createdBy: row.created_by,
  updatedAt: row.updated_at,
  // An issue saved before buttons of the staff's own existed has none.
  content: { links: [], ...(JSON.parse(row.content) as Omit<NewsletterContent, "links">) },
  status: row.status,
  sentBy: row.sent_by,
  sendStartedAt: row.send_started_at,
  sendFinishedAt: row.send_finished_at,
  recipients: row.recipients,
  languages: row.languages === null ? null : (JSON.parse(row.languages) as Language[]),
});

/** The outbox's kind of a newsletter e-mail (core/mail.ts `MailKind`). */
const newsletterMailKind = "newsletter";

/** Confirmed and not unsubscribed: who a newsletter goes to. */
const subscribed = "s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL";

/** Of them, those of an issue's languages (`languages`: the issue's JSON list, or NULL for all). */
const ofLanguages = (db: Db) => `(CAST(? AS TEXT) IS NULL OR s.language IN (SELECT value FROM ${jsonValues(db)}))`;

export class NewsletterTable {
  constructor(private readonly db: Db) {}

  create(content: NewsletterContent, by: string, now: string): number {
    const row = this.db
      .prepare("INSERT INTO newsletter_issues (created_at, created_by, updated_at, content, status) VALUES (?, ?, ?, ?, 'draft') RETURNING id")
      .get(now, by, now, JSON.stringify(content)) as { id: number };
    return row.id;
  }

  /** Saves a draft's content; false when the issue is no longer a draft (someone sent it meanwhile). */
  update(id: number, content: NewsletterContent, now: string): boolean {
    return (
      this.db.prepare("UPDATE newsletter_issues SET content = ?, updated_at = ? WHERE id = ? AND status = 'draft'").run(JSON.stringify(content), now, id)
        .changes === 1
    );
  }

  get(id: number): NewsletterIssue | null {
    const row = this.db.prepare("SELECT * FROM newsletter_issues WHERE id = ?").get(id) as IssueRow | undefined;
    return row ? issueOf(row) : null;
  }

  /** Every issue, newest first. */
  list(): NewsletterIssue[] {
    return (this.db.prepare("SELECT * FROM newsletter_issues ORDER BY id DESC").all() as IssueRow[]).map(issueOf);
  }

  /** The issues being sent (normally one), oldest first. */
  sending(): NewsletterIssue[] {
    return (this.db.prepare("SELECT * FROM newsletter_issues WHERE status = 'sending' ORDER BY id").all() as IssueRow[]).map(issueOf);
  }

  /** Confirmed subscribers by their language. */
  subscribersByLanguage(): Record<string, number> {
    const rows = this.db.prepare(`SELECT language, count(*) AS n FROM newsletter_subscribers s WHERE ${subscribed} GROUP BY language`).all() as {
      language: string;
      n: number;
    }[];
    return Object.fromEntries(rows.map((row) => [row.language, row.n]));
  }

  /**
   * Starts sending a draft to the subscribers of `languages` (null: to every subscriber); false
   * when it is not a draft (sent twice at once: the second finds it sending).
   */
  startSending(id: number, by: string, now: string, languages: readonly Language[] | null): boolean {
    const list = languages === null ? null : JSON.stringify(languages);
    return this.db.transaction(() => {
      const recipients = (
        this.db.prepare(`SELECT count(*) AS n FROM newsletter_subscribers s WHERE ${subscribed} AND ${ofLanguages(this.db)}`).get(list, list) as { n: number }
      ).n;
      return (
        this.db
          .prepare(
            "UPDATE newsletter_issues SET status = 'sending', sent_by = ?, send_started_at = ?, recipients = ?, languages = ?, updated_at = ? WHERE id = ? AND status = 'draft'",
          )
          .run(by, now, recipients, list, now, id).changes === 1
      );
    })();
  }

  /** The next subscribers of the issue's languages it has not been queued to, in a stable order. */
  nextRecipients(issueId: number, limit: number): Recipient[] {
    return this.db
      .prepare(
        `SELECT s.id, s.email, s.language, s.unsubscribe_token AS unsubscribeToken FROM newsletter_subscribers s, newsletter_issues i
         WHERE i.id = ? AND ${subscribed} AND (i.languages IS NULL OR s.language IN (SELECT value FROM ${jsonValues(this.db, "i.languages")}))
           AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.issue_id = i.id AND d.subscriber_id = s.id)
         ORDER BY s.received_at, s.id LIMIT ?`,
      )
      .all(issueId, limit) as Recipient[];
  }

  /**
   * Queues the issue's e-mails to these recipients: each one's outbox row and delivery row in one
   * transaction, skipping anyone queued already (a second sender, a retried batch).
   */
  queue(issueId: number, mails: readonly { recipient: Recipient; language: string; mail: OutgoingMail }[], now: string): number {
    const taken = this.db.prepare("SELECT 1 FROM newsletter_deliveries WHERE issue_id = ? AND subscriber_id = ?");
    const still = this.db.prepare(`SELECT 1 FROM newsletter_subscribers s WHERE s.id = ? AND ${subscribed}`);
    const record = this.db.prepare("INSERT INTO newsletter_deliveries (issue_id, subscriber_id, outbox_id, language, queued_at) VALUES (?, ?, ?, ?, ?)");
    return this.db.transaction(() => {
      let queued = 0;
      for (const { recipient, language, mail } of mails) {
        // Unsubscribed or erased since the batch was read: not mailed.
        if (taken.get(issueId, recipient.id) || !still.get(recipient.id)) continue;
        const outboxId = enqueueMail(this.db, mail, { type: "newsletter-signups", id: recipient.id }, now);
        record.run(issueId, recipient.id, outboxId, language, now);
        queued += 1;
      }
      return queued;
    })();
  }

  /** Marks an issue sent once no subscriber is left to queue it to. */
  finish(id: number, now: string): void {
    this.db.prepare("UPDATE newsletter_issues SET status = 'sent', send_finished_at = ?, updated_at = ? WHERE id = ? AND status = 'sending'").run(now, now, id);
  }

  /** Newsletter e-mails of any issue still waiting in the outbox: the relay's pace, which the next batch waits for. */
  unsent(): number {
    return (
      this.db.prepare("SELECT count(*) AS n FROM outbox WHERE kind = ? AND sent_at IS NULL AND failed_at IS NULL").get(newsletterMailKind) as { n: number }
    ).n;
  }

  counts(issueId: number): IssueCounts {
    const row = this.db
      .prepare(
        `SELECT count(d.subscriber_id) AS queued,
           count(o.sent_at) AS sent,
           count(o.failed_at) AS failed,
           sum(CASE WHEN o.id IS NOT NULL AND o.sent_at IS NULL AND o.failed_at IS NULL THEN 1 ELSE 0 END) AS waiting,
           sum(CASE WHEN s.unsubscribed_at IS NOT NULL AND s.unsubscribed_at >= d.queued_at THEN 1 ELSE 0 END) AS unsubscribedAfter
         FROM newsletter_deliveries d
         LEFT JOIN outbox o ON o.id = d.outbox_id
         LEFT JOIN newsletter_subscribers s ON s.id = d.subscriber_id
         WHERE d.issue_id = ?`,
      )
      .get(issueId) as Record<keyof IssueCounts, number | null>;
    return { queued: row.queued ?? 0, sent: row.sent ?? 0, failed: row.failed ?? 0, waiting: row.waiting ?? 0, unsubscribedAfter: row.unsubscribedAfter ?? 0 };
  }

  /** Queues one e-mail that is no delivery (a test sent to a staff member), under the issue. */
  queueTest(issueId: number, mail: OutgoingMail, now: string): number {
    return enqueueMail(this.db, mail, { type: "newsletter-issues", id: String(issueId) }, now);
  }
}

/** A confirmed sign-up as the estate's daily digest lists it (server/bookings/signup-digest.ts). */
export interface DigestedSignup {
  email: string;
  language: string;
  confirmedAt: string;
}

/**
 * Takes the confirmed sign-ups, still subscribed, confirmed before `before` (UTC), that no digest
 * has listed yet, and marks them listed at `at`, in the caller's transaction (the one that queues
 * the digest): a second sweep or a restart finds none. In the order they were confirmed.
 */
export function takeSignupsToDigest(db: Db, before: string, at: string): DigestedSignup[] {
  const rows = db
    .prepare(
      `UPDATE newsletter_subscribers SET digested_at = ?
       WHERE confirmed_at IS NOT NULL AND confirmed_at < ? AND unsubscribed_at IS NULL AND digested_at IS NULL
       RETURNING email, language, confirmed_at AS confirmedAt`,
    )
    .all(at, before) as DigestedSignup[];
  return rows.sort((a, b) => a.confirmedAt.localeCompare(b.confirmedAt) || a.email.localeCompare(b.email));
}
