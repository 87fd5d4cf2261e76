/**
 * Leases: which instance does a periodic job now, when several share one PostgreSQL database (the
 * minute sweep of the bookings: holds that lapse, reminders, thank-you mails, refunds, the daily
 * digest of sign-ups; the scheduled backups; the scheduled publishes; a newsletter's sending). The holder
 * renews its lease each time it does the job; another instance takes it only once it has run out
 * (an instance stopped with `kill -9` hands it on after `ttlMs`), or at once when the holder gave
 * it back at its shutdown. The write runs under the database's write lock (./postgres.ts), so two
 * instances never both find a lease free.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { isPostgres, type Db } from "./database";

/**
 * Takes or renews the lease `name` for `holder` until `now + ttlMs`; true when `holder` has it now.
 * A lease is taken from another holder once it ran out, or at once when its holder is a process of
 * this machine that has ended (`holderAlive`): a server restarted after a kill -9 goes on with its
 * periodic jobs and publishes at its start, as on SQLite, instead of waiting out its own old leases.
 */
export function holdLease(db: Db, name: string, holder: string, now: Date, ttlMs: number): boolean {
  const until = new Date(now.getTime() + ttlMs).toISOString();
  return db
    .transaction(() => {
      const current = db.prepare("SELECT holder, until FROM leases WHERE name = ?").get(name) as { holder: string; until: string } | undefined;
      if (current && current.holder !== holder && current.until > now.toISOString() && holderAlive(current.holder)) return false;
      db.prepare(
        "INSERT INTO leases (name, holder, until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until",
      ).run(name, holder, until);
      return true;
    })
    .immediate();
}

/** Gives the lease back (at a shutdown), so another instance takes it at its next turn. */
export function releaseLease(db: Db, name: string, holder: string): void {
  db.prepare("DELETE FROM leases WHERE name = ? AND holder = ?").run(name, holder);
}

/** This process, as a lease's holder: its machine, its process id and a random part (a pid is reused after a restart). */
const thisInstance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Whether the server that holds a lease may still run: one of this machine is alive while its
 * process is (a restart after a crash finds its own leases dead at once); one of another machine
 * is taken as alive, its lease running out when it stops renewing it.
 */
export function holderAlive(holder: string): boolean {
  const [host, pid] = holder.split(":");
  if (host !== hostname()) return true;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One server of this process, as a lease's holder (tests run two servers in one process, as two
 * instances, and name another process for one they play killed).
 */
export const serverHolder = (processId = process.pid): string => `${hostname()}:${processId}:${randomUUID().slice(0, 8)}`;

/**
 * A periodic job's turn between the instances that share a database: `take()` says whether this
 * instance does the job now. On PostgreSQL it takes or renews the lease `name` (false while another
 * instance holds it); on SQLite, whose file has one server, it is always this instance's turn and
 * nothing is written. `giveBack()` when the job has nothing left to do, or at a shutdown, so that
 * another instance takes it at once rather than after `ttlMs`, which must be longer than the time
 * between two of the holder's `take()`s.
 */
export class JobTurn {
  constructor(
    private readonly db: Db,
    readonly name: string,
    private readonly ttlMs: number,
    private readonly holder: string = thisInstance,
    private readonly now: () => Date = () => new Date(),
  ) {}

  take(): boolean {
    return !isPostgres(this.db) || holdLease(this.db, this.name, this.holder, this.now(), this.ttlMs);
  }

  giveBack(): void {
    if (isPostgres(this.db) && this.db.open) releaseLease(this.db, this.name, this.holder);
  }
}
