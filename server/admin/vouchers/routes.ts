/**
 * `/admin/vouchers` (the accounts that open the inbox): the gift vouchers, and the form that makes
 * one. A new voucher's code is shown once made, to give the buyer; making one is logged
 * (`voucher.created`). Redeeming is the booking's own business (../../bookings/vouchers.ts).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { tourPackageIds } from "#forms/tour-booking";
import { isWellFormedText, neutraliseLine } from "#forms/text";
import { addMonths, isDay, localOf } from "../../bookings/paris-time";
import { issueVoucher } from "../../bookings/gift-vouchers";
import type { NewVoucher } from "../../bookings/vouchers";
import { listVouchers } from "../../db/tour-vouchers";
import { queryText, sendPage, staffOf, viewFor } from "../shared/context";
import { checkedForm, namedProblems } from "../shared/staff-form";
import { inboxRoles } from "../shared/roles";
import { guardedRoutes } from "../shared/staff-guard";
import type { ViewContext } from "../shared/view-context";
import { VouchersPage } from "./vouchers-page";

/**
 * The form that makes a voucher: worth an amount in euros (typed with a point or a comma: « 50 »,
 * « 49,50 ») or a tour for a number of people; valid until a day; a note for the staff.
 */
const voucherForm = z
  .object({
    kind: z.enum(["value", "package"]).catch("value"),
    amount: z.string().default(""),
    package: z.string().default(""),
    guests: z.string().default(""),
    validUntil: z.string().trim().refine(isDay, "validUntil"),
    note: z
      .string()
      .default("")
      .transform((text) => neutraliseLine(text).trim())
      .refine((note) => [...note].length <= 200 && isWellFormedText(note), "note"),
  })
  .transform((form, check): NewVoucher => {
    const { validUntil, note } = form;
    if (form.kind === "package") {
      const pkg = tourPackageIds.find((id) => id === form.package);
      const guests = /^\d{1,2}$/.test(form.guests.trim()) ? Number(form.guests) : NaN;
      if (!pkg) check.addIssue({ code: "custom", path: ["package"], message: "package" });
      if (!(guests >= 1 && guests <= 50)) check.addIssue({ code: "custom", path: ["guests"], message: "guests" });
      return pkg ? { kind: "package", package: pkg, guests, validUntil, note } : z.NEVER;
    }
    const typed = form.amount.trim().replace(",", ".");
    const amountCents = /^\d{1,4}(\.\d{1,2})?$/.test(typed) ? Math.round(Number(typed) * 100) : NaN;
    if (!(amountCents >= 100 && amountCents <= 500_000)) check.addIssue({ code: "custom", path: ["amount"], message: "amount" });
    return { kind: "value", amountCents, validUntil, note };
  });

/** Each field's problem in the staff's language. */
const voucherProblems = (view: ViewContext): Record<"amount" | "package" | "guests" | "validUntil" | "note", string> => ({
  amount: view.t("vouchers.error.amount"),
  package: view.t("vouchers.error.package"),
  guests: view.t("vouchers.error.guests"),
  validUntil: view.t("vouchers.error.validUntil"),
  note: view.t("vouchers.error.note"),
});

export const voucherRoutes = guardedRoutes("vouchers", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: { created?: string | null; fieldProblems?: Record<string, string>; typed?: Record<string, string> } = {},
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
        fieldProblems: extra.fieldProblems ?? {},
        // A new voucher is valid a year by default.
        typed: extra.typed ?? { validUntil: addMonths(today, 12) },
      }),
    );
  };

  routes.get("/admin/vouchers", { config: inboxRoles, schema: { querystring: z.object({ created: queryText }) } }, async (request, reply) => {
    const created = request.query.created;
    return page(request, reply, 200, { created: created && /^[A-Z0-9-]{14}$/.test(created) ? created : null });
  });

  routes.post(
    "/admin/vouchers",
    { config: inboxRoles, schema: { body: checkedForm<typeof voucherForm, keyof z.input<typeof voucherForm>>(voucherForm, { fallback: "amount" }) } },
    async (request, reply) => {
      const now = context.now();
      const view = viewFor(context, request, reply);
      const { typed } = request.body;
      const refused: Partial<Record<string, string>> = request.body.ok
        ? request.body.value.validUntil < localOf(now).date
          ? { validUntil: "past" }
          : {}
        : request.body.problems;
      if (!request.body.ok || Object.keys(refused).length > 0) {
        return page(request, reply, 400, { fieldProblems: namedProblems(refused, voucherProblems(view)), typed });
      }
      const voucher = request.body.value;
      const code = await issueVoucher(context.bookings, voucher, staffOf(request).email);
      return reply.redirect(`/admin/vouchers?created=${encodeURIComponent(code)}`, 303);
    },
  );
});
