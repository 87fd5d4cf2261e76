/**
 * The tours' public routes: the availability of a package's slots, and the visitor's own page
 * behind the private link of their e-mails (GET shows, POST moves or cancels until the cut-off).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { content } from "#content";
import { localNames } from "#content/names";
import { formatEventDate, formatTime } from "#core/format";
import { localizePath } from "#core/paths";
import { defaultLanguage, isLanguage, type Language } from "#core/languages";
import { tourPackageIds, type TourPackageId } from "#forms/tour-booking";
import { translator, type MessageId } from "#locales";
import type { BookedVisit, TourService } from "../bookings/service";
import { contactLink, tourName } from "../bookings/service";
import { dayCount, isDay, localOf, parseStart } from "../bookings/paris-time";
import { slotStart } from "../bookings/schedule";
import { SlotRefused, type OpenSlot } from "../bookings/ledger";
import { languageFromHeader } from "../mail/language";
import { managePath, offerPath } from "../mail/tour-visit";
import type { WaitlistEntry } from "../bookings/waitlist";
import { renderPage, serverPagePolicy } from "../pages/document";
import type { RouteRateLimit } from "./route-config";

/** The most days one availability request may cover (a quarter). */
export const maxAvailabilityDays = 93;
/** How long a browser or a proxy may reuse an availability answer: places change, but not every second. */
export const availabilityMaxAgeSeconds = 5;

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The availability request's fields, checked; or the fields that are wrong. */
function availabilityQuery(query: Record<string, unknown>): { package: TourPackageId; from: string; to: string } | { fields: string[]; error: string } {
  const fields: string[] = [];
  const pkg = query.package;
  if (typeof pkg !== "string" || !(tourPackageIds as readonly string[]).includes(pkg)) fields.push("package");
  const from = typeof query.from === "string" && isDay(query.from) ? query.from : null;
  const to = typeof query.to === "string" && isDay(query.to) ? query.to : null;
  if (!from) fields.push("from");
  if (!to) fields.push("to");
  if (fields.length > 0) return { fields, error: `Invalid fields: ${fields.join(", ")} (package: ${tourPackageIds.join(", ")}; from and to: YYYY-MM-DD)` };
  if (to! < from!) return { fields: ["to"], error: "Invalid field: to is before from" };
  if (dayCount(from!, to!) > maxAvailabilityDays) return { fields: ["to"], error: `Invalid field: to is more than ${maxAvailabilityDays} days after from` };
  return { package: pkg as TourPackageId, from: from!, to: to! };
}

/** What the visitor's page shows after a POST, or what went wrong. */
type PageNote = "moved" | "cancelled" | "tooLate" | "taken" | "mustConfirm" | null;

const statusText: Record<BookedVisit["status"], MessageId> = {
  pending: "manage.status.pending",
  confirmed: "manage.status.confirmed",
  cancelled: "manage.status.cancelled",
  declined: "manage.status.declined",
  expired: "manage.status.expired",
};

/** The slots of one day a visit can move to: its package's, with room for its group, its own slot left out. */
function moveOptions(tours: TourService, visit: BookedVisit, day: string): OpenSlot[] {
  return tours.availability(visit.package, day, day).filter((slot) => slot.placesLeft >= visit.guests && !(slot.date === visit.date && slot.time === visit.time));
}

