/**
 * The audit log as the staff area writes and reads it (server/db/audit.ts): an action of a member
 * that is not part of a use-case's own transaction (a sign-in, a sign-out, a content save, a
 * newsletter's test), and the log's pages, newest first.
 */
import { auditPage, recordAudit, type AuditEntry, type AuditRecord } from "../db/audit";
import type { StaffAccounts } from "./deps";

/** Records one action now (one row: no transaction needed). */
export function recordStaffAction(deps: StaffAccounts, entry: AuditRecord, now: Date): void {
  recordAudit(deps.db, entry, now);
}

/** One page of the whole log, newest first, and the number of entries. */
export function auditLogPage(deps: StaffAccounts, page: number, perPage: number): { entries: AuditEntry[]; total: number } {
  return auditPage(deps.db, page, perPage);
}
