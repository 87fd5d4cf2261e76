import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "../db/database";
import { listInbox } from "../db/inbox";
import { migrations } from "../db/migrations";

describe("migration 2 (the staff inbox)", () => {
  it("brings what was stored before it into the inbox and its search, and keeps both in step afterwards", () => {
    const db = new Database(":memory:");
    migrate(db, migrations.slice(0, 1));
    db.prepare(
      `INSERT INTO contact_messages (id, received_at, language, page, name, email, phone, subject, message)
       VALUES ('00000000-0000-4000-8000-000000000001', '2026-01-02T10:00:00.000Z', 'ja', '/ja/contact', '佐藤', 'sato@example.jp', NULL, '予約', 'ワイナリーを訪ねたい')`,
    ).run();
    db.prepare(
      `INSERT INTO newsletter_subscribers (id, received_at, language, page, email, consented_at, confirmed_at, confirm_token, unsubscribe_token)
       VALUES ('00000000-0000-4000-8000-000000000002', '2026-01-01T10:00:00.000Z', 'en', '/', 'reader@example.com', '2026-01-01T10:00:00.000Z', '2026-01-01T11:00:00.000Z', 'c', 'u')`,
    ).run();
    migrate(db, migrations);
    const all = listInbox(db, { page: 1, perPage: 10 });
    expect(all.rows.map((row) => [row.type, row.name, row.email, row.status])).toEqual([
      ["contact-messages", "佐藤", "sato@example.jp", "new"],
      ["newsletter-signups", null, "reader@example.com", "confirmed"],
    ]);
    expect(listInbox(db, { search: "ワイナリー", page: 1, perPage: 10 }).total).toBe(1);
    // A subscriber who leaves is shown as such; a deleted submission leaves the inbox and its search.
    db.prepare("UPDATE newsletter_subscribers SET unsubscribed_at = '2026-02-01T00:00:00.000Z'").run();
    expect(listInbox(db, { status: "unsubscribed", page: 1, perPage: 10 }).total).toBe(1);
    db.prepare("DELETE FROM contact_messages").run();
    expect(listInbox(db, { page: 1, perPage: 10 }).total).toBe(1);
    expect(db.prepare("SELECT count(*) AS n FROM inbox_search").get()).toEqual({ n: 1 });
    db.close();
  });
});
