/**
 * A member's private calendar feed of confirmed tours (server/db/staff-feeds.ts keeps its token,
 * server/bookings/staff-feed.ts writes the feed): its address, made on first use; the account a
 * token opens; a new address that revokes the old one, in the audit log.
 */
import { auditActions, recordAudit } from "../db/audit";
import { feedOwner, feedToken, renewFeed } from "../db/staff-feeds";
import type { StaffAccounts } from "./deps";

/** The member's feed token (made now if they had none). */
export function feedTokenOf(deps: StaffAccounts, staffId: number, now: Date): string {
  return feedToken(deps.db, staffId, now);
}

/** The account whose feed a token is, or null. */
export function feedOwnerOf(deps: StaffAccounts, token: string): number | null {
  return feedOwner(deps.db, token);
}

/** Revokes the member's feed address and makes a new one. */
export function renewCalendarFeed(deps: StaffAccounts, member: { staffId: number; email: string }, now: Date): Promise<void> {
  return deps.commits.run((tx) => {
    renewFeed(tx, member.staffId, now);
    recordAudit(tx, { actor: member.email, action: auditActions.feedRenewed }, now);
  });
}
