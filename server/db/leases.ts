/**
 * Leases: which instance does a periodic job now, when several share one PostgreSQL database (the
 * minute sweep of the bookings: holds that lapse, reminders, thank-you mails, refunds). The holder
 * renews its lease each time it does the job; another instance takes it only once it has run out
 * (an instance stopped with `kill -9` hands it on after `ttlMs`), or at once when the holder gave
 * it back at its shutdown. The write runs under the database's write lock (./postgres.ts), so two
 * instances never both find a lease free.
 */
import type { Db } from "./database";

/** Takes or renews the lease `name` for `holder` until `now + ttlMs`; true when `holder` has it now. */
export function holdLease(db: Db, name: string, holder: string, now: Date, ttlMs: number): boolean {
  const until = new Date(now.getTime() + ttlMs).toISOString();
  const row = db
    .prepare(
      `INSERT INTO leases (name, holder, until) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
       WHERE leases.holder = excluded.holder OR leases.until <= ?
       RETURNING holder`,
    )
    .get(name, holder, until, now.toISOString()) as { holder: string } | undefined;
  return row?.holder === holder;
}

/** Gives the lease back (at a shutdown), so another instance takes it at its next turn. */
export function releaseLease(db: Db, name: string, holder: string): void {
  db.prepare("DELETE FROM leases WHERE name = ? AND holder = ?").run(name, holder);
}
