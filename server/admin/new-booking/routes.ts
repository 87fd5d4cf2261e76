import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { createElement } from "react";
import { languages } from "#core/languages";
import { tourPackageIds } from "#forms/tour-booking";
import { isWellFormedText, neutraliseLine, neutraliseText } from "#forms/text";
import { staffTimes } from "../../bookings/booking-page";
import { SlotRefused } from "../../bookings/ledger";
import { isDay, isClock, parseStart } from "../../bookings/paris-time";
import { bookForVisitor } from "../../bookings/staff-booking";
import { offersPrivate, packagePrices } from "../../bookings/pricing";
import { VoucherRefused } from "../../bookings/vouchers";
import { queryText, sendPage, staffOf, viewFor, type AdminContext } from "../shared/context";
import { checkedForm } from "../shared/staff-form";
import { slotProblem } from "../shared/slot-problem";
import { inboxRoles } from "../shared/roles";
import { bookingHref } from "../shared/links";
import { NewBookingPage, type NewBookingField } from "./new-booking-page";
import { guardedRoutes } from "../shared/staff-guard";

/** Text on one line: cleaned of control characters, trimmed, well formed. */
const line = (max: number) =>
  z
    .string()
    .transform((text) => neutraliseLine(text).trim())
    .pipe(z.string().max(max).refine(isWellFormedText));

/**
 * A booking the staff enter for a phone or walk-in visitor: the tour and its time (a slot's
 * `start`), the group, the visitor's name and how to reach them (an address for the mail, a phone,
 * or neither for someone at the door), their language, a note for the staff, whether to mail the
 * visitor, and an admin's reason to place the group over the places left.
 */
const newBookingForm = z
  .object({
    package: z.enum(tourPackageIds),
    slot: z.string().transform((start, context) => parseStart(start) ?? (context.addIssue({ code: "custom", message: "slot" }), z.NEVER)),
    guests: z.coerce.number().int().min(1).max(50),
    name: line(120).pipe(z.string().min(1)),
    email: z.union([z.literal(""), z.string().trim().max(254).pipe(z.email())]).default(""),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+0-9 ().-]*$/)
      .default(""),
    language: z.enum(languages),
    note: z
      .string()
      .max(2000)
      .transform((text) => neutraliseText(text.replace(/\r\n?/g, "\n")).trim())
      .refine(isWellFormedText)
      .default(""),
    notify: z.literal("on").optional(),
    reason: line(500).default(""),
    /** A private tour, a gift voucher's code, a deposit asked through a payment link. */
    private: z.literal("on").optional(),
    voucher: z
      .string()
      .trim()
      .max(20)
      .regex(/^[A-Za-z0-9 -]*$/)
      .default(""),
    deposit: z.literal("on").optional(),
  })
  .superRefine((form, context) => {
    if (form.notify && form.email === "") context.addIssue({ code: "custom", path: ["email"], message: "notify" });
  });

/**
 * A phone as the staff typed it, written the international way when it reads as a number (French
 * when it has no calling code): a walk-in without an address is then known by it, the same each
 * time it is typed (../../bookings/guests.ts).
 */
function phoneOf(typed: string): string | undefined {
  if (typed === "") return undefined;
  return parsePhoneNumberFromString(typed, "FR")?.number ?? typed;
}

/** The fields of the form, in the order the page shows their problems. */
const fieldOrder: readonly NewBookingField[] = ["slot", "guests", "private", "voucher", "deposit", "name", "email", "phone", "language", "note", "reason"];

/** The page's query: a package, a day and a time to open the form at (each checked; anything else is left out). */
const pageQuery = z.object({ package: queryText, day: queryText, time: queryText });

