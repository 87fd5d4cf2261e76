import type { InboxType } from "../db/inbox";
import type { OutgoingMail } from "#core/mail";
import { headerSafe } from "../mail/compose";
import { typeName, type ViewContext } from "./view-context";

/**
 * The e-mail telling a colleague a submission is theirs, in the language of the staff member who
 * assigned it (the inbox keeps no language per account), with the link that opens it after
 * signing in. The visitor's name is the only text from outside: one line, at most 60 characters.
 */
export function assignmentMail(
  view: ViewContext,
  assignment: { to: string; by: string; type: InboxType; id: string; name: string; siteUrl: string },
): OutgoingMail {
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
