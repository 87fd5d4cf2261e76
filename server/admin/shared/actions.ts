import { adminCatalog, type AdminMessageId } from "#locales/admin";
import { auditActions, commandLineActor, paymentProviderActor, visitorActor, type AuditEntry } from "../../db/audit";
import { isInboxType, type InboxStatus } from "../../forms";
import { formatClock, formatShortDay, statusName, typeName, type ViewContext } from "./view-context";

const names: Record<string, AdminMessageId> = Object.fromEntries(
  Object.entries(auditActions).map(([key, action]) => [action, `action.${key}` as AdminMessageId]),
);

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A slot the log keeps as `YYYY-MM-DD HH:MM`, as the staff read it: « sam. 5 déc. 10 h ». */
function slotText(view: ViewContext, value: unknown): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(text(value));
  return match ? `${formatShortDay(view, match[1]!)} ${formatClock(view, match[2]!)}` : text(value);
}

/** One audit entry in words, with its details when they are still kept. */
export function describeAction(view: ViewContext, entry: AuditEntry): string {
  const id = names[entry.action];
  const name = id ? view.t(id) : entry.action;
  const detail = entry.detail ? (JSON.parse(entry.detail) as Record<string, unknown>) : null;
  if (!detail) return name;
  switch (entry.action) {
    case auditActions.bookingConfirmed:
      return view.t("history.bookingConfirmed", { when: slotText(view, detail.local) });
    case auditActions.bookingDeclined:
      return view.t("history.bookingDeclined", { reason: text(detail.reason) });
    case auditActions.statusChanged:
      return view.t("history.statusChanged", { status: statusName(view, detail.status as InboxStatus) });
    case auditActions.exported:
      return view.t("history.exported", {
        type: isInboxType(detail.type) ? typeName(view, detail.type) : text(detail.type),
        format: text(detail.format).toUpperCase(),
      });
    case auditActions.replySent:
      return view.t("history.replySent", { subject: text(detail.subject) });
    case auditActions.slotMoved:
    case auditActions.slotMovedByVisitor:
      return view.t(text(detail.reason).startsWith("schedule-") ? "history.slotMovedBySchedule" : "history.slotMoved", {
        from: slotText(view, detail.from),
        to: slotText(view, detail.to),
      });
    case auditActions.slotCancelled:
      return text(detail.reason).startsWith("schedule-") ? view.t("history.slotCancelledBySchedule", { slot: slotText(view, detail.slot) }) : name;
    case auditActions.slotKept:
      return view.t("history.slotKept", { slot: slotText(view, detail.slot) });
    case auditActions.bookingCreatedByStaff:
      return view.t("history.bookingCreatedByStaff", { slot: slotText(view, detail.slot) });
    case auditActions.slotOverbooked:
      return view.t("history.slotOverbooked", { slot: slotText(view, detail.slot), reason: text(detail.reason) });
    case auditActions.assigned:
      return typeof detail.to === "string" ? view.t("history.assigned", { email: detail.to }) : view.t("history.unassigned");
    case auditActions.privacyErase:
      return view.t("history.erased", { submissions: Number(detail.submissions) || 0, mails: Number(detail.mails) || 0 });
    default:
      return name;
  }
}

const isMessage = (view: Pick<ViewContext, "lang">, id: string): id is AdminMessageId => adminCatalog(view.lang)[id] !== undefined;

/** Who did it, as the staff read it: a member's address, or the visitor, the payment provider, the command line in words. */
export function actorName(view: ViewContext, actor: string): string {
  if (actor === visitorActor) return view.t("history.byVisitor");
  if (actor === paymentProviderActor) return view.t("audit.actor.paymentProvider");
  if (actor === commandLineActor) return view.t("audit.actor.commandLine");
  return actor;
}

/**
 * What an entry concerns, in words, when it is not a submission of the inbox (those link to their
 * page): the tours' schedule, a gift voucher, a staff account, a newsletter issue, a content item.
 */
export function targetText(view: ViewContext, type: string, id: string): string {
  if (type === "schedule") return view.t("audit.target.schedule");
  if (type === "voucher") return view.t("audit.target.voucher", { code: id });
  if (type === "staff") return view.t("audit.target.staff", { email: id });
  if (type === "newsletter") return view.t("audit.target.newsletter", { number: id });
  // A content item's kind, as the content list names it (`content.type.news`…).
  const kind = type.startsWith("content:") ? `content.type.${type.slice("content:".length)}` : null;
  if (kind && isMessage(view, kind)) return view.t("audit.target.content", { type: view.t(kind), id });
  return `${type} ${id}`;
}

/** The text an entry keeps to show under it (a reply as sent, an internal note), or null. */
export function historyText(entry: AuditEntry): string | null {
  if ((entry.action !== auditActions.replySent && entry.action !== auditActions.noteAdded) || !entry.detail) return null;
  const detail = JSON.parse(entry.detail) as Record<string, unknown>;
  return typeof detail.text === "string" && detail.text !== "" ? detail.text : null;
}
