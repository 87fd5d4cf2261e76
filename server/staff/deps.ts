/**
 * What every use-case of the staff's accounts is handed, made once by the staff-stores plugin
 * (server/plugins/staff-stores.ts): the connection for reads, the one way to write several rows
 * together (a function run as one transaction of the server's group commit), the accounts, the
 * estate's name and the site's address the mails name. A use-case takes these as its first
 * argument and keeps nothing between calls; the staff area (server/admin) holds them, never the
 * connection itself.
 */
import type { ContentStore } from "../content-store";
import type { Db } from "../db/database";
import type { ReviewTable } from "../db/content-review";
import type { MomentTable } from "../db/content-schedule";
import type { JobTurn } from "../db/leases";
import type { NewsletterTable } from "../db/newsletter";
import type { publishJobTable } from "../db/publish-jobs";
import type { SignInThrottle } from "../db/sign-in-throttle";
import type { StaffStore } from "../db/staff";

/** Writes: `work` runs as one transaction (a savepoint of the group commit) and resolves once on disk; what it throws rolls it back. */
interface Commits {
  run<T>(work: (tx: Db) => T): Promise<T>;
}

export interface StaffAccounts {
  /** The server's connection, for the read side (a write of several rows goes through `commits`). */
  db: Db;
  commits: Commits;
  /** The accounts, their sessions and second factors (server/db/staff.ts). */
  staff: StaffStore;
  /** The estate's name as the content says it now, and the site's address, for the mails' links. */
  content: ContentStore;
  siteUrl: string;
}

/**
 * Everything of the database the staff area is handed (`app.staffStores`, made by
 * server/plugins/staff-stores.ts): the accounts' use-cases' parts, the sign-in throttle, and the
 * tables its services keep their state in, each bound to the server's connection.
 */
export interface StaffStores {
  accounts: StaffAccounts;
  throttle: SignInThrottle;
  /** The content editor's translations to review. */
  contentReview: ReviewTable;
  /** The moments scheduled items go on or off the site. */
  contentMoments: MomentTable;
  /** The publisher's record of its jobs. */
  publishJobs: ReturnType<typeof publishJobTable>;
  /** The newsletter's issues and deliveries. */
  newsletter: NewsletterTable;
  /**
   * A periodic job's turn between instances on one PostgreSQL database (server/db/leases.ts),
   * its lease held `ttlMs` past each take; on SQLite always this server's.
   */
  turn(name: string, ttlMs: number): JobTurn;
}
