/**
 * The guests the estate knows (../../bookings/guests.ts): `/admin/guests` lists them with a
 * search, `/admin/guests/<booking>` opens the person behind a booking (by the booking's id, so no
 * address rides in an address bar or a log), and its form saves the staff's tags, notes and
 * country, logged (`guest.noted`). For the accounts that open the inbox.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { isOneOf, recordOf } from "#core/records";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { isWellFormedText, neutraliseText } from "#forms/text";
import { guestOfBooking as guestBehind, guestsMatching, noteGuest, suggestedTags, tagLimits, type Guest } from "../../bookings/guests";
import { queryText, sendPage, staffOf, viewFor } from "../shared/context";
import { checkedForm, namedProblems, type TypedFields } from "../shared/staff-form";
import { inboxRoles } from "../shared/roles";
import { guardedRoutes } from "../shared/staff-guard";
import type { ViewContext } from "../shared/view-context";
import { countryChoices, GuestPage, GuestsPage, guestTagField } from "./guest-views";
import { guestHref } from "../shared/links";
import { NotFoundPage } from "../shared/error-pages";

const idPattern = /^[0-9a-f-]{36}$/;
const params = z.object({ id: z.string() });

/** A suggested tag's box: ticked when sent as `yes`. */
const tagBox = z
  .string()
  .optional()
  .transform((value) => value === "yes");
const tagBoxes = recordOf(suggestedTags.map(guestTagField), () => tagBox);

/**
 * The form of a guest's record: the suggested tags' boxes, other tags typed with commas (each a
 * word or two), the staff's notes, and a country (a region's code, or none for the phone's). Which
 * countries may be chosen is the route's to check: the list's, or the one the record has already.
 */
const guestForm = z
  .object({
    ...tagBoxes,
    otherTags: z
      .string()
      .default("")
      .transform((text) =>
        text
          .split(/[,，、;]/)
          .map((tag) => neutraliseText(tag).trim())
          .filter((tag) => tag !== ""),
      )
      .refine((tags) => tags.every((tag) => tag.length <= tagLimits.length && isWellFormedText(tag)), "tags"),
    notes: z
      .string()
      .default("")
      .transform((text) => neutraliseText(text).trim())
      .refine((notes) => notes.length <= 2000 && isWellFormedText(notes), "notes"),
    country: z
      .string()
      .trim()
      .default("")
      .refine((code) => code === "" || /^[A-Z]{2}$/.test(code), "country"),
  })
  .transform(({ otherTags, notes, country, ...boxes }) => ({
    tags: [...suggestedTags.filter((tag) => boxes[guestTagField(tag)]), ...otherTags],
    notes,
    country: country === "" ? null : country,
  }))
  .refine((form) => form.tags.length <= tagLimits.count, { path: ["otherTags"], message: "tags" });

/** Each field's problem on the page, in the staff's language. */
const guestProblems = (view: ViewContext): Record<"otherTags" | "notes" | "country", string> => ({
  otherTags: view.t("guest.error.tags", { count: tagLimits.count, length: tagLimits.length }),
  notes: view.t("guest.error.notes"),
  country: view.t("guest.error.country"),
});

export const guestRoutes = guardedRoutes("guests", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();

  routes.get("/admin/guests", { config: inboxRoles, schema: { querystring: z.object({ q: queryText }) } }, async (request, reply) => {
    const search = (request.query.q ?? "").slice(0, 100);
    return sendPage(
      reply,
      200,
      createElement(GuestsPage, { view: viewFor(context, request, reply), guests: guestsMatching(context.bookings, search), search }),
    );
  });

  /** The person behind a booking, or null (no such booking, or a walk-in who left neither address nor phone). */
  const guestOfBooking = (id: string): Guest | null => {
    return idPattern.test(id) ? guestBehind(context.bookings, id) : null;
  };
  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    guest: Guest,
    id: string,
    extra: { saved?: boolean; fieldProblems?: Record<string, string>; typed?: TypedFields } = {},
  ) =>
    sendPage(
      reply,
      status,
      createElement(GuestPage, {
        view: viewFor(context, request, reply),
        guest,
        bookingId: id,
        saved: extra.saved ?? false,
        fieldProblems: extra.fieldProblems ?? {},
        typed: extra.typed ?? null,
      }),
    );
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 404, createElement(NotFoundPage, { view: viewFor(context, request, reply) }));

  routes.get("/admin/guests/:id", { config: inboxRoles, schema: { params, querystring: z.object({ saved: queryText }) } }, async (request, reply) => {
    const guest = guestOfBooking(request.params.id);
    if (!guest) return notFound(request, reply);
    return page(request, reply, 200, guest, request.params.id, { saved: request.query.saved === "1" });
  });

  routes.post(
    "/admin/guests/:id",
    { config: inboxRoles, schema: { params, body: checkedForm<typeof guestForm, keyof z.input<typeof guestForm>>(guestForm, { fallback: "notes" }) } },
    async (request, reply) => {
      const { id } = request.params;
      const guest = guestOfBooking(id);
      if (!guest) return notFound(request, reply);
      const { typed } = request.body;
      // A country from the list, or the one the record has (from the phone) even if the list lacks it.
      const offered = (country: string | null) => country === null || isOneOf(countryChoices, country) || country === guest.country;
      const problems = request.body.ok ? (offered(request.body.value.country) ? {} : { country: "country" }) : request.body.problems;
      if (!request.body.ok || Object.keys(problems).length > 0)
        return page(request, reply, 400, guest, id, { fieldProblems: namedProblems(problems, guestProblems(viewFor(context, request, reply))), typed });
      const { notes, tags, country } = request.body.value;
      await noteGuest(context.bookings, { key: guest.key, bookingId: id }, { notes, tags, country }, staffOf(request).email);
      return reply.redirect(`${guestHref(id)}?saved=1`, 303);
    },
  );
});
