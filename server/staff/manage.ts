/**
 * An admin manages a colleague's account from the staff page: changes its role, resets its second
 * factor (they enrol again at their next sign-in), or removes it. Each change and its audit entry
 * are one transaction. The rules of who may do what (nobody removes themselves, the last admin
 * keeps the role) are checked by the staff page before it calls these.
 */
import { auditActions, recordAudit } from "../db/audit";
import type { StaffAccount, StaffRole } from "../db/staff";
import type { StaffAccounts } from "./deps";

/** Gives `account` the role `role` (nothing when it has it already); its sessions end. */
export function changeRole(deps: StaffAccounts, account: StaffAccount, role: StaffRole, by: string, now: Date): Promise<void> {
  if (role === account.role) return Promise.resolve();
  return deps.commits.run((tx) => {
    deps.staff.setRole(account.email, role);
    recordAudit(tx, { actor: by, action: auditActions.staffRoleChanged, detail: { email: account.email, from: account.role, to: role } }, now);
  });
}

/** Clears `account`'s second factor and recovery codes. */
export function resetSecondFactor(deps: StaffAccounts, account: StaffAccount, by: string, now: Date): Promise<void> {
  return deps.commits.run((tx) => {
    deps.staff.clearSecondFactor(account.id);
    recordAudit(tx, { actor: by, action: auditActions.staffSecondFactorReset, detail: { email: account.email } }, now);
  });
}

/** Removes `account`, its sessions and links. */
export function removeAccount(deps: StaffAccounts, account: StaffAccount, by: string, now: Date): Promise<void> {
  return deps.commits.run((tx) => {
    deps.staff.remove(account.email);
    recordAudit(tx, { actor: by, action: auditActions.staffRemoved, detail: { email: account.email } }, now);
  });
}
