import type { FastifyInstance } from "fastify";
import { isWellFormedText, neutraliseText } from "#forms/text";
import { SlotRefused } from "../../bookings/ledger";
import { parseStart } from "../../bookings/paris-time";
import { auditActions, recordAudit } from "../../db/audit";
import { formFields, type AdminContext } from "../context";
import { inboxRoles } from "../roles";
import { submissionHref } from "../views/inbox-page";

const actions = { confirm: auditActions.slotConfirmed, decline: auditActions.slotDeclined, undo: auditActions.slotDeclineUndone, cancel: auditActions.slotCancelled } as const;
type SlotAction = keyof typeof actions;
const idPattern = /^[0-9a-f-]{36}$/;

/**
 * A tour booking's slot, acted on from its page: confirm, decline, undo a decline, cancel. A
 * confirmation into a slot without room is refused, unless an admin confirms over the places with
 * a reason, which the audit log keeps. Each answer goes back to the booking's page (303).
 */
export function bookingSlotRoutes(admin: FastifyInstance, context: AdminContext): void {
  // Move: to another time of the booking's package with room for the group (the page lists them),
  // in one transaction; the visitor gets the updated calendar file, the audit log the two times.
  admin.post("/admin/submissions/tour-bookings/:id/slot/move", { config: inboxRoles }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const page = submissionHref("tour-bookings", id);
    const visit = idPattern.test(id) ? context.tours.visit(id) : null;
    if (!visit) return reply.redirect(page, 303);
    const fields = formFields(request);
    const local = typeof fields.slot === "string" ? parseStart(fields.slot) : null;
    if (!local) return reply.redirect(`${page}?slot=moveChoose`, 303);
    const session = request.staffSession!;
    const now = context.now();
    const outcome = await context.tours.moveByStaff(id, { package: visit.package, ...local }, (detail) =>
      recordAudit(context.db, { actor: session.email, action: auditActions.slotMoved, target: { type: "tour-bookings", id }, detail }, now),
    );
    const note = outcome instanceof SlotRefused ? (outcome.reason === "full" ? "moveFull" : "moveClosed") : outcome;
    return reply.redirect(`${page}?slot=${note}`, 303);
  });

  admin.post("/admin/submissions/tour-bookings/:id/slot/:action", { config: inboxRoles }, async (request, reply) => {
    const { id, action } = request.params as { id: string; action: string };
    const page = submissionHref("tour-bookings", id);
    if (!idPattern.test(id) || !(action in actions) || !context.tours.visit(id)) return reply.redirect(page, 303);
    const fields = formFields(request);
    const session = request.staffSession!;
    const override = fields.override === "yes" && session.role === "admin";
    const reason = neutraliseText(String(fields.reason ?? "")).trim().slice(0, 500);
    if (override && (reason === "" || !isWellFormedText(reason))) return reply.redirect(`${page}?slot=reasonNeeded`, 303);
    if ((action === "decline" || action === "cancel") && fields.sure !== "yes") return reply.redirect(page, 303);
    const now = context.now();
    const outcome = await context.tours.staffAction(id, action as SlotAction, {
      override,
      record: (detail) =>
        recordAudit(
          context.db,
          {
            actor: session.email,
            action: detail.overbooked ? auditActions.slotOverbooked : actions[action as SlotAction],
            target: { type: "tour-bookings", id },
            detail: detail.overbooked ? { ...detail, reason } : detail,
          },
          now,
        ),
    });
    return reply.redirect(`${page}?slot=${outcome === "done" ? action : outcome}`, 303);
  });
}
