/**
 * The staff area's stores as a plugin of the server (`staff-stores`): the accounts and what their
 * use-cases are handed (../staff/deps.ts), the sign-in throttle, and the tables the content
 * editor, its schedule, its publisher and the newsletter keep their state in, each bound to the
 * server's connection. The staff area depends on it by this name and holds no connection itself.
 * At start, the connection overwrites what it deletes (an erasure leaves nothing in the file), and
 * the audit log's older address digests are keyed.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { auditKey } from "../db/audit-key";
import { reviewTable } from "../db/content-review";
import { momentTable } from "../db/content-schedule";
import { JobTurn, serverHolder } from "../db/leases";
import { NewsletterTable } from "../db/newsletter";
import { hasLegacyDigests, keyLegacyDigests, overwriteDeletedRows } from "../db/privacy";
import { publishJobTable } from "../db/publish-jobs";
import { SignInThrottle } from "../db/sign-in-throttle";
import { StaffStore } from "../db/staff";
import type { StaffStores } from "../staff/deps";

declare module "fastify" {
  interface FastifyInstance {
    /** What the staff area is handed of the database (../staff/deps.ts). */
    staffStores: StaffStores;
  }
}

async function registerStaffStores(app: FastifyInstance, { config, processId }: { config: Config; processId?: number | undefined }): Promise<void> {
  const { db, commits, content } = app;
  overwriteDeletedRows(db);
  // The audit log named addresses by a bare SHA-256 before: keyed now, so no one can confirm an erasure by hashing an address.
  if (hasLegacyDigests(db)) {
    const changed = keyLegacyDigests(db, auditKey(config.DATA_DIR));
    app.log.info(`admin: ${changed} audit entries now name their address by a keyed digest`);
  }
  // This server's name in the leases: its own, so that two servers of one process (a test's two instances) take turns too.
  const holder = serverHolder(processId);
  app.decorate("staffStores", {
    accounts: { db, commits, staff: new StaffStore(db), content, siteUrl: config.SITE_URL },
    throttle: new SignInThrottle(db),
    contentReview: reviewTable(db),
    contentMoments: momentTable(db),
    publishJobs: publishJobTable(db),
    newsletter: new NewsletterTable(db),
    turn: (name, ttlMs) => new JobTurn(db, name, ttlMs, holder),
  });
}

export const staffStores = fp(registerStaffStores, { name: "staff-stores", fastify: "5.x", dependencies: ["content-store", "database"] });
