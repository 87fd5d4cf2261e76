/**
 * The tours' public routes: the availability of a package's slots, and the visitor's own page
 * behind the private link of their e-mails (GET shows, POST moves or cancels until the cut-off).
 */
import formbody from "@fastify/formbody";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { tourPackageIds } from "#forms/tour-booking";
import { availabilityJson } from "../bookings/availability";
import { cancelByVisitor } from "../bookings/cancel";
import type { Bookings } from "../bookings/deps";
import { moveByVisitor } from "../bookings/move";
import { dayCount, isDay, parseStart } from "../bookings/paris-time";
import { SlotRefused } from "../bookings/ledger";
import { offerPageOf, visitPageOf } from "../bookings/visitor-page";
import { requestLanguage, visitByToken, visitOf, type BookedVisit } from "../bookings/visits";
import { stopThanks } from "../bookings/thanks-stop";
import { leaveWaitlist, takeOffer } from "../bookings/waitlist-offer";
import { languageFromHeader } from "../mail/language";
import { Waitlist, type WaitlistEntry } from "../db/tour-waitlist";
import { sendServerPage, siteStylesheetOf } from "../pages/document";
import { thanksStopPage, type ThanksStopPage } from "../pages/thanks-stop";
import { invalidVisitLinkPage, visitPage, waitlistPage, type VisitPageNote } from "../pages/visit";
import type { RouteLimit } from "./route-config";
import type { Language } from "#core/languages";
import { apiPaths } from "#core/paths";

/** The most days one availability request may cover (a quarter). */
const maxAvailabilityDays = 93;
/** How long a browser or a proxy may reuse an availability answer: places change, but not every second. */
const availabilityMaxAgeSeconds = 5;

/** A `YYYY-MM-DD` day of the calendar. */
const day = z.string().refine(isDay, "YYYY-MM-DD");
/** The availability request: a package and the days from and to (at most a quarter, in order). */
const availabilityQuery = z.object({ package: z.enum(tourPackageIds), from: day, to: day }).superRefine((query, context) => {
  if (query.to < query.from) context.addIssue({ code: "custom", path: ["to"], message: "to is before from" });
  else if (dayCount(query.from, query.to) > maxAvailabilityDays)
    context.addIssue({ code: "custom", path: ["to"], message: `to is more than ${maxAvailabilityDays} days after from` });
});
/** The 400 of an availability request: the fields, and what they must be. */
function availabilityProblem(issues: readonly { keyword: string; instancePath: string; message?: string }[]) {
  const fields = [...new Set(issues.map((issue) => issue.instancePath.split("/")[1] ?? ""))].filter((name) => name !== "");
  const range = issues.find((issue) => issue.keyword === "custom" && issue.message?.startsWith("to is"));
  if (range && fields.length === 1) return { fields, error: `Invalid field: ${range.message ?? ""}` };
  return { fields, error: `Invalid fields: ${fields.join(", ")} (package: ${tourPackageIds.join(", ")}; from and to: YYYY-MM-DD)` };
}

/** A private link's token; anything else (a list, a malformed value) reads as none: the "invalid link" page. */
const token = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .optional()
  .catch(undefined);
/** A field the visitor's page sends, read as text or as absent; each route says what it accepts. */
const text = z.string().optional().catch(undefined);
/** The visitor's page: its link (and the day whose times it shows), and its two forms (move, cancel). */
const manageSchema = {
  get: { querystring: z.object({ token, day: text }) },
  post: { body: z.object({ token, action: text, confirm: text, slot: text }).optional() },
};
/** The thank-you e-mails' stop link: its token in the query (a link opened, a provider's one-click POST) or the page's form. */
const thanksSchema = { get: { querystring: z.object({ token }) }, post: { querystring: z.object({ token }), body: z.object({ token }).optional() } };
/** A waitlist's page: its link, and its forms (take the places offered; leave the list). */
const offerSchema = {
  get: { querystring: z.object({ token }) },
  post: { body: z.object({ token, action: text }).optional() },
};

