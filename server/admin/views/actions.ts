import type { AdminMessageId } from "#locales/admin";
import { auditActions, type AuditEntry } from "../../db/audit";
import { isInboxType, type InboxStatus } from "../../db/inbox";
import { statusName, typeName, type ViewContext } from "../view-context";


const names: Record<string, AdminMessageId> = Object.fromEntries(Object.entries(auditActions).map(([key, action]) => [action, `action.${key}` as AdminMessageId]));

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** One audit entry in words, with its details when they are still kept. */
export function describeAction(view: ViewContext, entry: AuditEntry): string {
  const id = names[entry.action];
  const name = id ? view.t(id) : entry.action;
  const detail = entry.detail ? (JSON.parse(entry.detail) as Record<string, unknown>) : null;
  if (!detail) return name;
  switch (entry.action) {
    case auditActions.bookingConfirmed:
      return view.t("history.bookingConfirmed", { when: text(detail.local) });
    case auditActions.bookingDeclined:
      return view.t("history.bookingDeclined", { reason: text(detail.reason) });
    case auditActions.statusChanged:
      return view.t("history.statusChanged", { status: statusName(view, detail.status as InboxStatus) });
    case auditActions.exported:
      return view.t("history.exported", { type: isInboxType(detail.type) ? typeName(view, detail.type) : text(detail.type), format: text(detail.format).toUpperCase() });
    case auditActions.replySent:
      return view.t("history.replySent", { subject: text(detail.subject) });
    case auditActions.assigned:
      return typeof detail.to === "string" ? view.t("history.assigned", { email: detail.to }) : view.t("history.unassigned");
    case auditActions.privacyErase:
      return view.t("history.erased", { submissions: Number(detail.submissions) || 0, mails: Number(detail.mails) || 0 });
    default:
      return name;
  }
}

/** The text an entry keeps to show under it (a reply as sent, an internal note), or null. */
export function historyText(entry: AuditEntry): string | null {
  if ((entry.action !== auditActions.replySent && entry.action !== auditActions.noteAdded) || !entry.detail) return null;
  const detail = JSON.parse(entry.detail) as Record<string, unknown>;
  return typeof detail.text === "string" && detail.text !== "" ? detail.text : null;
}
