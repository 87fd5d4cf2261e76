import type { InboxType } from "../../db/inbox";
import type { OutgoingMail } from "#core/mail";
import { headerSafe } from "../../mail/compose";
import type { AdminLanguage } from "#locales/admin";
import { typeName, viewContext, type ViewContext } from "../shared/view-context";

/**
 * The e-mail telling a colleague a submission is theirs, in the language they chose in the staff
 * area (until they choose one, the language of the page it was assigned from: `view`), with the
 * link that opens it after signing in. The visitor's name is the only text from outside: one
 * line, at most 60 characters.
 */
export function assignmentMail(
  page: ViewContext,
  assignment: { to: string; language: AdminLanguage | null; by: string; type: InboxType; id: string; name: string; siteUrl: string },
): OutgoingMail {
  const view = assignment.language && assignment.language !== page.lang ? viewContext({ ...page, lang: assignment.language }) : page;
  const type = typeName(view, assignment.type);
  const name = headerSafe(assignment.name, 60);
  const link = new URL(`/admin/submissions/${assignment.type}/${encodeURIComponent(assignment.id)}`, assignment.siteUrl).toString();
  const lines = [view.t("assignMail.intro", { by: assignment.by, type, name }), "", view.t("assignMail.open"), link, ""];
  return {
    kind: "notification",
    to: assignment.to,
    replyTo: assignment.by,
    subject: headerSafe(view.t("assignMail.subject", { type, name })),
    text: lines.join("\n"),
    headers: {},
  };
}
