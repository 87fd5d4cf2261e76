/**
 * A colleague who forgot their password: an admin sends them a one-time link, in their language,
 * to choose a new one (server/db/password-links.ts). Until it is used their password and second
 * factor stay as they are; once used, the link is spent and the account's sessions end.
 */
import type { AdminLanguage } from "#locales/admin";
import { auditActions, recordAudit } from "../db/audit";
import { invitationTokenPattern } from "../db/invitations";
import { createPasswordLink, openPasswordLink, passwordLinkLifetimeMs, pendingPasswordLinks, usePasswordLink, type PasswordLink } from "../db/password-links";
import { enqueueMail } from "../db/outbox";
import type { StaffAccount } from "../db/staff";
import { accountLanguage, passwordLinkMail } from "../mail/staff/password";
import type { StaffAccounts } from "./deps";

/** Sends `account` a link to choose a new password: the link, its e-mail and the audit entry in one transaction. */
export function sendPasswordLink(deps: StaffAccounts, account: StaffAccount, sender: { by: string; lang: AdminLanguage }, now: Date): Promise<void> {
  const { by } = sender;
  return deps.commits.run((tx) => {
    const token = createPasswordLink(tx, { staffId: account.id, by }, now);
    const mail = passwordLinkMail(accountLanguage(account, sender.lang), {
      to: account.email,
      by,
      estate: deps.content.current.site.estateName,
      url: new URL(`/admin/password/${token}`, deps.siteUrl).toString(),
      expiresAt: new Date(now.getTime() + passwordLinkLifetimeMs).toISOString(),
    });
    enqueueMail(tx, mail, { type: "staff", id: account.email }, now.toISOString());
    recordAudit(tx, { actor: by, action: auditActions.staffPasswordLinkSent, detail: { email: account.email } }, now);
  });
}

/** The link a token opens (unused, unexpired, its account still there), or null. */
export function openedPasswordLink(deps: StaffAccounts, token: string, now: Date): PasswordLink | null {
  return openPasswordLink(deps.db, token, now);
}

/** The accounts with a link not yet used, and when it stops working, for the staff page. */
export function passwordLinksPending(deps: StaffAccounts, now: Date): Map<number, string> {
  return pendingPasswordLinks(deps.db, now);
}

/** The new password chosen on the link's page: the link spent, the account's sessions ended (null if it was used meanwhile, or the account removed). */
export function setPasswordByLink(deps: StaffAccounts, token: string, passwordHash: string, now: Date): Promise<PasswordLink | null> {
  if (!invitationTokenPattern.test(token)) return Promise.resolve(null);
  return deps.commits.run((tx) => {
    const spent = usePasswordLink(tx, deps.staff, token, passwordHash, now);
    if (spent) recordAudit(tx, { actor: spent.email, action: auditActions.staffPasswordLinkUsed, detail: { email: spent.email, sentBy: spent.sent_by } }, now);
    return spent;
  });
}