/** The visitor's page, in their language. */
function ManagePage({ visit, tours, note, siteUrl, day }: { visit: BookedVisit; tours: TourService; note: PageNote; siteUrl: string; day: string }) {
  const lang = visit.language;
  const { t } = translator(lang);
  const schedule = tours.schedule();
  const contact = contactLink(siteUrl, lang);
  const changeable = tours.changeable(visit);
  const options = changeable ? moveOptions(tours, visit, day) : [];
  const notes: Record<Exclude<PageNote, null>, string> = {
    moved: t("manage.moved"),
    cancelled: t("manage.cancelled"),
    tooLate: t("manage.tooLate", { hours: schedule.cutoffHours, contact }),
    taken: t("manage.taken"),
    mustConfirm: t("manage.mustConfirm"),
  };
  return (
    <>
      <p>{localNames(content.site, lang).estate}</p>
      <h1>{t("manage.title")}</h1>
      {note ? <p role={note === "moved" || note === "cancelled" ? "status" : "alert"}>{notes[note]}</p> : null}
      <p data-status={visit.status}>{t(statusText[visit.status])}</p>
      <ul>
        <li>{t("mail.booking.when", { date: formatEventDate(visit.date, lang), time: formatTime(visit.time, lang) })}</li>
        <li>{t("mail.booking.tour", { tour: tourName(visit.package, lang) })}</li>
        <li>{t("mail.booking.guests", { count: visit.guests })}</li>
      </ul>
      {changeable ? (
        <>
          <section>
            <h2>{t("manage.moveTitle")}</h2>
            {/* The day is chosen with a plain GET form, so the page needs no script. */}
            <form method="get" action={managePath}>
              <input type="hidden" name="token" value={visit.token} />
              <label htmlFor="day">{t("manage.day")}</label>
              <input id="day" type="date" name="day" defaultValue={day} required />
              <button type="submit">{t("manage.showTimes")}</button>
            </form>
            {options.length > 0 ? (
              <form method="post" action={managePath}>
                <input type="hidden" name="token" value={visit.token} />
                <input type="hidden" name="action" value="move" />
                <fieldset>
                  <legend>{t("wineTours.slots.legend", { date: formatEventDate(day, lang) })}</legend>
                  {options.map((slot) => (
                    <label key={slot.time}>
                      <input type="radio" name="slot" value={slotStart(schedule, slot)} required />
                      <strong>{formatTime(slot.time, lang)}</strong> · {t("wineTours.slots.placesLeft", { count: slot.placesLeft })}
                    </label>
                  ))}
                </fieldset>
                <button type="submit">{t("manage.moveButton")}</button>
              </form>
            ) : (
              <p>{t("manage.noTimesThatDay")}</p>
            )}
          </section>
          <section>
            <h2>{t("manage.cancelTitle")}</h2>
            <form method="post" action={managePath}>
              <input type="hidden" name="token" value={visit.token} />
              <input type="hidden" name="action" value="cancel" />
              <label>
                <input type="checkbox" name="confirm" value="yes" required />
                {t("manage.cancelConfirm")}
              </label>
              <button type="submit">{t("manage.cancelButton")}</button>
            </form>
          </section>
        </>
      ) : visit.status === "pending" || visit.status === "confirmed" ? (
        <p>{notes.tooLate}</p>
      ) : null}
      <p>
        <a href={localizePath(lang, "/wine-tours")}>{t("subscriber.backToSite")}</a>
      </p>
    </>
  );
}

/** The waitlist offer's page, in the visitor's language: the time, until when it is kept, and one button. */
function OfferPage({ entry, tours, lang, siteUrl, booked }: { entry: WaitlistEntry; tours: TourService; lang: Language; siteUrl: string; booked: boolean }) {
  const { t } = translator(lang);
  const open = entry.status === "offered" && entry.offeredUntil !== null && entry.offeredUntil > tours.now.toISOString();
  const until = entry.offeredUntil ? localOf(new Date(entry.offeredUntil)) : null;
  const state = booked || entry.status === "taken" ? t("waitlist.booked") : open ? null : entry.status === "waiting" ? t("waitlist.waiting") : t("waitlist.lapsed", { contact: contactLink(siteUrl, lang) });
  return (
    <>
      <p>{localNames(content.site, lang).estate}</p>
      <h1>{t("waitlist.title")}</h1>
      {state ? <p role={booked ? "status" : undefined}>{state}</p> : null}
      <ul>
        <li>{t("mail.booking.when", { date: formatEventDate(entry.date, lang), time: formatTime(entry.time, lang) })}</li>
        <li>{t("mail.booking.tour", { tour: tourName(entry.package, lang) })}</li>
        <li>{t("mail.booking.guests", { count: entry.guests })}</li>
      </ul>
      {open && until && !booked ? (
        <form method="post" action={offerPath}>
          <p>{t("waitlist.offer", { untilDate: formatEventDate(until.date, lang), untilTime: formatTime(until.time, lang) })}</p>
          <input type="hidden" name="token" value={entry.token} />
          <button type="submit">{t("waitlist.take")}</button>
        </form>
      ) : null}
      <p>
        <a href={localizePath(lang, "/wine-tours")}>{t("subscriber.backToSite")}</a>
      </p>
    </>
  );
}

function sendHtml(reply: FastifyReply, status: number, lang: Language, title: string, body: React.ReactNode) {
  return reply
    .status(status)
    .header("Content-Type", "text/html; charset=utf-8")
    .header("Content-Security-Policy", serverPagePolicy)
    .header("X-Robots-Tag", "noindex")
    // No referrer to other sites (the token is in the address); same-origin keeps the page's own POSTs' Origin, which no-referrer would make "null".
    .header("Referrer-Policy", "same-origin")
    .send(renderPage({ lang, title, children: body }));
}

function invalidLink(request: FastifyRequest, reply: FastifyReply) {
  const lang = languageFromHeader(request.headers["accept-language"]);
  const { t } = translator(lang);
  return sendHtml(
    reply,
    404,
    lang,
    t("manage.invalidTitle"),
    <>
      <h1>{t("manage.invalidTitle")}</h1>
      <p>{t("manage.invalidText")}</p>
      <p>
        <a href={localizePath(lang, "/contact")}>{t("subscriber.backToSite")}</a>
      </p>
    </>,
  );
}

