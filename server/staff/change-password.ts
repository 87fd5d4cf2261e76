/**
 * A member changes their own password from the account page (the current one checked by the
 * page): the new hash stored, their other sessions ended (the one in use kept), a note of the
 * change mailed to them in their language, and the audit entry, in one transaction.
 */
import type { AdminLanguage } from "#locales/admin";
import { auditActions, recordAudit } from "../db/audit";
import { enqueueMail } from "../db/outbox";
import type { StaffAccount } from "../db/staff";
import { accountLanguage, passwordChangedMail } from "../mail/staff/password";
import type { StaffAccounts } from "./deps";

/** False when the account was removed meanwhile (its session went with it). */
export function changeOwnPassword(
  deps: StaffAccounts,
  account: StaffAccount,
  change: { passwordHash: string; keepSession: string | null; lang: AdminLanguage },
  now: Date,
): Promise<boolean> {
  return deps.commits.run((tx) => {
    if (!deps.staff.changePassword(account.id, change.passwordHash, now, change.keepSession)) return false;
    recordAudit(tx, { actor: account.email, action: auditActions.staffPasswordChanged, detail: { email: account.email } }, now);
    const estate = deps.content.current.site.estateName;
    const mail = passwordChangedMail(accountLanguage(account, change.lang), { to: account.email, estate, at: now.toISOString() });
    enqueueMail(tx, mail, { type: "staff", id: account.email }, now.toISOString());
    return true;
  });
}