/** Registers the tours' routes under /api/, each with its schema (fastify-type-provider-zod). */
export async function tourRoutes(
  api: FastifyInstance,
  { bookings, limit, availabilityLimit, siteUrl }: { bookings: Bookings; limit: RouteLimit; availabilityLimit: RouteLimit; siteUrl: string },
): Promise<void> {
  // The page's forms send `application/x-www-form-urlencoded`; only these routes read it.
  await api.register(formbody, { bodyLimit: 1024 });
  api.setValidatorCompiler(validatorCompiler);
  const routes = api.withTypeProvider<ZodTypeProvider>();
  const config: FastifyContextConfig = limit ? { rateLimit: limit } : {};
  api.setErrorHandler((error, _request, reply) => {
    if (!hasZodFastifySchemaValidationErrors(error)) throw error;
    return reply.status(400).type("application/json; charset=utf-8").send(availabilityProblem(error.validation));
  });

  // Its own limit, far above the forms': reading the places is what the time picker does at every click.
  const availabilityConfig: FastifyContextConfig = availabilityLimit ? { rateLimit: availabilityLimit } : {};
  routes.get(apiPaths.tourAvailability, { config: availabilityConfig, schema: { querystring: availabilityQuery } }, async (request, reply) => {
    const query = request.query;
    return reply
      .header("Cache-Control", `public, max-age=${availabilityMaxAgeSeconds}`)
      .type("application/json; charset=utf-8")
      .send(availabilityJson(bookings, query.package, query.from, query.to));
  });

  const page = (reply: FastifyReply, status: number, visit: BookedVisit, note: VisitPageNote, day = visit.date) =>
    sendServerPage(reply, status, visitPage({ page: visitPageOf(bookings, visit, day), note, siteUrl }, siteStylesheetOf(reply.request)));
  const invalidLink = (request: FastifyRequest, reply: FastifyReply) =>
    sendServerPage(reply, 404, invalidVisitLinkPage(languageFromHeader(request.headers["accept-language"]), siteStylesheetOf(request)));

  routes.get(apiPaths.tourBooking, { config, schema: manageSchema.get }, async (request, reply) => {
    const { token, day } = request.query;
    const visit = token ? visitByToken(bookings.db, token) : null;
    if (!visit) return invalidLink(request, reply);
    return page(reply, 200, visit, null, day !== undefined && isDay(day) ? day : visit.date);
  });

  // A waitlist offer: GET shows it, POST takes the places (once; a second POST shows the booking).
  const offerPage = (reply: FastifyReply, status: number, entry: WaitlistEntry, booked: boolean, left = false) => {
    const visit = visitOf(bookings.db, entry.bookingId);
    const lang = visit?.language ?? requestLanguage(bookings.db, entry.bookingId);
    return sendServerPage(reply, status, waitlistPage({ page: offerPageOf(bookings, entry, lang), siteUrl, booked, left }, siteStylesheetOf(reply.request)));
  };
  const offerOf = (token: string | undefined) => (token ? new Waitlist(bookings.db).byToken(token) : null);

  routes.get(apiPaths.tourWaitlist, { config, schema: offerSchema.get }, async (request, reply) => {
    const entry = offerOf(request.query.token);
    if (!entry) return invalidLink(request, reply);
    return offerPage(reply, 200, entry, false);
  });

  routes.post(apiPaths.tourWaitlist, { config, schema: offerSchema.post }, async (request, reply) => {
    const entry = offerOf(request.body?.token);
    if (!entry) return invalidLink(request, reply);
    if (request.body?.action === "leave") {
      const left = await leaveWaitlist(bookings, entry.token);
      return offerPage(reply, left === "left" ? 200 : 409, offerOf(entry.token)!, false, left === "left");
    }
    const outcome = await takeOffer(bookings, entry.token);
    return offerPage(reply, outcome === "booked" ? 200 : 409, offerOf(entry.token)!, outcome === "booked");
  });

  // The link of a thank-you e-mail: GET asks (a scanner opening it changes nothing), POST stops them;
  // mail providers POST it themselves (RFC 8058 one-click, from their servers: `crossSite`).
  const thanksPage = (reply: FastifyReply, status: number, lang: Language, page: ThanksStopPage) =>
    sendServerPage(reply, status, thanksStopPage(bookings.content.current.site, lang, page, siteStylesheetOf(reply.request)));
  const noSuchLink = (request: FastifyRequest) => languageFromHeader(request.headers["accept-language"]);
  routes.get(apiPaths.tourThanks, { config, schema: thanksSchema.get }, async (request, reply) => {
    const { token } = request.query;
    const visit = token ? visitByToken(bookings.db, token) : null;
    if (!token || !visit) return thanksPage(reply, 404, noSuchLink(request), { kind: "invalid" });
    return thanksPage(reply, 200, visit.language, { kind: "ask", token });
  });
  routes.post(apiPaths.tourThanks, { config: { ...config, crossSite: true }, schema: thanksSchema.post }, async (request, reply) => {
    const token = request.body?.token ?? request.query.token;
    const visit = token ? await stopThanks(bookings, token) : null;
    if (!visit) return thanksPage(reply, 404, noSuchLink(request), { kind: "invalid" });
    return thanksPage(reply, 200, visit.language, { kind: "done" });
  });

  routes.post(apiPaths.tourBooking, { config, schema: manageSchema.post }, async (request, reply) => {
    const body = request.body ?? {};
    const visit = body.token ? visitByToken(bookings.db, body.token) : null;
    if (!visit) return invalidLink(request, reply);
    if (body.action === "cancel") {
      if (body.confirm !== "yes") return page(reply, 400, visit, "mustConfirm");
      const outcome = await cancelByVisitor(bookings, visit.bookingId);
      return page(reply, outcome === "late" ? 409 : 200, visitOf(bookings.db, visit.bookingId)!, outcome === "late" ? "tooLate" : "cancelled");
    }
    if (body.action === "move") {
      const local = body.slot !== undefined ? parseStart(body.slot) : null;
      if (!local) return page(reply, 400, visit, "taken");
      const outcome = await moveByVisitor(bookings, visit.bookingId, { package: visit.package, ...local });
      const now = visitOf(bookings.db, visit.bookingId)!;
      if (outcome instanceof SlotRefused) return page(reply, 409, now, outcome.reason === "horizon" ? "horizon" : "taken");
      if (outcome === "limit") return page(reply, 429, now, "moveLimit");
      if (outcome === "same") return page(reply, 409, now, "sameTime");
      return page(reply, outcome === "late" ? 409 : 200, now, outcome === "late" ? "tooLate" : "moved");
    }
    return page(reply, 400, visit, null);
  });
}
