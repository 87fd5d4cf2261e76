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
  {
    version: 2,
    name: "staff inbox: accounts, sessions, sign-in attempts, inbox index and search, audit log, mail attachments",
    sql: `
      -- Staff accounts, made with \`npm run staff\`: no account exists until someone adds one.
      CREATE TABLE staff (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        email TEXT NOT NULL COLLATE NOCASE UNIQUE,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        password_changed_at TEXT NOT NULL,
        last_sign_in_at TEXT
      );

      -- Signed-in sessions. The cookie holds a random token; only its SHA-256 is kept here.
      CREATE TABLE staff_sessions (
        token_hash TEXT PRIMARY KEY,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
      CREATE INDEX staff_sessions_expires ON staff_sessions (expires_at);

      -- Failed sign-ins, counted per account (the SHA-256 of the address typed, which may be a
      -- mistyped password) and per client address; five in fifteen minutes lock that key.
      CREATE TABLE sign_in_failures (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        key TEXT NOT NULL
      );
      CREATE INDEX sign_in_failures_key ON sign_in_failures (key, at);
      CREATE TABLE sign_in_locks (
        key TEXT PRIMARY KEY,
        until TEXT NOT NULL
      );

      -- One row per submission of every form, newest first, with its status: the staff inbox.
      -- Filled by triggers, so storing a submission (server/db/submissions.ts) does not change.
      CREATE TABLE inbox (
        id INTEGER PRIMARY KEY,
        type TEXT NOT NULL,
        submission_id TEXT NOT NULL,
        received_at TEXT NOT NULL,
        language TEXT NOT NULL,
        page TEXT NOT NULL,
        name TEXT,
        email TEXT NOT NULL COLLATE NOCASE,
        status TEXT NOT NULL,
        status_changed_at TEXT,
        UNIQUE (type, submission_id)
      );
      CREATE INDEX inbox_received ON inbox (received_at, id);
      CREATE INDEX inbox_type_received ON inbox (type, received_at, id);
      CREATE INDEX inbox_status_received ON inbox (status, received_at, id);
      CREATE INDEX inbox_type_status_received ON inbox (type, status, received_at, id);
      CREATE INDEX inbox_email ON inbox (email);

      -- Full-text search over every field, in any script: trigrams find parts of words,
      -- of addresses and of Chinese or Japanese text alike.
      CREATE VIRTUAL TABLE inbox_search USING fts5 (text, tokenize = 'trigram remove_diacritics 1');

      CREATE TRIGGER tour_bookings_inbox AFTER INSERT ON tour_bookings BEGIN
        INSERT INTO inbox (type, submission_id, received_at, language, page, name, email, status)
          VALUES ('tour-bookings', NEW.id, NEW.received_at, NEW.language, NEW.page, NEW.name, NEW.email, 'new');
        INSERT INTO inbox_search (rowid, text)
          VALUES (last_insert_rowid(), concat_ws(' ', NEW.id, NEW.name, NEW.email, NEW.phone, NEW.date, NEW.package, NEW.message));
      END;
      CREATE TRIGGER contact_messages_inbox AFTER INSERT ON contact_messages BEGIN
        INSERT INTO inbox (type, submission_id, received_at, language, page, name, email, status)
          VALUES ('contact-messages', NEW.id, NEW.received_at, NEW.language, NEW.page, NEW.name, NEW.email, 'new');
        INSERT INTO inbox_search (rowid, text)
          VALUES (last_insert_rowid(), concat_ws(' ', NEW.id, NEW.name, NEW.email, NEW.phone, NEW.subject, NEW.message));
      END;
      CREATE TRIGGER importer_applications_inbox AFTER INSERT ON importer_applications BEGIN
        INSERT INTO inbox (type, submission_id, received_at, language, page, name, email, status)
          VALUES ('importer-applications', NEW.id, NEW.received_at, NEW.language, NEW.page, NEW.contact_name, NEW.email, 'new');
        INSERT INTO inbox_search (rowid, text)
          VALUES (last_insert_rowid(), concat_ws(' ', NEW.id, NEW.company_name, NEW.contact_name, NEW.email, NEW.phone, NEW.country,
            NEW.website, NEW.experience, NEW.market_size, NEW.message));
      END;
      CREATE TRIGGER newsletter_subscribers_inbox AFTER INSERT ON newsletter_subscribers BEGIN
        INSERT INTO inbox (type, submission_id, received_at, language, page, name, email, status)
          VALUES ('newsletter-signups', NEW.id, NEW.received_at, NEW.language, NEW.page, NULL, NEW.email,
            CASE WHEN NEW.unsubscribed_at IS NOT NULL THEN 'unsubscribed' WHEN NEW.confirmed_at IS NOT NULL THEN 'confirmed' ELSE 'pending' END);
        INSERT INTO inbox_search (rowid, text) VALUES (last_insert_rowid(), concat_ws(' ', NEW.id, NEW.email));
      END;
      -- A subscriber's state is the subscription's, not the staff's: it follows the row.
      CREATE TRIGGER newsletter_subscribers_inbox_state AFTER UPDATE ON newsletter_subscribers BEGIN
        UPDATE inbox SET language = NEW.language, page = NEW.page,
          status = CASE WHEN NEW.unsubscribed_at IS NOT NULL THEN 'unsubscribed' WHEN NEW.confirmed_at IS NOT NULL THEN 'confirmed' ELSE 'pending' END
          WHERE type = 'newsletter-signups' AND submission_id = NEW.id;
      END;
      CREATE TRIGGER tour_bookings_inbox_delete AFTER DELETE ON tour_bookings BEGIN
        DELETE FROM inbox_search WHERE rowid = (SELECT id FROM inbox WHERE type = 'tour-bookings' AND submission_id = OLD.id);
        DELETE FROM inbox WHERE type = 'tour-bookings' AND submission_id = OLD.id;
      END;
      CREATE TRIGGER contact_messages_inbox_delete AFTER DELETE ON contact_messages BEGIN
        DELETE FROM inbox_search WHERE rowid = (SELECT id FROM inbox WHERE type = 'contact-messages' AND submission_id = OLD.id);
        DELETE FROM inbox WHERE type = 'contact-messages' AND submission_id = OLD.id;
      END;
      CREATE TRIGGER importer_applications_inbox_delete AFTER DELETE ON importer_applications BEGIN
        DELETE FROM inbox_search WHERE rowid = (SELECT id FROM inbox WHERE type = 'importer-applications' AND submission_id = OLD.id);
        DELETE FROM inbox WHERE type = 'importer-applications' AND submission_id = OLD.id;
      END;
      CREATE TRIGGER newsletter_subscribers_inbox_delete AFTER DELETE ON newsletter_subscribers BEGIN
        DELETE FROM inbox_search WHERE rowid = (SELECT id FROM inbox WHERE type = 'newsletter-signups' AND submission_id = OLD.id);
        DELETE FROM inbox WHERE type = 'newsletter-signups' AND submission_id = OLD.id;
      END;

      -- What was stored before this migration enters the inbox too.
      INSERT INTO inbox (type, submission_id, received_at, language, page, name, email, status)
        SELECT 'tour-bookings', id, received_at, language, page, name, email, 'new' FROM tour_bookings ORDER BY received_at;
      INSERT INTO inbox_search (rowid, text)
        SELECT i.id, concat_ws(' ', t.id, t.name, t.email, t.phone, t.date, t.package, t.message)
        FROM tour_bookings t JOIN inbox i ON i.type = 'tour-bookings' AND i.submission_id = t.id;
      INSERT INTO inbox (type, submission_id, received_at, language, page, name, email, status)
        SELECT 'contact-messages', id, received_at, language, page, name, email, 'new' FROM contact_messages ORDER BY received_at;
      INSERT INTO inbox_search (rowid, text)
        SELECT i.id, concat_ws(' ', t.id, t.name, t.email, t.phone, t.subject, t.message)
        FROM contact_messages t JOIN inbox i ON i.type = 'contact-messages' AND i.submission_id = t.id;
      INSERT INTO inbox (type, submission_id, received_at, language, page, name, email, status)
        SELECT 'importer-applications', id, received_at, language, page, contact_name, email, 'new' FROM importer_applications ORDER BY received_at;
      INSERT INTO inbox_search (rowid, text)
        SELECT i.id, concat_ws(' ', t.id, t.company_name, t.contact_name, t.email, t.phone, t.country, t.website, t.experience, t.market_size, t.message)
        FROM importer_applications t JOIN inbox i ON i.type = 'importer-applications' AND i.submission_id = t.id;
      INSERT INTO inbox (type, submission_id, received_at, language, page, name, email, status)
        SELECT 'newsletter-signups', id, received_at, language, page, NULL, email,
          CASE WHEN unsubscribed_at IS NOT NULL THEN 'unsubscribed' WHEN confirmed_at IS NOT NULL THEN 'confirmed' ELSE 'pending' END
        FROM newsletter_subscribers ORDER BY received_at;
      INSERT INTO inbox_search (rowid, text)
        SELECT i.id, concat_ws(' ', t.id, t.email)
        FROM newsletter_subscribers t JOIN inbox i ON i.type = 'newsletter-signups' AND i.submission_id = t.id;

      -- Every staff action, with who did it and when (actor: the staff member's address, or
      -- "command line" for npm run staff). Kept when an account is removed.
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        target_type TEXT,
        target_id TEXT,
        detail TEXT
      );
      CREATE INDEX audit_log_target ON audit_log (target_type, target_id, id);

      -- Files sent with an e-mail (the calendar file of a confirmed tour): a JSON array of
      -- { filename, contentType, content }.
      ALTER TABLE outbox ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
    `,
  },
  {
    version: 3,
    name: "sign-in throttling: attempts reserved before the password is checked, by client and account",
    sql: `
      -- The lockout of migration 2 locked an account for everyone and was read before the
      -- password check: it goes. Every attempt is now a row, written before the check.
      DROP TABLE sign_in_locks;
      DROP TABLE sign_in_failures;

      -- One row per sign-in attempt that was let through to a check (refused ones are not
      -- written). kind: 'password' or 'second-factor'. pair: the client and the account typed
      -- together; client: the client's address (an IPv6 client by its /64); account: the
      -- SHA-256 of the account typed (it may be a password typed in the wrong box). A success
      -- deletes the pair's rows; rows older than a day are swept.
      CREATE TABLE sign_in_attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        pair TEXT NOT NULL,
        client TEXT NOT NULL,
        account TEXT NOT NULL
      );
      CREATE INDEX sign_in_attempts_pair ON sign_in_attempts (kind, pair, at);
      CREATE INDEX sign_in_attempts_client ON sign_in_attempts (kind, client, at);
      CREATE INDEX sign_in_attempts_account ON sign_in_attempts (kind, account, at);
      CREATE INDEX sign_in_attempts_at ON sign_in_attempts (at);
    `,
  },
  {
    version: 4,
    name: "staff roles, second factor (TOTP) and recovery codes, sign-in challenges",
    sql: `
      -- What an account may do. Accounts made before roles existed could do everything the inbox
      -- offers, so they become admin (who must then enrol a second factor at the next sign-in);
      -- npm run staff -- role <email> inbox gives one a narrower role.
      ALTER TABLE staff ADD COLUMN role TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor', 'inbox'));
      -- The second factor (RFC 6238): the shared secret once a code confirmed it, the newest time
      -- step accepted (a code is good once), and a secret being enrolled, shown until confirmed.
      ALTER TABLE staff ADD COLUMN totp_secret TEXT;
      ALTER TABLE staff ADD COLUMN totp_last_step INTEGER;
      ALTER TABLE staff ADD COLUMN totp_pending_secret TEXT;

      -- Ten single-use codes for a lost phone, kept only as their SHA-256 (each has 80 random bits).
      CREATE TABLE staff_recovery_codes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL UNIQUE,
        used_at TEXT
      );
      CREATE INDEX staff_recovery_codes_staff ON staff_recovery_codes (staff_id);

      -- A password that was right, waiting for the second factor: no session exists yet. The
      -- cookie holds a random token; only its SHA-256 is kept here.
      CREATE TABLE staff_challenges (
        token_hash TEXT PRIMARY KEY,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX staff_challenges_expires ON staff_challenges (expires_at);
    `,
  },
  {
    version: 5,
    name: "one Message-ID per outbox e-mail, kept across attempts",
    sql: `
      -- The left part of the e-mail's Message-ID (the sender adds @ and the From address's
      -- domain): the same on every attempt, so a receiver can drop a copy sent twice (a crash
      -- between the SMTP server's acceptance and the row's update sends it again). E-mails queued
      -- before this migration get one now.
      ALTER TABLE outbox ADD COLUMN message_id TEXT;
      UPDATE outbox SET message_id = lower(hex(randomblob(16))) WHERE message_id IS NULL;
      CREATE UNIQUE INDEX outbox_message_id ON outbox (message_id);
    `,
  },
  {
    version: 20,
    name: "inbox replies: each reply form sends once",
    sql: `
      -- One row per reply sent from a submission's page (server/db/replies.ts): the random key the
      -- form carried, so that a form sent twice (a double click, Back and resend, a retry after a
      -- restart) queues its e-mail once. No personal data: the text is in the outbox and the audit log.
      CREATE TABLE sent_replies (
        key TEXT PRIMARY KEY,
        submission_type TEXT NOT NULL,
        submission_id TEXT NOT NULL,
        outbox_id INTEGER NOT NULL,
        sent_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 21,
    name: "inbox: a submission assigned to a member of the staff",
    sql: `
      -- Who deals with a submission (server/db/assignment.ts); nobody when the account is removed.
      ALTER TABLE inbox ADD COLUMN assigned_to INTEGER REFERENCES staff (id) ON DELETE SET NULL;
    `,
  },
  {
    version: 22,
    name: "staff invitations: a one-time link that sets a new colleague's password",
    sql: `
      -- An admin's invitation (server/db/invitations.ts): only the SHA-256 of the link's 256-bit
      -- token is kept, so a copy of the database opens no invitation. used_at marks it spent.
      CREATE TABLE staff_invitations (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'inbox')),
        invited_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX staff_invitations_email ON staff_invitations (email);
    `,
  },
  {
    version: 30,
    name: "tour bookings: the estate's schedule, slots held by bookings, private links",
    sql: `
      -- The schedule's settings, one row (server/bookings/schedule.ts; defaults in docs/bookings.md).
      CREATE TABLE tour_schedule (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        time_zone TEXT NOT NULL DEFAULT 'Europe/Paris',
        capacity INTEGER NOT NULL DEFAULT 8 CHECK (capacity BETWEEN 1 AND 50),
        cutoff_hours INTEGER NOT NULL DEFAULT 24 CHECK (cutoff_hours >= 0),
        hold_hours INTEGER NOT NULL DEFAULT 48 CHECK (hold_hours >= 1),
        reminder_hours INTEGER NOT NULL DEFAULT 24 CHECK (reminder_hours >= 1),
        waitlist_hold_hours INTEGER NOT NULL DEFAULT 12 CHECK (waitlist_hold_hours >= 1),
        shared_guide INTEGER NOT NULL DEFAULT 0 CHECK (shared_guide IN (0, 1)),
        updated_at TEXT
      );
      INSERT INTO tour_schedule (id) VALUES (1);

      -- Weekly times per package, local to the estate (HH:MM), per ISO weekday (1 Monday … 7 Sunday).
      CREATE TABLE tour_weekly_times (
        package TEXT NOT NULL,
        weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
        time TEXT NOT NULL,
        PRIMARY KEY (package, weekday, time)
      );
      -- Daily, as the specification's "daily by appointment" says, at the defaults of docs/bookings.md.
      WITH RECURSIVE days (d) AS (SELECT 1 UNION ALL SELECT d + 1 FROM days WHERE d < 7),
        defaults (package, time) AS (VALUES ('hermitage', '10:00'), ('hermitage', '15:00'), ('mongiron', '11:30'), ('mongiron', '16:30'), ('both', '14:00'))
      INSERT INTO tour_weekly_times (package, weekday, time) SELECT package, d, time FROM defaults, days;

      -- Per package: a booking with places free is confirmed at once (1) or waits for the estate (0).
      CREATE TABLE tour_package_settings (
        package TEXT PRIMARY KEY,
        instant_confirm INTEGER NOT NULL DEFAULT 1 CHECK (instant_confirm IN (0, 1))
      );
      INSERT INTO tour_package_settings (package) VALUES ('hermitage'), ('mongiron'), ('both');

      -- Days without tours (harvest, holidays), both ends included.
      CREATE TABLE tour_closures (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        first_day TEXT NOT NULL,
        last_day TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        CHECK (first_day <= last_day)
      );

      -- A booking's slot: the estate's local day and time plus the zone, never an offset. Places
      -- are held while status is 'confirmed', or 'pending' until hold_until (UTC). manage_token is
      -- the visitor's private link; sequence counts the calendar file's changes (RFC 5545 SEQUENCE).
      CREATE TABLE tour_slot_bookings (
        booking_id TEXT PRIMARY KEY REFERENCES tour_bookings (id) ON DELETE CASCADE,
        package TEXT NOT NULL,
        slot_date TEXT NOT NULL,
        slot_time TEXT NOT NULL,
        time_zone TEXT NOT NULL,
        guests INTEGER NOT NULL CHECK (guests >= 1),
        status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'declined', 'cancelled', 'expired')),
        hold_until TEXT,
        manage_token TEXT NOT NULL UNIQUE,
        sequence INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        reminder_queued_at TEXT
      );
      CREATE INDEX tour_slot_bookings_slot ON tour_slot_bookings (slot_date, slot_time, status);
      CREATE INDEX tour_slot_bookings_pending ON tour_slot_bookings (hold_until) WHERE status = 'pending';
    `,
  },
  {
    version: 31,
    name: "tour bookings: the waitlist of a full slot",
    sql: `
      -- A visitor waiting for places in a full slot (server/bookings/waitlist.ts). booking_id is the
      -- request stored when they joined; it gets the slot if they take an offer. status: waiting,
      -- offered (the places are held for them until offered_until, UTC), taken, lapsed (the offer
      -- ran out), gone (the slot passed, or the request was answered otherwise). token: the offer's link.
      CREATE TABLE tour_waitlist (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        booking_id TEXT NOT NULL UNIQUE REFERENCES tour_bookings (id) ON DELETE CASCADE,
        package TEXT NOT NULL,
        slot_date TEXT NOT NULL,
        slot_time TEXT NOT NULL,
        guests INTEGER NOT NULL CHECK (guests >= 1),
        status TEXT NOT NULL CHECK (status IN ('waiting', 'offered', 'taken', 'lapsed', 'gone')),
        token TEXT NOT NULL UNIQUE,
        offered_until TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX tour_waitlist_slot ON tour_waitlist (slot_date, slot_time, status);
    `,
  },
  {
    version: 32,
    name: "tour bookings: a private calendar feed per member of the staff",
    sql: `
      -- The address of a staff member's feed of confirmed tours (server/bookings/staff-feed.ts): a
      -- random token, kept as given because the account page shows the address again; replacing it
      -- revokes the old address.
      CREATE TABLE staff_calendar_feeds (
        staff_id INTEGER PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
        token TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 40,
    name: "content editor: translations to review",
    sql: `
      -- A localized text of a content item whose English changed after this language was written
      -- (as PO's fuzzy flag): kept until an editor saves that language again or marks it checked.
      CREATE TABLE content_review (
        type TEXT NOT NULL,
        item TEXT NOT NULL,
        path TEXT NOT NULL,
        marked_at TEXT NOT NULL,
        PRIMARY KEY (type, item, path)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 41,
    name: "tour bookings: one ledger (capacity per package, one-off changes, horizon, staff bookings, check-in)",
    sql: `
      -- A capacity per package (server/bookings/schedule.ts), from the one the whole schedule had.
      ALTER TABLE tour_package_settings ADD COLUMN capacity INTEGER NOT NULL DEFAULT 8 CHECK (capacity BETWEEN 1 AND 50);
      UPDATE tour_package_settings SET capacity = (SELECT capacity FROM tour_schedule WHERE id = 1);
      ALTER TABLE tour_schedule DROP COLUMN capacity;
      -- How far ahead a slot can be booked, moved or offered, in months (an admin setting).
      ALTER TABLE tour_schedule ADD COLUMN horizon_months INTEGER NOT NULL DEFAULT 12 CHECK (horizon_months BETWEEN 1 AND 36);

      -- One-off changes of a single date: an extra time (with its own capacity, or the package's),
      -- a weekly time that does not run that day, or another capacity for one time that day.
      CREATE TABLE tour_date_changes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        day TEXT NOT NULL,
        package TEXT NOT NULL,
        time TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('extra', 'closed', 'capacity')),
        capacity INTEGER CHECK (capacity BETWEEN 1 AND 50),
        note TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        UNIQUE (day, package, time)
      );

      -- Who made a booking (a visitor on the site, or the staff for a phone or walk-in visitor),
      -- and the day's check-in: arrived or no-show, with when it was marked.
      ALTER TABLE tour_slot_bookings ADD COLUMN source TEXT NOT NULL DEFAULT 'visitor' CHECK (source IN ('visitor', 'staff'));
      ALTER TABLE tour_slot_bookings ADD COLUMN attendance TEXT CHECK (attendance IN ('arrived', 'no-show'));
      ALTER TABLE tour_slot_bookings ADD COLUMN attendance_at TEXT;
    `,
  },
  {
    version: 50,
    name: "backups: each run, its snapshot and its outcome",
    sql: `
      -- One backup of the data folder and the content's history (server/backup/): taken by the
      -- server's schedule or by \`npm run backup\`. A running row is the lock two backups share (its
      -- process, on its host, must still be alive); /healthz reads the newest good and failed ones.
      CREATE TABLE backup_runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        trigger TEXT NOT NULL CHECK (trigger IN ('schedule', 'command')),
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
        -- restic's snapshot id, the bytes backed up and the manifest's SHA-256, once done.
        snapshot TEXT,
        bytes INTEGER,
        manifest_sha256 TEXT,
        error TEXT,
        -- When this run also pruned the repository (at most once a day: it rewrites packs).
        pruned_at TEXT
      );
      CREATE INDEX backup_runs_status ON backup_runs (status, finished_at);
    `,
  },
  {
    version: 51,
    name: "content editor: publishes recorded, so a restart can say one was interrupted",
    sql: `
      -- A publish or preview asked for in the content editor (server/admin/content/publisher.ts).
      -- Rows left queued, building or switching by a server that stopped are marked interrupted at
      -- the next start, and the publish page offers to run them again.
      CREATE TABLE publish_jobs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('publish', 'preview')),
        requested_by TEXT NOT NULL,
        requested_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT,
        status TEXT NOT NULL CHECK (status IN ('queued', 'building', 'switching', 'done', 'failed', 'interrupted')),
        steps TEXT NOT NULL DEFAULT '[]',
        error TEXT
      );
    `,
  },
  {
    version: 60,
    name: "e-mails: an HTML part",
    sql: `
      -- The HTML part of an e-mail, beside its plain text (body): server/mail/layout.tsx writes both.
      -- NULL for e-mails queued before, sent as plain text.
      ALTER TABLE outbox ADD COLUMN html TEXT;
    `,
  },
  {
    version: 61,
    name: "staff accounts: the language of their e-mails",
    sql: `
      -- The language a member of the staff chose in the staff area (en or fr): the estate's e-mails
      -- are written in it (server/db/staff.ts mailLanguage). NULL until they choose one.
      ALTER TABLE staff ADD COLUMN language TEXT CHECK (language IN ('en', 'fr'));
    `,
  },
  {
    version: 70,
    name: "content editor: the moments a scheduled item goes on or off the site",
    sql: `
      -- A moment an item of the content is scheduled to go on or off the site (its publishAt or
      -- unpublishAt, server/admin/content/schedule.ts): the server publishes then, once. Kept here so
      -- that a moment passed while the server was stopped is published at the next start.
      CREATE TABLE content_schedule (
        run_at TEXT NOT NULL,
        type TEXT NOT NULL,
        item TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('publish', 'unpublish')),
        -- When the publish for it was asked for, and that publish's job (publish_jobs.id).
        started_at TEXT,
        job_id INTEGER,
        PRIMARY KEY (type, item, action, run_at)
      ) WITHOUT ROWID;
      CREATE INDEX content_schedule_due ON content_schedule (started_at, run_at);
    `,
  },
  {
    version: 71,
    name: "newsletter: the issues composed in the staff area, and each one's deliveries",
    sql: `
      -- An issue of the newsletter (server/admin/newsletter/): its text per language, picture,
      -- wines and tours (content, JSON), a draft until someone sends it.
      CREATE TABLE newsletter_issues (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        content TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('draft', 'sending', 'sent')),
        sent_by TEXT,
        send_started_at TEXT,
        send_finished_at TEXT,
        -- The confirmed subscribers when the sending started.
        recipients INTEGER
      );
      -- One row per subscriber an issue was queued for, written in the transaction that queues the
      -- e-mail: a sending resumed after a restart skips whoever has one, so no one gets it twice.
      CREATE TABLE newsletter_deliveries (
        issue_id INTEGER NOT NULL REFERENCES newsletter_issues (id),
        subscriber_id TEXT NOT NULL,
        outbox_id INTEGER NOT NULL,
        language TEXT NOT NULL,
        queued_at TEXT NOT NULL,
        PRIMARY KEY (issue_id, subscriber_id)
      ) WITHOUT ROWID;
      CREATE INDEX newsletter_deliveries_subscriber ON newsletter_deliveries (subscriber_id);
    `,
  },
  {
    version: 80,
    name: "tour experiences: rules per package, private tours, minimum groups, prices kept, the after-visit mail",
    sql: `
      -- Per package (server/bookings/schedule.ts \`rules\`): the smallest group a tour runs for, its
      -- own booking cut-off and horizon (NULL: the schedule's), and the share of the price paid
      -- online as a deposit when booking (0: none; 100: paid in full).
      CREATE TABLE tour_package_rules (
        package TEXT PRIMARY KEY,
        min_guests INTEGER NOT NULL DEFAULT 1 CHECK (min_guests BETWEEN 1 AND 50),
        cutoff_hours INTEGER CHECK (cutoff_hours BETWEEN 0 AND 720),
        horizon_months INTEGER CHECK (horizon_months BETWEEN 1 AND 36),
        deposit_percent INTEGER NOT NULL DEFAULT 0 CHECK (deposit_percent BETWEEN 0 AND 100)
      );
      -- A private booking closes its time to everyone else; waiting_for says what a pending booking
      -- waits for (the estate's answer, the deposit, or enough people for the tour to run);
      -- price_cents is the group's price when booked (after a voucher); thanks_queued_at marks the
      -- after-visit e-mail queued, once.
      ALTER TABLE tour_slot_bookings ADD COLUMN private INTEGER NOT NULL DEFAULT 0 CHECK (private IN (0, 1));
      ALTER TABLE tour_slot_bookings ADD COLUMN waiting_for TEXT CHECK (waiting_for IN ('estate', 'payment', 'minimum'));
      ALTER TABLE tour_slot_bookings ADD COLUMN price_cents INTEGER;
      ALTER TABLE tour_slot_bookings ADD COLUMN thanks_queued_at TEXT;
      -- The thank-you e-mail the day after a visit: on unless the estate turns it off.
      ALTER TABLE tour_schedule ADD COLUMN after_visit_mail INTEGER NOT NULL DEFAULT 1 CHECK (after_visit_mail IN (0, 1));
    `,
  },
  {
    version: 81,
    name: "tour guests: what the staff know of a person",
    sql: `
      -- One person the estate knows, matched on the address of their bookings and requests (lower
      -- case): the staff's notes and tags, and the country when the staff set it (else it is read
      -- from the phone). Visits and no-shows are counted from the bookings' check-in. Erased with
      -- the person (server/db/privacy.ts).
      CREATE TABLE tour_guests (
        email TEXT PRIMARY KEY,
        notes TEXT NOT NULL DEFAULT '',
        tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags)),
        country TEXT CHECK (country GLOB '[A-Z][A-Z]'),
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL
      ) WITHOUT ROWID;
      -- A person's bookings, found by their address whatever its case.
      CREATE INDEX tour_bookings_email ON tour_bookings (lower(email));
    `,
  },
  {
    version: 82,
    name: "tour vouchers: gift vouchers redeemed once",
    sql: `
      -- A gift voucher (server/bookings/vouchers.ts): a code worth an amount, or a package for a
      -- number of people, valid until a day (included); redeemed_by is the booking that used it,
      -- set once (a second booking finds it set, even at the same moment).
      CREATE TABLE tour_vouchers (
        code TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('value', 'package')),
        amount_cents INTEGER CHECK (amount_cents > 0),
        package TEXT,
        guests INTEGER CHECK (guests BETWEEN 1 AND 50),
        valid_until TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        created_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        redeemed_by TEXT UNIQUE,
        redeemed_at TEXT,
        CHECK ((kind = 'value' AND amount_cents IS NOT NULL) OR (kind = 'package' AND package IS NOT NULL AND guests IS NOT NULL))
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 83,
    name: "tour payments: deposits through the payment provider's checkout",
    sql: `
      -- A booking's deposit (server/bookings/payments.ts): the provider's checkout session, its
      -- address and when it ends, and what became of it: open, paid, expired, refund-due (a paid
      -- booking cancelled), refunded.
      CREATE TABLE tour_payments (
        booking_id TEXT PRIMARY KEY REFERENCES tour_bookings (id) ON DELETE CASCADE,
        amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
        currency TEXT NOT NULL DEFAULT 'eur',
        status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'expired', 'refund-due', 'refunded')),
        session_id TEXT UNIQUE,
        checkout_url TEXT,
        expires_at TEXT NOT NULL,
        payment_intent TEXT,
        refund_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) WITHOUT ROWID;
      -- Every provider event acted on, once: a replayed webhook finds its id here and changes nothing.
      CREATE TABLE payment_events (
        event_id TEXT PRIMARY KEY,
        type TEXT NOT NULL,
        received_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 90,
    name: "staff accounts: links to choose a new password, sent by an admin",
    sql: `
      -- A link an admin sends to a member of the staff who forgot their password
      -- (server/db/password-links.ts): 256 random bits of which only the SHA-256 is kept, working
      -- once (used_at) and until expires_at. It goes with its account.
      CREATE TABLE staff_password_links (
        token_hash TEXT PRIMARY KEY,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        sent_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX staff_password_links_staff ON staff_password_links (staff_id);
    `,
  },
  {
    version: 91,
    name: "backups: the repository's identity, why a run failed, and the admins told once",
    sql: `
      -- restic's id of the repository a run went to (\`restic cat config\`), checked before anything
      -- is written: a later backup to a missing or another repository fails instead of starting a
      -- new one (server/backup/run.ts). The newest run that succeeded or chose its repository
      -- (the first backup, or \`npm run backup -- --init\`) says which one the backups belong in.
      ALTER TABLE backup_runs ADD COLUMN repository_id TEXT;
      ALTER TABLE backup_runs ADD COLUMN repository_chosen INTEGER NOT NULL DEFAULT 0 CHECK (repository_chosen IN (0, 1));
      -- Why a run failed, as the staff area words it in their language: 'repository-gone',
      -- 'repository-replaced', 'password'; null for any other cause (its English text is in error).
      ALTER TABLE backup_runs ADD COLUMN problem TEXT;
      -- When the admins were mailed about this failure: once per run of failures after a good backup.
      ALTER TABLE backup_runs ADD COLUMN alerted_at TEXT;
    `,
  },
  {
    version: 95,
    name: "tours: addresses that want no thank-you e-mail after a visit",
    sql: `
      -- An address whose owner stopped the thank-you e-mails after a visit, through the link in one
      -- of them (server/bookings/thanks-stop.ts): marketing they may refuse at any time (CPCE
      -- L. 34-5, LSSI art. 21.2). The after-visit sweep sends them none; the e-mails about their
      -- bookings are not affected.
      CREATE TABLE tour_thanks_refusals (
        email TEXT PRIMARY KEY COLLATE NOCASE,
        refused_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 100,
    name: "content: what each publish takes, schedules that survive a stop; newsletter: the languages an issue goes to",
    sql: `
      -- The items a publish or preview takes from the drafts (server/admin/content/items.ts keys,
      -- JSON), and the moment a preview of later items is built for: a publish cut short is run
      -- again with the same items.
      ALTER TABLE publish_jobs ADD COLUMN items TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE publish_jobs ADD COLUMN as_of TEXT;
      -- A scheduled moment whose publish was cut short (a crash, a deploy) or failed: set back to
      -- waiting at the next start and published then (server/admin/content/schedule.ts); the staff
      -- pages say so until someone has seen it.
      ALTER TABLE content_schedule ADD COLUMN interrupted_at TEXT;
      ALTER TABLE content_schedule ADD COLUMN alert_closed_at TEXT;
      -- The subscribers' languages an issue is sent to (JSON; NULL for an issue sent before: to all).
      ALTER TABLE newsletter_issues ADD COLUMN languages TEXT;
    `,
  },
  {
    version: 101,
    name: "newsletter: the estate hears of confirmed sign-ups in one e-mail a day",
    sql: `
      -- When a confirmed sign-up was listed in the estate's daily digest (server/bookings/signup-digest.ts),
      -- written in the transaction that queues the digest: a second sweep or a restart lists it no more.
      -- A subscriber who leaves and signs up again is listed again (server/db/submissions.ts).
      ALTER TABLE newsletter_subscribers ADD COLUMN digested_at TEXT;
      -- The sign-ups confirmed before this version were each told to the estate by an e-mail of their own.
      UPDATE newsletter_subscribers SET digested_at = confirmed_at WHERE confirmed_at IS NOT NULL;
      -- What the minute's sweep looks for: the confirmed sign-ups not listed yet.
      CREATE INDEX newsletter_subscribers_undigested ON newsletter_subscribers (confirmed_at) WHERE digested_at IS NULL AND confirmed_at IS NOT NULL;
      `,
  },
  {
    version: 102,
    name: "money: every booking priced, vouchers that keep what is left, gift cards sold online, deposits asked again",
    sql: `
      -- The pricing's price of the group (before a voucher), beside price_cents (what the group
      -- pays after its voucher, or as an admin set it); price_note is the admin's reason when
      -- they set it (the audit log keeps every change).
      ALTER TABLE tour_slot_bookings ADD COLUMN list_price_cents INTEGER;
      ALTER TABLE tour_slot_bookings ADD COLUMN price_note TEXT;
      -- A value voucher keeps what is left (remaining_cents); a tour's voucher is used once
      -- (redeemed_by). A voucher may be voided (never deleted), and carries its gift card: who it
      -- is from and for, a message, the card's language and the private link of its printable page.
      ALTER TABLE tour_vouchers ADD COLUMN remaining_cents INTEGER CHECK (remaining_cents >= 0);
      UPDATE tour_vouchers SET remaining_cents = CASE WHEN redeemed_by IS NULL THEN amount_cents ELSE 0 END WHERE kind = 'value';
      ALTER TABLE tour_vouchers ADD COLUMN voided_at TEXT;
      ALTER TABLE tour_vouchers ADD COLUMN voided_by TEXT;
      ALTER TABLE tour_vouchers ADD COLUMN void_reason TEXT;
      ALTER TABLE tour_vouchers ADD COLUMN buyer_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE tour_vouchers ADD COLUMN buyer_email TEXT NOT NULL DEFAULT '';
      ALTER TABLE tour_vouchers ADD COLUMN recipient TEXT NOT NULL DEFAULT '';
      ALTER TABLE tour_vouchers ADD COLUMN message TEXT NOT NULL DEFAULT '';
      ALTER TABLE tour_vouchers ADD COLUMN language TEXT NOT NULL DEFAULT 'fr';
      ALTER TABLE tour_vouchers ADD COLUMN card_token TEXT;
      ALTER TABLE tour_vouchers ADD COLUMN order_id TEXT;
      CREATE UNIQUE INDEX tour_vouchers_card_token ON tour_vouchers (card_token);
      -- Each use of a voucher: by which booking, how much it took off, when; released_at when the
      -- booking ended and gave it back (a booking that comes back takes it again, or is refused).
      CREATE TABLE tour_voucher_redemptions (
        booking_id TEXT PRIMARY KEY,
        code TEXT NOT NULL REFERENCES tour_vouchers (code),
        amount_cents INTEGER CHECK (amount_cents >= 0),
        redeemed_at TEXT NOT NULL,
        released_at TEXT
      );
      CREATE INDEX tour_voucher_redemptions_code ON tour_voucher_redemptions (code);
      INSERT INTO tour_voucher_redemptions (booking_id, code, amount_cents, redeemed_at, released_at)
        SELECT redeemed_by, code, CASE WHEN kind = 'value' THEN amount_cents ELSE NULL END, redeemed_at, NULL FROM tour_vouchers WHERE redeemed_by IS NOT NULL;
      -- A voucher bought online: the order until its checkout is paid, then the voucher it made.
      CREATE TABLE voucher_orders (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('value', 'package')),
        amount_cents INTEGER CHECK (amount_cents > 0),
        package TEXT,
        guests INTEGER CHECK (guests BETWEEN 1 AND 50),
        price_cents INTEGER NOT NULL CHECK (price_cents > 0),
        currency TEXT NOT NULL DEFAULT 'eur',
        buyer_name TEXT NOT NULL,
        buyer_email TEXT NOT NULL,
        recipient TEXT NOT NULL DEFAULT '',
        message TEXT NOT NULL DEFAULT '',
        language TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'expired')),
        session_id TEXT UNIQUE,
        checkout_url TEXT,
        payment_intent TEXT,
        code TEXT REFERENCES tour_vouchers (code),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX voucher_orders_buyer ON voucher_orders (lower(buyer_email));
      -- A deposit asked again (after an undo of a refunded one): each attempt its own checkout and refund.
      ALTER TABLE tour_payments ADD COLUMN attempt INTEGER NOT NULL DEFAULT 1 CHECK (attempt >= 1);
    `,
  },
  {
    version: 103,
    name: "tours: the booking form's box that refuses the thank-you e-mail",
    sql: `
      -- 1 when the visitor ticked the tours form's box « I do not want the thank-you e-mail after my
      -- visit » (forms/tour-booking.ts noThanks); the booking also added their address to
      -- tour_thanks_refusals in its transaction. NULL: not ticked, or booked before the box.
      ALTER TABLE tour_bookings ADD COLUMN no_thanks INTEGER CHECK (no_thanks = 1);
    `,
  },
  {
    version: 104,
    name: "leases: the periodic work one instance does at a time",
    sql: `
      -- Who does a periodic job now (the minute sweep of the bookings): one instance at a time when
      -- several share a PostgreSQL database, until \`until\` unless it renews (server/db/leases.ts).
      CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        until TEXT NOT NULL
      );
    `,
  },
  {
    version: 105,
    name: "outbox: an e-mail claimed by one sender at a time",
    sql: `
      -- Until when a sender has taken the e-mail (server/db/outbox.ts, \`claim\`): another sender on the
      -- same database (a second instance on PostgreSQL) leaves it alone until then. Cleared when the
      -- attempt is recorded; a sender killed mid-send leaves it to run out.
      ALTER TABLE outbox ADD COLUMN claimed_until TEXT;
    `,
  },
  {
    version: 106,
    name: "rate limits: counted in the database when instances share it",
    sql: `
      -- The API's rate limits per limiter and client address, when instances share a PostgreSQL
      -- database (server/db/rate-limits.ts): a count and the start of its window (ms since 1970).
      -- SQLite's one server counts in memory; the table is here so both schemas stay twins.
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        window_start INTEGER NOT NULL
      );
    `,
  },
  {
    version: 107,
    name: "content editor: a publish's build and a preview's pages recorded, for every instance's publish page",
    sql: `
      -- What the publish page shows of a job and a preview's pages need, so that any instance on the
      -- same database and publish folder shows and serves what another built
      -- (server/admin/content/publisher.ts): the build's folder (its name in the publish folder,
      -- recorded before the build starts, so a clean-up elsewhere leaves it), the content's git tree
      -- it builds (once composed, before its checkout is made), a preview's changed pages and content
      -- files (JSON), and the preview a publish put online instead of building (publish_jobs.id).
      ALTER TABLE publish_jobs ADD COLUMN build_dir TEXT;
      ALTER TABLE publish_jobs ADD COLUMN content_tree TEXT;
      ALTER TABLE publish_jobs ADD COLUMN changed_pages TEXT;
      ALTER TABLE publish_jobs ADD COLUMN content_changes TEXT;
      ALTER TABLE publish_jobs ADD COLUMN from_preview INTEGER;
    `,
  },
  {
    version: 108,
    name: "outbox: e-mails to one address sent in order",
    sql: `
      -- The sender takes an e-mail only when no earlier one to its address is still unsent
      -- (server/db/outbox.ts, \`claimable\`): the unsent e-mails by address, in order.
      CREATE INDEX outbox_unsent_by_recipient ON outbox (recipient, id) WHERE sent_at IS NULL AND failed_at IS NULL;
    `,
  },
];
