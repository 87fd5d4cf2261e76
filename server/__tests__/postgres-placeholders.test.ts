/**
 * The SQL is written once, with SQLite's placeholders; server/db/postgres.ts rewrites each
 * statement for PostgreSQL. What it must rewrite, and what it must leave as written.
 */
import { describe, expect, it } from "vitest";
import { convertPlaceholders } from "../db/postgres";

describe("the PostgreSQL adapter's rewriting of a statement", () => {
  it("numbers the `?` placeholders in order", () => {
    const { text, sources } = convertPlaceholders("SELECT * FROM outbox WHERE id > ? AND next_attempt_at <= ? LIMIT ?");
    expect(text).toBe("SELECT * FROM outbox WHERE id > $1 AND next_attempt_at <= $2 LIMIT $3");
    expect(sources).toEqual([0, 1, 2]);
  });

  it("makes a name used twice one parameter", () => {
    const { text, sources } = convertPlaceholders("SELECT 1 WHERE slot_date BETWEEN @from AND @to AND (hold_until IS NULL OR hold_until > @now OR @now = '')");
    expect(text).toBe("SELECT 1 WHERE slot_date BETWEEN $1 AND $2 AND (hold_until IS NULL OR hold_until > $3 OR $3 = '')");
    expect(sources).toEqual(["from", "to", "now"]);
  });

  it("leaves question marks and names inside literals, quoted names and comments, and PostgreSQL's casts", () => {
    const sql = `SELECT 'why? @x' AS "a?", detail::json -- who? @y\n FROM t /* ? */ WHERE x = ?`;
    const { text, sources } = convertPlaceholders(sql);
    expect(text).toBe(`SELECT 'why? @x' AS "a?", detail::json -- who? @y\n FROM t /* ? */ WHERE x = $1`);
    expect(sources).toEqual([0]);
  });

  it("quotes a camelCase alias, which PostgreSQL would fold to lower case, and no other", () => {
    const { text } = convertPlaceholders("SELECT count(*) AS noShows, max(at) as lastSeen, email AS email, 1 AS ID, x AS has_Case FROM t");
    expect(text).toBe('SELECT count(*) AS "noShows", max(at) as "lastSeen", email AS email, 1 AS ID, x AS "has_Case" FROM t');
  });

  it("tells a write from a read, so that only writes take the write lock", () => {
    expect(convertPlaceholders("SELECT * FROM outbox").write).toBe(false);
    expect(convertPlaceholders("WITH x AS (SELECT 1) SELECT * FROM x").write).toBe(false);
    expect(convertPlaceholders("SELECT id FROM outbox FOR UPDATE SKIP LOCKED").write).toBe(true);
    expect(convertPlaceholders("UPDATE outbox SET sent_at = ?").write).toBe(true);
    expect(convertPlaceholders("WITH gone AS (DELETE FROM t RETURNING id) SELECT count(*) FROM gone").write).toBe(true);
    expect(convertPlaceholders("SELECT 'UPDATE' AS word").write).toBe(false);
  });
});
