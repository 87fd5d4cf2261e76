/**
 * The guests the estate knows (../../bookings/guests.ts): `/admin/guests` lists them with a
 * search, `/admin/guests/<booking>` opens the person behind a booking (by the booking's id, so no
 * address rides in an address bar or a log), and its form saves the staff's tags, notes and
 * country, logged (`guest.noted`). For the accounts that open the inbox.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { isWellFormedText, neutraliseText } from "#forms/text";
import { guestOf, saveGuest, suggestedTags, tagLimits, type Guest } from "../../bookings/guests";
import { auditActions, recordAudit } from "../../db/audit";
import { emailOfBooking, listGuests } from "../../db/tour-guests";
import { queryText, sendPage, staffForm, staffOf, viewFor } from "../context";
import { inboxRoles } from "../roles";
import { guardedRoutes } from "../staff-guard";
import { countryChoices, GuestPage, GuestsPage, guestHref } from "../views/guest-views";
import { NotFoundPage } from "../views/sign-in-page";

const idPattern = /^[0-9a-f-]{36}$/;
const params = z.object({ id: z.string() });

export const guestRoutes = guardedRoutes("guests", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();

  routes.get("/admin/guests", { config: inboxRoles, schema: { querystring: z.object({ q: queryText }) } }, async (request, reply) => {
    const search = (request.query.q ?? "").slice(0, 100);
    return sendPage(reply, 200, createElement(GuestsPage, { view: viewFor(context, request, reply), guests: listGuests(context.db, search), search }));
  });

  /** The person behind a booking, or null (no such booking, or one without an address: a walk-in). */
  const guestOfBooking = (id: string): Guest | null => {
    if (!idPattern.test(id)) return null;
    const email = emailOfBooking(context.db, id);
    return email ? guestOf(context.db, email) : null;
  };
  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    guest: Guest,
    id: string,
    extra: { saved?: boolean; problems?: string[]; typed?: { notes: string; tags: string[]; country: string } } = {},
  ) =>
    sendPage(
      reply,
      status,
      createElement(GuestPage, {
        view: viewFor(context, request, reply),
        guest,
        bookingId: id,
        saved: extra.saved ?? false,
        problems: extra.problems ?? [],
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

  routes.post("/admin/guests/:id", { config: inboxRoles, schema: { params, body: staffForm } }, async (request, reply) => {
    const { id } = request.params;
    const guest = guestOfBooking(id);
    if (!guest) return notFound(request, reply);
    const fields = request.body;
    const view = viewFor(context, request, reply);
    const notes = neutraliseText(fields.notes ?? "").trim();
    const others = (fields.otherTags ?? "").split(/[,，、;]/).map((tag) => neutraliseText(tag).trim());
    const tags = [...suggestedTags.filter((tag) => fields[`tag-${tag}`] === "yes"), ...others.filter((tag) => tag !== "")];
    const country = (fields.country ?? "").trim();
    const typed = { notes: notes.slice(0, 2000), tags, country };
    const problems = [
      ...(notes.length > 2000 || !isWellFormedText(notes) ? [view.t("guest.error.notes")] : []),
      ...(tags.length > tagLimits.count || tags.some((tag) => tag.length > tagLimits.length || !isWellFormedText(tag))
        ? [view.t("guest.error.tags", { count: tagLimits.count, length: tagLimits.length })]
        : []),
      ...(country !== "" && !(countryChoices as readonly string[]).includes(country) && country !== guest.country ? [view.t("guest.error.country")] : []),
    ];
    if (problems.length > 0) return page(request, reply, 400, guest, id, { problems, typed });
    const now = context.now();
    const actor = staffOf(request).email;
    await context.tours.change(() => {
      saveGuest(context.db, guest.email, { notes, tags, country: country === "" ? null : country }, actor, now);
      recordAudit(context.db, { actor, action: auditActions.guestNoted, target: { type: "tour-bookings", id }, detail: { tags } }, now);
    });
    return reply.redirect(`${guestHref(id)}?saved=1`, 303);
  });
});
