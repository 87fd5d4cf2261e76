/** What the staff area's menu counts on every page: the submissions waiting for an answer, by type (server/db/inbox.ts). */
import type { InboxType } from "../forms";
import { todoCounts } from "../db/inbox";
import type { StaffAccounts } from "./deps";

export function waitingCounts(deps: StaffAccounts): Record<InboxType, number> {
  return todoCounts(deps.db);
}
