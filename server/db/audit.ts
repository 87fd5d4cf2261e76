/**
 * The audit log: every action of the staff (and of `npm run staff`), with who and when. A
 * submission's history is its entries; privacy actions name the address only by its SHA-256, so
 * that the log keeps no trace of an erased address while still answering "was it erased?".
 */
import type { Db } from "./database";

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON, or null. */
  detail: string | null;
}

/** The actions the audit log records (the inbox, server/admin, and server/commands/staff.ts write them). */
export const auditActions = {
  signIn: "sign-in",
  signOut: "sign-out",
  secondFactorEnrolled: "second-factor.enrolled",
  recoveryCodeUsed: "second-factor.recovery-code-used",
  bookingConfirmed: "booking.confirmed",
  bookingDeclined: "booking.declined",
  slotConfirmed: "booking.slot-confirmed",
  slotOverbooked: "booking.slot-confirmed-over-capacity",
  slotDeclined: "booking.slot-declined",
  slotDeclineUndone: "booking.slot-decline-undone",
  slotCancelled: "booking.slot-cancelled",
  slotMoved: "booking.slot-moved",
  // The booking ledger: what visitors did through their private link, the staff's own bookings,
  // the day's check-in, and a booking kept at its time when a schedule change left it off.
  slotMovedByVisitor: "booking.slot-moved-by-visitor",
  slotCancelledByVisitor: "booking.slot-cancelled-by-visitor",
  bookingCreatedByStaff: "booking.created-by-staff",
  slotArrived: "booking.arrived",
  slotNoShow: "booking.no-show",
  slotAttendanceCleared: "booking.attendance-cleared",
  slotKept: "booking.slot-kept",
  feedRenewed: "staff.calendar-feed-renewed",
  scheduleChanged: "schedule.changed",
  closureAdded: "schedule.closure-added",
  closureRemoved: "schedule.closure-removed",
  dateChangeAdded: "schedule.date-change-added",
  dateChangeRemoved: "schedule.date-change-removed",
  statusChanged: "status.changed",
  // Replies, notes and assignment on a submission's page.
  replySent: "reply.sent",
  noteAdded: "note.added",
  assigned: "submission.assigned",
  exported: "export",
  privacyFind: "privacy.find",
  privacyExport: "privacy.export",
  privacyErase: "privacy.erase",
  staffAdded: "staff.added",
  staffRemoved: "staff.removed",
  staffPasswordReset: "staff.password-reset",
  staffRoleChanged: "staff.role-changed",
  // Staff managed in the browser.
  staffInvited: "staff.invited",
  staffJoined: "staff.joined",
  staffSecondFactorReset: "staff.second-factor-reset",
  // Passwords changed in the browser: one's own on the account page, or through a link an admin sent.
  staffPasswordChanged: "staff.password-changed",
  staffPasswordLinkSent: "staff.password-link-sent",
  staffPasswordLinkUsed: "staff.password-link-used",
  // The content editor (server/admin/content/routes.ts).
  contentCreated: "content.created",
  contentSaved: "content.saved",
  contentDeleted: "content.deleted",
  contentRestored: "content.restored",
  contentPublished: "content.published",
  // The tours' experiences: what the staff note about a guest, vouchers, the packages' rules,
  // and the deposits the payment provider confirmed or refunded.
  guestNoted: "guest.noted",
  voucherCreated: "voucher.created",
  experiencesChanged: "experiences.changed",
  depositPaid: "booking.deposit-paid",
  depositRefunded: "booking.deposit-refunded",
  // Money: a booking's price set by an admin (with the reason), a deposit asked through a payment
  // link, a gift voucher voided, edited, its card mailed, or sold online.
  priceChanged: "booking.price-changed",
  groupChanged: "booking.group-changed",
  depositAsked: "booking.deposit-asked",
  voucherVoided: "voucher.voided",
  voucherEdited: "voucher.edited",
  voucherCardMailed: "voucher.card-mailed",
  voucherSold: "voucher.sold",
  // The newsletter (server/admin/newsletter/routes.ts).
  newsletterTest: "newsletter.test",
  newsletterSent: "newsletter.sent",
} as const;

/** The \`actor\` of what the payment provider's webhook did (a deposit paid, refunded). */
export const paymentProviderActor = "payment provider";

/** The `actor` of actions taken with `npm run staff`. */
export const commandLineActor = "command line";

/** The `actor` of what a visitor did through their private link (a booking's move or cancellation). */
export const visitorActor = "visitor";

export interface AuditRecord {
  actor: string;
  action: string;
  target?: { type: string; id: string };
  detail?: Record<string, unknown>;
}

export function recordAudit(db: Db, entry: AuditRecord, now: Date): void {
  db.prepare("INSERT INTO audit_log (at, actor, action, target_type, target_id, detail) VALUES (?, ?, ?, ?, ?, ?)").run(
    now.toISOString(),
    entry.actor,
    entry.action,
    entry.target?.type ?? null,
    entry.target?.id ?? null,
    entry.detail ? JSON.stringify(entry.detail) : null,
  );
}

/** A submission's entries, oldest first. */
export function auditOf(db: Db, type: string, id: string): AuditEntry[] {
  return db.prepare("SELECT * FROM audit_log WHERE target_type = ? AND target_id = ? ORDER BY id").all(type, id) as AuditEntry[];
}

/** One page of the whole log, newest first, and the number of entries. */
export function auditPage(db: Db, page: number, perPage: number): { entries: AuditEntry[]; total: number } {
  const entries = db.prepare("SELECT * FROM audit_log ORDER BY id DESC LIMIT ? OFFSET ?").all(perPage, (page - 1) * perPage) as AuditEntry[];
  const { total } = db.prepare("SELECT count(*) AS total FROM audit_log").get() as { total: number };
  return { entries, total };
}

/** How many entries of one action a submission got since a moment (a visitor's moves in a day). */
export function auditCountSince(db: Db, action: string, target: { type: string; id: string }, since: Date): number {
  const row = db
    .prepare("SELECT count(*) AS n FROM audit_log WHERE action = ? AND target_type = ? AND target_id = ? AND at >= ?")
    .get(action, target.type, target.id, since.toISOString()) as { n: number };
  return row.n;
}
