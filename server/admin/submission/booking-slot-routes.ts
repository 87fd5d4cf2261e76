import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isWellFormedText, neutraliseText } from "#forms/text";
import { cancelByStaff } from "../../bookings/cancel";
import { markAttendance } from "../../bookings/check-in";
import { confirmBooking, undoDecline } from "../../bookings/confirm";
import { declineBooking } from "../../bookings/decline";
import { SlotRefused } from "../../bookings/ledger";
import { moveByStaff } from "../../bookings/move";
import { parseStart } from "../../bookings/paris-time";
import { setBookingPrice } from "../../bookings/set-price";
import { changeGroup } from "../../bookings/change-group";
import { bookedPackageOf } from "../../bookings/booking-page";
import { staffOf } from "../shared/context";
import { inboxRoles, scheduleRoles } from "../shared/roles";
import { bookingHref, sheetRowId } from "../shared/links";
import { reasonOf, whyShape } from "../shared/estate-reason-fields";
import { guardedRoutes } from "../shared/staff-guard";
import { buttonForm, checkedForm } from "../shared/staff-form";
import { bookingType } from "../../forms";

const slotActions = ["confirm", "decline", "undo", "cancel"] as const;

/** The panel's note for each outcome of an action that was not done. */
const slotNoteOf = {
  full: "full",
  stale: "stale",
  private: "private",
  "voucher-used": "voucherUsed",
  refunding: "refunding",
  payment: "waitsForPayment",
  deposit: "depositAsked",
} as const;

/** The day's check-in: what each action marks. */
const checkIns = { arrived: "arrived", absent: "no-show", clear: null } as const;
const checkInActions = ["arrived", "absent", "clear"] as const satisfies readonly (keyof typeof checkIns)[];
const isCheckIn = (action: string): action is keyof typeof checkIns => Object.hasOwn(checkIns, action);
/** Where a check-in may send the staff back: the day sheet it was made from, else the booking's page. */
const sheetBack = /^\/admin\/calendar\/sheet\?day=\d{4}-\d{2}-\d{2}$/;

/** A booking's address (`/admin/submissions/tour-bookings/:id/slot/…`): a booking's id, its slot looked up by the route. */
const booking = z.string().regex(/^[0-9a-f-]{36}$/);

/** A time the booking moves to: the slot's `start` as the page offers it; null for anything else (the page asks again). */
const moveForm = buttonForm({
  slot: z
    .string()
    .transform((start) => parseStart(start))
    .optional(),
  ...whyShape,
});

/**
 * The slot's buttons: the tick that confirms a decline or a cancellation, an admin's override of
 * the places with its reason (a line of text, cleaned and trimmed), and the day sheet a check-in
 * goes back to (any other address is ignored: the booking's page follows).
 */
const slotActionForm = buttonForm({
  sure: z.literal("yes").optional(),
  override: z.literal("yes").optional(),
  /** An undo whose voucher was used meanwhile, brought back at its full price. */
  fullPrice: z.literal("yes").optional(),
  reason: z
    .string()
    .transform((text) => neutraliseText(text).trim())
    .pipe(z.string().max(500).refine(isWellFormedText))
    .default(""),
  back: z
    .string()
    .optional()
    .transform((back) => (back !== undefined && sheetBack.test(back) ? back : undefined)),
  ...whyShape,
});

/**
 * An admin's price for a booking: euros as typed (a comma or a point for the cents, at most
 * 100 000 €), and the reason, which the booking and the audit log keep.
 */
const priceForm = z.object({
  price: z
    .string()
    .trim()
    .regex(/^\d{1,6}([.,]\d{1,2})?$/)
    .transform((typed) => Math.round(Number(typed.replace(",", ".")) * 100))
    .pipe(z.number().int().min(0).max(10_000_000)),
  reason: z
    .string()
    .transform((text) => neutraliseText(text).trim())
    .pipe(z.string().min(1).max(500).refine(isWellFormedText)),
});

/** A new group: its number of people, and an admin's reason to place it over the places left. */
const groupForm = z.object({
  guests: z.coerce.number().int().min(1).max(50),
  reason: z
    .string()
    .default("")
    .transform((text) => neutraliseText(text).trim())
    .pipe(z.string().max(500).refine(isWellFormedText)),
});

/**
 * A tour booking's slot, acted on from its page: confirm, decline, undo a decline, cancel. A
 * confirmation into a slot without room is refused, unless an admin confirms over the places with
 * a reason, which the audit log keeps. Each answer goes back to the booking's page (303).
 */
