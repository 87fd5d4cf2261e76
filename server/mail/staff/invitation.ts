/**
 * The invitation to join the staff area, from the admin who sent it (the reply goes to them), in
 * the admin's language: who invites, for which role, the link to choose a password and until when
 * it works, and for a role that opens visitors' data, that a second factor follows.
 */
import { adminTranslator, type AdminLanguage } from "#locales/admin";
import type { OutgoingMail } from "#core/mail";
import { staffMoment } from "../staff-clock";
import { staffNote } from "./password";

export function invitationMail(
  lang: AdminLanguage,
  invitation: { to: string; by: string; estate: string; role: "admin" | "editor" | "inbox"; url: string; expiresAt: string; secondFactor: boolean },
): OutgoingMail {
  const { t } = adminTranslator(lang);
  const role = t(`roles.${invitation.role}`);
  return staffNote(invitation.to, invitation.by, t("inviteMail.subject", { estate: invitation.estate }), [
    t("inviteMail.intro", { by: invitation.by, estate: invitation.estate, role }),
    "",
    t("inviteMail.link", { until: staffMoment(invitation.expiresAt, lang) }),
    invitation.url,
    ...(invitation.secondFactor ? [t("inviteMail.secondFactor"), ""] : []),
  ]);
}
