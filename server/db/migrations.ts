/**
 * The database's schema, as an ordered list of migrations. Each runs once, in its own transaction,
 * and is recorded in `schema_migrations`. Never edit a published migration: append a new one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "form submissions and outbox",
    sql: `
      CREATE TABLE tour_bookings (
        id TEXT PRIMARY KEY,
        received_at TEXT NOT NULL,
        language TEXT NOT NULL,
        page TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone TEXT,
        guests INTEGER,
        date TEXT,
        package TEXT NOT NULL,
        message TEXT
      );
      CREATE INDEX tour_bookings_received_at ON tour_bookings (received_at);

      CREATE TABLE contact_messages (
        id TEXT PRIMARY KEY,
        received_at TEXT NOT NULL,
        language TEXT NOT NULL,
        page TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone TEXT,
        subject TEXT,
        message TEXT NOT NULL
      );
      CREATE INDEX contact_messages_received_at ON contact_messages (received_at);

      CREATE TABLE importer_applications (
        id TEXT PRIMARY KEY,
        received_at TEXT NOT NULL,
        language TEXT NOT NULL,
        page TEXT NOT NULL,
        company_name TEXT NOT NULL,
        contact_name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone TEXT NOT NULL,
        country TEXT NOT NULL,
        website TEXT,
        experience TEXT NOT NULL,
        market_size TEXT,
        message TEXT
      );
      CREATE INDEX importer_applications_received_at ON importer_applications (received_at);

      -- One row per address (case-insensitive): a repeated sign-up updates it.
      CREATE TABLE newsletter_subscribers (
        id TEXT PRIMARY KEY,
        received_at TEXT NOT NULL,
        language TEXT NOT NULL,
        page TEXT NOT NULL,
        email TEXT NOT NULL COLLATE NOCASE UNIQUE,
        consented_at TEXT NOT NULL,
        confirmed_at TEXT,
        unsubscribed_at TEXT,
        confirm_token TEXT NOT NULL UNIQUE,
        unsubscribe_token TEXT NOT NULL UNIQUE,
        confirmation_sent_at TEXT
      );
      CREATE INDEX newsletter_subscribers_received_at ON newsletter_subscribers (received_at);

      -- E-mails waiting to be sent, written in the same transaction as the submission they belong to.
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL,
        kind TEXT NOT NULL,
        submission_type TEXT NOT NULL,
        submission_id TEXT NOT NULL,
        recipient TEXT NOT NULL,
        reply_to TEXT,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        headers TEXT NOT NULL DEFAULT '{}',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        last_error TEXT,
        sent_at TEXT,
        failed_at TEXT
      );
      CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
    `,
  },
];
