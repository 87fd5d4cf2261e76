/**
 * The e-mail telling a colleague a submission is theirs, in the language they chose in the staff
 * area (until they choose one, the language of the page it was assigned from), with the link that
 * opens it after signing in. The visitor's name is the only text from outside: one line, at most
 * 60 characters.
 */
import { adminTranslator, type AdminLanguage } from "#locales/admin";
import type { OutgoingMail } from "#core/mail";
import { kindOfType, typeMessage, type InboxType } from "../../forms";
import { headerSafe, inboxLink } from "../compose";
import { staffNote } from "./password";

export function assignmentMail(
  lang: AdminLanguage,
  assignment: { to: string; by: string; type: InboxType; id: string; name: string; siteUrl: string },
): OutgoingMail {
  const { t } = adminTranslator(lang);
  const kind = kindOfType(assignment.type);
  const type = t(typeMessage(kind));
  const name = headerSafe(assignment.name, 60);
  return staffNote(assignment.to, assignment.by, t("assignMail.subject", { type, name }), [
    t("assignMail.intro", { by: assignment.by, type, name }),
    "",
    t("assignMail.open"),
    inboxLink(assignment.siteUrl, kind, assignment.id),
  ]);
}