/** The language of a stored request (a waitlist line has no slot booking yet). */
function languageOfRequest(tours: TourService, bookingId: string): Language {
  const row = tours.db.prepare("SELECT language FROM tour_bookings WHERE id = ?").get(bookingId) as { language: string } | undefined;
  return row && isLanguage(row.language) ? row.language : defaultLanguage;
}

/** Registers the tours' routes under /api/. */
export function tourRoutes(api: FastifyInstance, { tours, routeConfig, siteUrl }: { tours: TourService; routeConfig: RouteRateLimit; siteUrl: string }): void {
  api.get("/api/tours/availability", { config: routeConfig }, async (request, reply) => {
    const query = availabilityQuery(request.query as Record<string, unknown>);
    if ("fields" in query) return reply.status(400).send({ error: query.error, fields: query.fields });
    const schedule = tours.schedule();
    const slots = tours.availability(query.package, query.from, query.to).map((slot) => ({ start: slotStart(schedule, slot), capacity: slot.capacity, placesLeft: slot.placesLeft }));
    return reply.header("Cache-Control", `public, max-age=${availabilityMaxAgeSeconds}`).send({ slots });
  });

  // The page's two forms send `application/x-www-form-urlencoded`; only these routes parse it.
  api.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const page = (reply: FastifyReply, status: number, visit: BookedVisit, note: PageNote, day = visit.date) =>
    sendHtml(
      reply,
      status,
      visit.language,
      `${translator(visit.language).t("manage.title")} — ${localNames(content.site, visit.language).estate}`,
      <ManagePage visit={visit} tours={tours} note={note} siteUrl={siteUrl} day={day} />,
    );

  api.get(managePath, { config: routeConfig }, async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const visit = typeof token === "string" && tokenPattern.test(token) ? tours.visitByToken(token) : null;
    if (!visit) return invalidLink(request, reply);
    const day = (request.query as { day?: unknown }).day;
    return page(reply, 200, visit, null, typeof day === "string" && isDay(day) ? day : visit.date);
  });

  // A waitlist offer: GET shows it, POST takes the places (once; a second POST shows the booking).
  const offerPage = (reply: FastifyReply, status: number, entry: WaitlistEntry, booked: boolean) => {
    const visit = tours.visit(entry.bookingId);
    const lang = visit?.language ?? languageOfRequest(tours, entry.bookingId);
    return sendHtml(reply, status, lang, `${translator(lang).t("waitlist.title")} — ${localNames(content.site, lang).estate}`, <OfferPage entry={entry} tours={tours} lang={lang} siteUrl={siteUrl} booked={booked} />);
  };
  const offerOf = (token: unknown) => (typeof token === "string" && tokenPattern.test(token) ? tours.waitlist.byToken(token) : null);

  api.get(offerPath, { config: routeConfig }, async (request, reply) => {
    const entry = offerOf((request.query as { token?: unknown }).token);
    if (!entry) return invalidLink(request, reply);
    return offerPage(reply, 200, entry, false);
  });

  api.post(offerPath, { config: routeConfig }, async (request, reply) => {
    const entry = offerOf(((request.body ?? {}) as Record<string, unknown>).token);
    if (!entry) return invalidLink(request, reply);
    const outcome = await tours.takeOffer(entry.token);
    return offerPage(reply, outcome === "booked" ? 200 : 409, tours.waitlist.byToken(entry.token)!, outcome === "booked");
  });

  api.post(managePath, { config: routeConfig }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = body.token;
    const visit = typeof token === "string" && tokenPattern.test(token) ? tours.visitByToken(token) : null;
    if (!visit) return invalidLink(request, reply);
    if (body.action === "cancel") {
      if (body.confirm !== "yes") return page(reply, 400, visit, "mustConfirm");
      const outcome = await tours.cancelByVisitor(visit.bookingId);
      return page(reply, outcome === "late" ? 409 : 200, tours.visit(visit.bookingId)!, outcome === "late" ? "tooLate" : "cancelled");
    }
    if (body.action === "move") {
      const local = typeof body.slot === "string" ? parseStart(body.slot) : null;
      if (!local) return page(reply, 400, visit, "taken");
      const outcome = await tours.moveByVisitor(visit.bookingId, { package: visit.package, ...local });
      const now = tours.visit(visit.bookingId)!;
      if (outcome instanceof SlotRefused) return page(reply, 409, now, "taken");
      return page(reply, outcome === "late" ? 409 : 200, now, outcome === "late" ? "tooLate" : "moved");
    }
    return page(reply, 400, visit, null);
  });
}
