/**
 * The e-mails about a staff account's password, to the account's own address and in its language
 * (the one chosen in the staff area; until one is, the page's it was done from): the link an
 * admin sends to choose a new password, and the word that the password was changed, so that
 * someone whose password was changed without their knowing is told.
 */
import { adminTranslator, type AdminLanguage } from "#locales/admin";
import type { OutgoingMail } from "#core/mail";
import { headerSafe } from "../compose";
import { outgoingMail } from "../outgoing";
import { staffMoment } from "../staff-clock";

/** The language of an account's own e-mails: its choice, else `fallback`. */
export const accountLanguage = (account: { language: AdminLanguage | null }, fallback: AdminLanguage): AdminLanguage => account.language ?? fallback;

/** A plain-text e-mail of the staff area, its lines as written. */
export const staffNote = (to: string, replyTo: string | null, subject: string, lines: string[]): OutgoingMail =>
  outgoingMail({ kind: "notification", to, replyTo, subject: headerSafe(subject), text: [...lines, ""].join("\n"), headers: {} });

/** The link to choose a new password, from the admin who sent it (the reply goes to them). */
export function passwordLinkMail(lang: AdminLanguage, link: { to: string; by: string; estate: string; url: string; expiresAt: string }): OutgoingMail {
  const { t } = adminTranslator(lang);
  return staffNote(link.to, link.by, t("passwordLinkMail.subject", { estate: link.estate }), [
    t("passwordLinkMail.intro", { by: link.by, email: link.to, estate: link.estate }),
    "",
    t("passwordLinkMail.link", { until: staffMoment(link.expiresAt, lang) }),
    link.url,
    "",
    t("passwordLinkMail.secondFactor"),
    "",
    t("passwordLinkMail.ignore"),
  ]);
}

/** The word that an account's password was changed, and when; what to do if it was not its owner. */
export function passwordChangedMail(lang: AdminLanguage, change: { to: string; estate: string; at: string }): OutgoingMail {
  const { t } = adminTranslator(lang);
  return staffNote(change.to, null, t("passwordChangedMail.subject", { estate: change.estate }), [
    t("passwordChangedMail.intro", { email: change.to, estate: change.estate, when: staffMoment(change.at, lang) }),
    "",
    t("passwordChangedMail.notYou"),
  ]);
}
