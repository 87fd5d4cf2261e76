/**
 * An admin invites a colleague: a one-time link by e-mail, in the inviter's language, kept for
 * three days (server/db/invitations.ts); the colleague chooses a password on the link's page and
 * the account exists from then on. Both steps are in the audit log.
 */
import type { AdminLanguage } from "#locales/admin";
import { auditActions, recordAudit } from "../db/audit";
import {
  acceptInvitation,
  createInvitation,
  invitationLifetimeMs,
  invitationTokenPattern,
  openInvitation,
  pendingInvitations,
  type Invitation,
} from "../db/invitations";
import { enqueueMail } from "../db/outbox";
import type { StaffRole } from "../db/staff";
import { invitationMail } from "../mail/staff/invitation";
import type { StaffAccounts } from "./deps";

/** Invites `email` with `role`: the invitation, its e-mail and the audit entry in one transaction. */
export function inviteColleague(
  deps: StaffAccounts,
  invitation: { email: string; role: StaffRole; by: string; lang: AdminLanguage; secondFactor: boolean },
  now: Date,
): Promise<void> {
  const { email, role, by } = invitation;
  return deps.commits.run((tx) => {
    const token = createInvitation(tx, { email, role, by }, now);
    const mail = invitationMail(invitation.lang, {
      to: email,
      by,
      estate: deps.content.current.site.estateName,
      role,
      url: new URL(`/admin/invite/${token}`, deps.siteUrl).toString(),
      expiresAt: new Date(now.getTime() + invitationLifetimeMs).toISOString(),
      secondFactor: invitation.secondFactor,
    });
    enqueueMail(tx, mail, { type: "staff", id: email }, now.toISOString());
    recordAudit(tx, { actor: by, action: auditActions.staffInvited, detail: { email, role } }, now);
  });
}

/** The invitation a link opens (unused, unexpired, its address without an account yet), or null. */
export function openedInvitation(deps: StaffAccounts, token: string, now: Date): Invitation | null {
  return invitationTokenPattern.test(token) ? openInvitation(deps.db, token, now) : null;
}

/** The invitations still open, for the staff page. */
export function invitationsPending(deps: StaffAccounts, now: Date): Invitation[] {
  return pendingInvitations(deps.db, now);
}

/** The colleague chose a password: the account is made with the invitation's role (null if the link was used or expired meanwhile). */
export function joinByInvitation(deps: StaffAccounts, token: string, passwordHash: string, now: Date): Promise<Invitation | null> {
  return deps.commits.run((tx) => {
    const joined = acceptInvitation(tx, token, passwordHash, now);
    if (joined)
      recordAudit(
        tx,
        { actor: joined.email, action: auditActions.staffJoined, detail: { email: joined.email, role: joined.role, invitedBy: joined.invited_by } },
        now,
      );
    return joined;
  });
}