/** The new booking's page: the tour and day chosen, that day's times with their places, and the form as typed with its problems. */
function sendNewBookingPage(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  chosen: { package?: string; day?: string; time?: string },
  typed: Record<string, string> = {},
  problems: Partial<Record<NewBookingField, string>> = {},
  general: string[] = [],
) {
  const view = viewFor(context, request, reply);
  const pkg = tourPackageIds.find((id) => id === chosen.package);
  const day = chosen.day !== undefined && isDay(chosen.day) ? chosen.day : undefined;
  const options = pkg && day ? staffTimes(context.bookings, { bookingId: "", package: pkg, date: "", time: "" }, day) : null;
  const time = chosen.time !== undefined && isClock(chosen.time) ? chosen.time : undefined;
  const schedule = context.bookings.schedule.current();
  const prices = pkg ? packagePrices(context.bookings.content.current, pkg) : null;
  const money = pkg
    ? {
        perPerson: prices?.price ?? null,
        privatePrice: prices?.privatePrice ?? null,
        depositPercent: context.bookings.payments ? (schedule.rules[pkg]?.depositPercent ?? 0) : 0,
      }
    : null;
  return sendPage(
    reply,
    status,
    createElement(NewBookingPage, {
      view,
      pkg: pkg ?? null,
      day: day ?? null,
      time: time ?? null,
      options,
      money,
      typed,
      problems,
      general,
      canOverride: staffOf(request).role === "admin",
    }),
  );
}

/**
 * `/admin/bookings/new`: a booking for a phone or walk-in visitor, from the calendar (at a time)
 * or the inbox. Choose the tour and the day, then a time with its places left; the booking goes
 * through the same ledger as the site's, in one transaction (confirmed, its places counted, over
 * them only for an admin with a reason), with an optional mail to the visitor carrying the private
 * link and the calendar file.
 */
export const newBookingRoutes = guardedRoutes("new-booking", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();

  routes.get("/admin/bookings/new", { config: inboxRoles, schema: { querystring: pageQuery } }, async (request, reply) =>
    sendNewBookingPage(context, request, reply, 200, request.query),
  );

  routes.post("/admin/bookings", { config: inboxRoles, schema: { body: checkedForm(newBookingForm, { fallback: "slot" }) } }, async (request, reply) => {
    const { typed } = request.body;
    const view = viewFor(context, request, reply);
    const chosen = { package: typed.package, day: typed.day, time: parseStart(typed.slot ?? "")?.time };
    if (!request.body.ok) {
      const problems: Partial<Record<NewBookingField, string>> = {};
      for (const [name, problem] of Object.entries(request.body.problems)) {
        const field = fieldOrder.find((one) => one === name) ?? "slot";
        problems[field] ??= view.t(field === "email" && problem === "notify" ? "newBooking.error.notify" : `newBooking.error.${field}`);
      }
      return sendNewBookingPage(context, request, reply, 400, chosen, typed, problems);
    }
    const form = request.body.value;
    const session = staffOf(request);
    if (form.private && !offersPrivate(context.bookings.content.current, form.package))
      return sendNewBookingPage(context, request, reply, 400, chosen, typed, { private: view.t("newBooking.error.private") });
    const overCapacity = session.role === "admin" && form.reason !== "";
    try {
      const { id } = await bookForVisitor(context.bookings, {
        input: {
          language: form.language,
          page: "/admin/bookings/new",
          name: form.name,
          email: form.email,
          phone: phoneOf(form.phone),
          guests: form.guests,
          package: form.package,
        },
        slot: form.slot,
        actor: session.email,
        overCapacity,
        reason: form.reason,
        note: form.note,
        notify: form.notify === "on",
        private: form.private === "on",
        voucher: form.voucher === "" ? null : form.voucher,
        deposit: form.deposit === "on",
      });
      return reply.redirect(`${bookingHref(id)}?done=created`, 303);
    } catch (error) {
      if (error instanceof VoucherRefused)
        return sendNewBookingPage(context, request, reply, 409, chosen, typed, { voucher: view.t(`newBooking.voucherRefused.${error.reason}`) });
      if (!(error instanceof SlotRefused)) throw error;
      const problem = slotProblem(view, error, session.role, context.bookings.schedule.current(), form.package);
      return sendNewBookingPage(context, request, reply, 409, chosen, typed, { slot: problem });
    }
  });
});
