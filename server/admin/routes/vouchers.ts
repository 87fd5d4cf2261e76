/**
 * `/admin/vouchers` (the accounts that open the inbox): the gift vouchers, and the form that makes
 * one. A new voucher's code is shown once made, to give the buyer; making one is logged
 * (`voucher.created`). Redeeming is the booking's own business (../../bookings/vouchers.ts).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { tourPackageIds, type TourPackageId } from "#forms/tour-booking";
import { isWellFormedText, neutraliseLine } from "#forms/text";
import { addMonths, isDay, localOf } from "../../bookings/paris-time";
import { createVoucher, type NewVoucher } from "../../bookings/vouchers";
import { auditActions, recordAudit } from "../../db/audit";
import { listVouchers } from "../../db/tour-vouchers";
import { queryText, sendPage, staffForm, staffOf, viewFor } from "../context";
import { inboxRoles } from "../roles";
import { guardedRoutes } from "../staff-guard";
import type { ViewContext } from "../view-context";
import { VouchersPage } from "../views/vouchers-page";

/** Reads the form: the voucher to make, or the problems in the staff's language. */
function readForm(fields: Record<string, string>, view: ViewContext, today: string): { voucher: NewVoucher } | { problems: string[] } {
  const problems: string[] = [];
  const validUntil = (fields.validUntil ?? "").trim();
  if (!isDay(validUntil) || validUntil < today) problems.push(view.t("vouchers.error.validUntil"));
  const note = neutraliseLine(fields.note ?? "").trim();
  if ([...note].length > 200 || !isWellFormedText(note)) problems.push(view.t("vouchers.error.note"));
  if (fields.kind === "package") {
    const pkg = fields.package ?? "";
    const guests = /^\d{1,2}$/.test((fields.guests ?? "").trim()) ? Number(fields.guests) : NaN;
    if (!(tourPackageIds as readonly string[]).includes(pkg)) problems.push(view.t("vouchers.error.package"));
    if (!(guests >= 1 && guests <= 50)) problems.push(view.t("vouchers.error.guests"));
    return problems.length > 0 ? { problems } : { voucher: { kind: "package", package: pkg as TourPackageId, guests, validUntil, note } };
  }
  // Euros as typed, with a point or a comma: « 50 », « 49,50 ».
  const typed = (fields.amount ?? "").trim().replace(",", ".");
  const amount = /^\d{1,4}(\.\d{1,2})?$/.test(typed) ? Math.round(Number(typed) * 100) : NaN;
  if (!(amount >= 100 && amount <= 500_000)) problems.push(view.t("vouchers.error.amount"));
  return problems.length > 0 ? { problems } : { voucher: { kind: "value", amountCents: amount, validUntil, note } };
}

export const voucherRoutes = guardedRoutes("vouchers", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: { created?: string | null; problems?: string[]; typed?: Record<string, string> } = {},
  ) => {
    const today = localOf(context.now()).date;
    return sendPage(
      reply,
      status,
      createElement(VouchersPage, {
        view: viewFor(context, request, reply),
        vouchers: listVouchers(context.db),
        today,
        created: extra.created ?? null,
        problems: extra.problems ?? [],
        // A new voucher is valid a year by default.
        typed: extra.typed ?? { validUntil: addMonths(today, 12) },
      }),
    );
  };

  routes.get("/admin/vouchers", { config: inboxRoles, schema: { querystring: z.object({ created: queryText }) } }, async (request, reply) => {
    const created = request.query.created;
    return page(request, reply, 200, { created: created && /^[A-Z0-9-]{14}$/.test(created) ? created : null });
  });

  routes.post("/admin/vouchers", { config: inboxRoles, schema: { body: staffForm } }, async (request, reply) => {
    const now = context.now();
    const read = readForm(request.body, viewFor(context, request, reply), localOf(now).date);
    if ("problems" in read) return page(request, reply, 400, { problems: read.problems, typed: request.body });
    const actor = staffOf(request).email;
    const code = await context.tours.change(() => {
      const made = createVoucher(context.db, read.voucher, actor, now);
      recordAudit(context.db, { actor, action: auditActions.voucherCreated, target: { type: "voucher", id: made }, detail: { ...read.voucher } }, now);
      return made;
    });
    return reply.redirect(`/admin/vouchers?created=${encodeURIComponent(code)}`, 303);
  });
});
