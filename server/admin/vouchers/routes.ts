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
import { isWellFormedText, neutraliseLine, neutraliseText } from "#forms/text";
import { addMonths, isDay, localOf } from "../../bookings/paris-time";
import { editGiftVoucher, issueVoucher, mailGiftCard, voidGiftVoucher, voucherListOf, voucherPageOf } from "../../bookings/gift-vouchers";
import type { NewVoucher } from "../../bookings/vouchers";
import { languages } from "#core/languages";
import { queryText, sendPage, staffOf, viewFor } from "../shared/context";
import { checkedForm, namedProblems } from "../shared/staff-form";
import { inboxRoles } from "../shared/roles";
import { guardedRoutes } from "../shared/staff-guard";
import type { ViewContext } from "../shared/view-context";
import { VouchersPage } from "./vouchers-page";
import { VoucherPage, voucherNotes, type VoucherNote } from "./voucher-page";
import { NotFoundPage } from "../shared/error-pages";

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

/** A line of a gift card as the office types it: cleaned, at most `max` characters. */
const cardLine = (max: number) =>
  z
    .string()
    .default("")
    .transform((text) => neutraliseLine(text).trim())
    .refine((text) => [...text].length <= max && isWellFormedText(text));

/** The edit form of a voucher: its last day, its card's language, names and words, and the staff's note. */
const editForm = z.object({
  valid_until: z.string().trim().refine(isDay),
  language: z.enum(languages),
  buyer_name: cardLine(120),
  recipient: cardLine(120),
  message: z
    .string()
    .default("")
    .transform((text) => neutraliseText(text.replace(/\r\n?/g, "\n")).trim())
    .refine((text) => [...text].length <= 500 && isWellFormedText(text)),
  note: cardLine(200),
});

/** Voiding a voucher: the reason, and the box that says the staff member is sure. */
const voidForm = z.object({ reason: cardLine(300).pipe(z.string().min(1)), sure: z.literal("yes") });

/** Mailing the card: to whom. */
const mailForm = z.object({ to: z.string().trim().max(254).pipe(z.email()) });

/** A voucher's code in an address: its three groups of four. */
const codeParams = z.object({ code: z.string().regex(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/) });

/** Each field of a voucher's forms with its problem in the staff's language. */
const voucherFieldProblems = (view: ViewContext): Record<string, string> => ({
  valid_until: view.t("vouchers.error.validUntil"),
  buyer_name: view.t("voucher.error.line"),
  recipient: view.t("voucher.error.line"),
  message: view.t("voucher.error.message"),
  note: view.t("vouchers.error.note"),
  language: view.t("voucher.error.line"),
  reason: view.t("voucher.error.reason"),
  sure: view.t("voucher.error.sure"),
  to: view.t("voucher.error.to"),
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
        ...voucherListOf(context.bookings),
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

  /** One voucher's page, with what an action did or the form as typed with its problems. */
  const voucherPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    code: string,
    status: number,
    extra: { note?: VoucherNote | null; fieldProblems?: Record<string, string>; typed?: Record<string, string> | null } = {},
  ) => {
    const shown = voucherPageOf(context.bookings, code);
    const view = viewFor(context, request, reply);
    if (!shown) return sendPage(reply, 404, createElement(NotFoundPage, { view }));
    return sendPage(
      reply,
      status,
      createElement(VoucherPage, {
        view,
        ...shown,
        today: localOf(context.now()).date,
        note: extra.note ?? null,
        fieldProblems: extra.fieldProblems ?? {},
        typed: extra.typed ?? null,
      }),
    );
  };
  const isNote = (value: unknown): value is VoucherNote => typeof value === "string" && Object.hasOwn(voucherNotes, value);

  routes.get(
    "/admin/vouchers/:code",
    { config: inboxRoles, schema: { params: codeParams, querystring: z.object({ done: queryText }) } },
    async (request, reply) => voucherPage(request, reply, request.params.code, 200, { note: isNote(request.query.done) ? request.query.done : null }),
  );

  routes.post(
    "/admin/vouchers/:code/edit",
    { config: inboxRoles, schema: { params: codeParams, body: checkedForm(editForm, { fallback: "note" }) } },
    async (request, reply) => {
      const { code } = request.params;
      const view = viewFor(context, request, reply);
      if (!request.body.ok)
        return voucherPage(request, reply, code, 400, {
          fieldProblems: namedProblems(request.body.problems, voucherFieldProblems(view)),
          typed: request.body.typed,
        });
      const outcome = await editGiftVoucher(context.bookings, code, request.body.value, staffOf(request).email);
      return outcome === "done" ? reply.redirect(`/admin/vouchers/${code}?done=edited`, 303) : voucherPage(request, reply, code, 404);
    },
  );

  routes.post(
    "/admin/vouchers/:code/void",
    { config: inboxRoles, schema: { params: codeParams, body: checkedForm(voidForm, { fallback: "reason" }) } },
    async (request, reply) => {
      const { code } = request.params;
      const view = viewFor(context, request, reply);
      if (!request.body.ok) return voucherPage(request, reply, code, 400, { fieldProblems: namedProblems(request.body.problems, voucherFieldProblems(view)) });
      const outcome = await voidGiftVoucher(context.bookings, code, request.body.value.reason, staffOf(request).email);
      if (outcome === "unknown") return voucherPage(request, reply, code, 404);
      return reply.redirect(`/admin/vouchers/${code}?done=${outcome === "done" ? "voided" : "already"}`, 303);
    },
  );

  routes.post(
    "/admin/vouchers/:code/mail",
    { config: inboxRoles, schema: { params: codeParams, body: checkedForm(mailForm, { fallback: "to" }) } },
    async (request, reply) => {
      const { code } = request.params;
      const view = viewFor(context, request, reply);
      if (!request.body.ok)
        return voucherPage(request, reply, code, 400, {
          fieldProblems: namedProblems(request.body.problems, voucherFieldProblems(view)),
          typed: request.body.typed,
        });
      const outcome = await mailGiftCard(context.bookings, code, request.body.value.to, staffOf(request).email);
      if (outcome === "unknown") return voucherPage(request, reply, code, 404);
      return reply.redirect(`/admin/vouchers/${code}?done=${outcome === "sent" ? "mailed" : "void"}`, 303);
    },
  );

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