export const bookingSlotRoutes = guardedRoutes("booking-slot", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();

  // The price, set by an admin with a reason (the audit log keeps both prices and the reason).
  routes.post(
    "/admin/submissions/tour-bookings/:id/price",
    { config: scheduleRoles, schema: { params: z.object({ id: booking }), body: checkedForm(priceForm, { fallback: "price" }) } },
    async (request, reply) => {
      const { id } = request.params;
      const page = bookingHref(id);
      // A price or reason refused: the page says which, at the price form.
      if (!request.body.ok) return reply.redirect(`${page}?slot=${request.body.problems.price ? "priceInvalid" : "priceReason"}#price-form`, 303);
      const { price, reason } = request.body.value;
      const outcome = await setBookingPrice(context.bookings, id, { priceCents: price, reason }, staffOf(request).email);
      return reply.redirect(`${page}?slot=${outcome === "done" ? "priced" : "stale"}`, 303);
    },
  );

  // The group: more or fewer people at the same time, priced again; over the places only for an admin with a reason.
  routes.post(
    `/admin/submissions/${bookingType}/:id/slot/group`,
    { config: inboxRoles, schema: { params: z.object({ id: booking }), body: checkedForm(groupForm, { fallback: "guests" }) } },
    async (request, reply) => {
      const { id } = request.params;
      const page = bookingHref(id);
      if (!request.body.ok) return reply.redirect(`${page}?slot=groupInvalid#slot-group`, 303);
      const session = staffOf(request);
      const reason = request.body.value.reason;
      const overCapacity = session.role === "admin" && reason !== "";
      const outcome = await changeGroup(context.bookings, id, { guests: request.body.value.guests, overCapacity, reason }, session.email);
      const note =
        outcome instanceof SlotRefused
          ? outcome.reason === "private"
            ? "private"
            : outcome.reason === "full"
              ? "groupFull"
              : "moveClosed"
          : outcome === "done"
            ? "grouped"
            : "stale";
      return reply.redirect(`${page}?slot=${note}`, 303);
    },
  );

  // Move: to another time of the booking's package with room for the group (the page lists them),
  // in one transaction; the visitor gets the updated calendar file, the audit log the two times.
  routes.post(
    `/admin/submissions/${bookingType}/:id/slot/move`,
    { config: inboxRoles, schema: { params: z.object({ id: booking }), body: moveForm } },
    async (request, reply) => {
      const { id } = request.params;
      const page = bookingHref(id);
      const bookedPackage = bookedPackageOf(context.bookings, id);
      if (!bookedPackage) return reply.redirect(page, 303);
      const local = request.body.slot;
      if (!local) return reply.redirect(`${page}?slot=moveChoose`, 303);
      const outcome = await moveByStaff(context.bookings, id, { package: bookedPackage, ...local }, staffOf(request).email, reasonOf(request.body));
      const note =
        outcome instanceof SlotRefused
          ? outcome.reason === "full"
            ? "moveFull"
            : outcome.reason === "private"
              ? "private"
              : outcome.reason === "horizon"
                ? "moveHorizon"
                : "moveClosed"
          : outcome;
      return reply.redirect(`${page}?slot=${note}`, 303);
    },
  );

  const schema = { params: z.object({ id: booking, action: z.enum([...slotActions, ...checkInActions]) }), body: slotActionForm };
  routes.post(`/admin/submissions/${bookingType}/:id/slot/:action`, { config: inboxRoles, schema }, async (request, reply) => {
    const { id, action } = request.params;
    const page = bookingHref(id);
    const { sure, reason, back } = request.body;
    if (isCheckIn(action)) {
      // Arrived, absent (a no-show) or undone, from the day sheet or the booking's page.
      // Back on the sheet, at the guest's own row (its fragment): the phone keeps its place on the page.
      const outcome = await markAttendance(context.bookings, id, checkIns[action], staffOf(request).email);
      if (back) return reply.redirect(outcome === "done" ? `${back}#${sheetRowId(id)}` : `${back}&note=${outcome}`, 303);
      return reply.redirect(`${page}?slot=${outcome === "done" ? `checkIn-${action}` : outcome === "early" ? "checkInEarly" : "stale"}`, 303);
    }
    if (!bookedPackageOf(context.bookings, id)) return reply.redirect(page, 303);
    const session = staffOf(request);
    const override = request.body.override === "yes" && session.role === "admin";
    if (override && reason === "") return reply.redirect(`${page}?slot=reasonNeeded`, 303);
    if ((action === "decline" || action === "cancel") && !sure) return reply.redirect(page, 303);
    const staff = { actor: session.email, override, reason, fullPrice: request.body.fullPrice === "yes" };
    const outcome =
      action === "confirm"
        ? await confirmBooking(context.bookings, id, staff)
        : action === "undo"
          ? await undoDecline(context.bookings, id, staff)
          : action === "decline"
            ? await declineBooking(context.bookings, id, session.email)
            : await cancelByStaff(context.bookings, id, session.email, reasonOf(request.body));
    return reply.redirect(`${page}?slot=${outcome === "done" ? action : slotNoteOf[outcome]}`, 303);
  });
});
