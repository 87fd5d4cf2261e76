import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isWellFormedText, neutraliseText } from "#forms/text";
import { SlotRefused } from "../../bookings/ledger";
import { parseStart } from "../../bookings/paris-time";
import { auditActions, recordAudit } from "../../db/audit";
import { staffForm, staffOf } from "../context";
import { inboxRoles } from "../roles";
import { submissionHref } from "../views/inbox-page";
import { guardedRoutes } from "../staff-guard";

const actions = {
  confirm: auditActions.slotConfirmed,
  decline: auditActions.slotDeclined,
  undo: auditActions.slotDeclineUndone,
  cancel: auditActions.slotCancelled,
} as const;
type SlotAction = keyof typeof actions;
const idPattern = /^[0-9a-f-]{36}$/;
const isSlotAction = (action: string): action is SlotAction => Object.hasOwn(actions, action);

/** The day's check-in: what each action marks. */
const checkIns = { arrived: "arrived", absent: "no-show", clear: null } as const;
const isCheckIn = (action: string): action is keyof typeof checkIns => Object.hasOwn(checkIns, action);
/** Where a check-in may send the staff back: the day sheet it was made from, else the booking's page. */
const sheetBack = /^\/admin\/calendar\/sheet\?day=\d{4}-\d{2}-\d{2}$/;

/**
 * A tour booking's slot, acted on from its page: confirm, decline, undo a decline, cancel. A
 * confirmation into a slot without room is refused, unless an admin confirms over the places with
 * a reason, which the audit log keeps. Each answer goes back to the booking's page (303).
 */
export const bookingSlotRoutes = guardedRoutes("booking-slot", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();

  // Move: to another time of the booking's package with room for the group (the page lists them),
  // in one transaction; the visitor gets the updated calendar file, the audit log the two times.
  routes.post(
    "/admin/submissions/tour-bookings/:id/slot/move",
    { config: inboxRoles, schema: { params: z.object({ id: z.string() }), body: staffForm } },
    async (request, reply) => {
      const { id } = request.params;
      const page = submissionHref("tour-bookings", id);
      const visit = idPattern.test(id) ? context.tours.visit(id) : null;
      if (!visit) return reply.redirect(page, 303);
      const chosen = request.body.slot;
      const local = chosen === undefined ? null : parseStart(chosen);
      if (!local) return reply.redirect(`${page}?slot=moveChoose`, 303);
      const session = staffOf(request);
      const now = context.now();
      const outcome = await context.tours.moveByStaff(id, { package: visit.package, ...local }, (detail) =>
        recordAudit(context.db, { actor: session.email, action: auditActions.slotMoved, target: { type: "tour-bookings", id }, detail }, now),
      );
      const note =
        outcome instanceof SlotRefused ? (outcome.reason === "full" ? "moveFull" : outcome.reason === "horizon" ? "moveHorizon" : "moveClosed") : outcome;
      return reply.redirect(`${page}?slot=${note}`, 303);
    },
  );

  const schema = { params: z.object({ id: z.string(), action: z.string() }), body: staffForm };
  routes.post("/admin/submissions/tour-bookings/:id/slot/:action", { config: inboxRoles, schema }, async (request, reply) => {
    const { id, action } = request.params;
    const page = submissionHref("tour-bookings", id);
    if (idPattern.test(id) && isCheckIn(action)) {
      // Arrived, absent (a no-show) or undone, from the day sheet or the booking's page.
      const back = String(request.body.back ?? "");
      const outcome = await context.tours.markAttendance(id, checkIns[action], staffOf(request).email);
      return reply.redirect(sheetBack.test(back) ? back : `${page}?slot=${outcome === "done" ? `checkIn-${action}` : "stale"}`, 303);
    }
    if (!idPattern.test(id) || !isSlotAction(action) || !context.tours.visit(id)) return reply.redirect(page, 303);
    const fields = request.body;
    const session = staffOf(request);
    const override = fields.override === "yes" && session.role === "admin";
    const reason = neutraliseText(String(fields.reason ?? ""))
      .trim()
      .slice(0, 500);
    if (override && (reason === "" || !isWellFormedText(reason))) return reply.redirect(`${page}?slot=reasonNeeded`, 303);
    if ((action === "decline" || action === "cancel") && fields.sure !== "yes") return reply.redirect(page, 303);
    const now = context.now();
    const outcome = await context.tours.staffAction(id, action, {
      override,
      record: (detail) =>
        recordAudit(
          context.db,
          {
            actor: session.email,
            action: detail.overbooked ? auditActions.slotOverbooked : actions[action],
            target: { type: "tour-bookings", id },
            detail: detail.overbooked ? { ...detail, reason } : detail,
          },
          now,
        ),
    });
    return reply.redirect(`${page}?slot=${outcome === "done" ? action : outcome}`, 303);
  });
});
