/**
 * The tours' public routes: the availability of a package's slots, and the visitor's own page
 * behind the private link of their e-mails (GET shows, POST moves or cancels until the cut-off).
 */
import formbody from "@fastify/formbody";
import { TransNoContext } from "@lingui/react/server";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { localNames } from "#content/names";
import { formatEventDate, formatTime } from "#core/format";
import { localizePath } from "#core/paths";
import { languageTags, type Language } from "#core/languages";
import { tourPackageIds } from "#forms/tour-booking";
import { translator, type MessageId } from "#locales";
import type { BookedVisit, TourService } from "../bookings/service";
import { contactLink, visitorMovesPerDay } from "../bookings/service";
import { addDays, dayCount, isDay, localOf, parseStart } from "../bookings/paris-time";
import { slotStart } from "../bookings/schedule";
import { SlotRefused, type OpenSlot } from "../bookings/ledger";
import { languageFromHeader } from "../mail/language";
import { managePath, offerPath } from "../mail/tour-visit";
import type { WaitlistEntry } from "../db/tour-waitlist";
import { renderPage, serverPagePolicy, siteStylesheetOf } from "../pages/document";
import type { RouteLimit } from "./route-config";

/** The most days one availability request may cover (a quarter). */
export const maxAvailabilityDays = 93;
/** How long a browser or a proxy may reuse an availability answer: places change, but not every second. */
export const availabilityMaxAgeSeconds = 5;

/** A `YYYY-MM-DD` day of the calendar. */
const day = z.string().refine(isDay, "YYYY-MM-DD");
/** The availability request: a package and the days from and to (at most a quarter, in order). */
const availabilityQuery = z
  .object({ package: z.enum(tourPackageIds), from: day, to: day })
  .superRefine((query, context) => {
    if (query.to < query.from) context.addIssue({ code: "custom", path: ["to"], message: "to is before from" });
    else if (dayCount(query.from, query.to) > maxAvailabilityDays) context.addIssue({ code: "custom", path: ["to"], message: `to is more than ${maxAvailabilityDays} days after from` });
  });
/** The 400 of an availability request: the fields, and what they must be. */
function availabilityProblem(issues: readonly { keyword: string; instancePath: string; message?: string }[]) {
  const fields = [...new Set(issues.map((issue) => issue.instancePath.split("/")[1] ?? ""))].filter((name) => name !== "");
  const range = issues.find((issue) => issue.keyword === "custom" && issue.message?.startsWith("to is"));
  if (range && fields.length === 1) return { fields, error: `Invalid field: ${range.message ?? ""}` };
  return { fields, error: `Invalid fields: ${fields.join(", ")} (package: ${tourPackageIds.join(", ")}; from and to: YYYY-MM-DD)` };
}

/** A private link's token; anything else (a list, a malformed value) reads as none: the "invalid link" page. */
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/).optional().catch(undefined);
/** A field the visitor's page sends, read as text or as absent; each route says what it accepts. */
const text = z.string().optional().catch(undefined);
/** The visitor's page: its link (and the day whose times it shows), and its two forms (move, cancel). */
const manageSchema = {
  get: { querystring: z.object({ token, day: text }) },
  post: { body: z.object({ token, action: text, confirm: text, slot: text }).optional() },
};
/** A waitlist's page: its link, and its forms (take the places offered; leave the list). */
const offerSchema = {
  get: { querystring: z.object({ token }) },
  post: { body: z.object({ token, action: text }).optional() },
};

/** What the visitor's page shows after a POST, or what went wrong. */
type PageNote = "moved" | "cancelled" | "tooLate" | "taken" | "mustConfirm" | "moveLimit" | "horizon" | null;

const statusText: Record<BookedVisit["status"], MessageId> = {
  pending: "manage.status.pending",
  confirmed: "manage.status.confirmed",
  cancelled: "manage.status.cancelled",
  declined: "manage.status.declined",
  expired: "manage.status.expired",
};

/** The slots of some days a visit can move to: its package's, with room for its group, its own slot left out. */
function moveOptions(tours: TourService, visit: BookedVisit, from: string, to = from): OpenSlot[] {
  return tours.availability(visit.package, from, to).filter((slot) => slot.placesLeft >= visit.guests && !(slot.date === visit.date && slot.time === visit.time));
}

/** How far ahead the visitor's page lists months to move to (the booking form's own horizon is two years). */
const monthsAhead = 24;

/** The first day of the month of `day`, and of the months before and after it. */
function monthOf(day: string) {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const first = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10);
  return { first: first(year, month), previous: first(year, month - 1), next: first(year, month + 1), last: addDays(first(year, month + 1), -1) };
}

/**
 * The day chooser of the visitor's page, with no script: the month shown (in the page's
 * language, with links to the months before and after it) and a list of its days that have a
 * time with room for the group, each written as the page's language writes a date (a browser's
 * own date field shows the browser's format, 12/10/2026 on a Japanese page).
 */
function DayChooser({ tours, visit, day, today }: { tours: TourService; visit: BookedVisit; day: string; today: string }) {
  const lang = visit.language;
  const { t } = translator(lang);
  const month = monthOf(day < today ? today : day);
  const days = [...new Set(moveOptions(tours, visit, month.first < today ? today : month.first, month.last).map((slot) => slot.date))];
  const link = (to: string) => `${managePath}?${new URLSearchParams({ token: visit.token, day: to })}`;
  const monthName = new Intl.DateTimeFormat(languageTags[lang], { year: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${month.first}T00:00:00Z`));
  const lastMonth = monthOf(addDays(today, 31 * monthsAhead)).first;
  return (
    <>
      <p className="months">
        {month.first > monthOf(today).first ? <a href={link(month.previous)}>{t("manage.previousMonth")}</a> : null}
        <strong>{monthName}</strong>
        {month.next <= lastMonth ? <a href={link(month.next)}>{t("manage.nextMonth")}</a> : null}
      </p>
      {days.length > 0 ? (
        <form method="get" action={managePath}>
          <input type="hidden" name="token" value={visit.token} />
          <label htmlFor="day">{t("manage.day")}</label>
          <select id="day" name="day" defaultValue={days.includes(day) ? day : days[0]}>
            {days.map((option) => (
              <option key={option} value={option}>
                {formatEventDate(option, lang)}
              </option>
            ))}
          </select>
          <button type="submit">{t("manage.showTimes")}</button>
        </form>
      ) : (
        <p>{t("manage.noDaysThatMonth")}</p>
      )}
    </>
  );
}

/** A time and its places left, as the booking form lists them (「15:00（残り8席）」). */
function SlotOption({ lang, time, placesLeft }: { lang: Language; time: string; placesLeft: number }) {
  const { t, lingui } = translator(lang);
  return (
    <TransNoContext
      id="wineTours.slots.option"
      values={{ time: formatTime(time, lang), places: t("wineTours.slots.placesLeft", { count: placesLeft }) }}
      components={{ time: <strong /> }}
      lingui={{ i18n: lingui }}
    />
  );
}

/** The visitor's page, in their language. */
function ManagePage({ visit, tours, note, siteUrl, day }: { visit: BookedVisit; tours: TourService; note: PageNote; siteUrl: string; day: string }) {
  const lang = visit.language;
  const { t } = translator(lang);
  const schedule = tours.schedule();
  const contact = contactLink(siteUrl, lang);
  const changeable = tours.changeable(visit);
  const today = localOf(tours.now).date;
  const past = day < today;
  const options = changeable && !past ? moveOptions(tours, visit, day) : [];
  const notes: Record<Exclude<PageNote, null>, string> = {
    moved: t("manage.moved"),
    cancelled: t("manage.cancelled"),
    tooLate: t("manage.tooLate", { hours: schedule.cutoffHours, contact }),
    taken: t("manage.taken"),
    mustConfirm: t("manage.mustConfirm"),
    moveLimit: t("manage.moveLimit", { count: visitorMovesPerDay, contact }),
    horizon: t("wineTours.slots.conflictHorizon", { months: schedule.horizonMonths, contact }),
  };
  return (
    <>
      <p className="estate">{localNames(tours.content.current.site, lang).estate}</p>
      <h1>{t("manage.title")}</h1>
      {note ? <p role={note === "moved" || note === "cancelled" ? "status" : "alert"}>{notes[note]}</p> : null}
      {/* Just cancelled: the note has said it, once. */}
      <p data-status={visit.status} hidden={note === "cancelled"}>
        {t(statusText[visit.status])}
      </p>
      <ul>
        <li>{t("mail.booking.when", { date: formatEventDate(visit.date, lang), time: formatTime(visit.time, lang) })}</li>
        <li>{t("mail.booking.tour", { tour: tours.content.tourName(visit.package, lang) })}</li>
        <li>{t("mail.booking.guests", { count: visit.guests })}</li>
      </ul>
      {changeable ? (
        <>
          <section>
            <h2>{t("manage.moveTitle")}</h2>
            {/* The day is chosen with plain GET forms and links, so the page needs no script. */}
            <DayChooser tours={tours} visit={visit} day={day} today={today} />
            {past ? (
              <p role="alert">{t("manage.pastDay")}</p>
            ) : options.length > 0 ? (
              <form method="post" action={managePath}>
                <input type="hidden" name="token" value={visit.token} />
                <input type="hidden" name="action" value="move" />
                <fieldset>
                  <legend>{t("wineTours.slots.legend", { date: formatEventDate(day, lang) })}</legend>
                  {options.map((slot) => (
                    <label key={slot.time}>
                      <input type="radio" name="slot" value={slotStart(schedule, slot)} required />
                      <SlotOption lang={lang} time={slot.time} placesLeft={slot.placesLeft} />
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

/**
 * A waitlist's page, in the visitor's language: the time; an offer's places, until when they are
 * kept, and the button that takes them; and while they wait or have an offer, the button that
 * takes them off the list.
 */
function OfferPage({ entry, tours, lang, siteUrl, booked, left }: { entry: WaitlistEntry; tours: TourService; lang: Language; siteUrl: string; booked: boolean; left: boolean }) {
  const { t } = translator(lang);
  const open = entry.status === "offered" && entry.offeredUntil !== null && entry.offeredUntil > tours.now.toISOString();
  const until = entry.offeredUntil ? localOf(new Date(entry.offeredUntil)) : null;
  const state = left
    ? t("waitlist.left")
    : booked || entry.status === "taken"
      ? t("waitlist.booked")
      : open
        ? null
        : entry.status === "waiting"
          ? t("waitlist.waiting")
          : t("waitlist.lapsed", { contact: contactLink(siteUrl, lang) });
  return (
    <>
      <p className="estate">{localNames(tours.content.current.site, lang).estate}</p>
      <h1>{t("waitlist.title")}</h1>
      {state ? <p role={booked || left ? "status" : undefined}>{state}</p> : null}
      <ul>
        <li>{t("mail.booking.when", { date: formatEventDate(entry.date, lang), time: formatTime(entry.time, lang) })}</li>
        <li>{t("mail.booking.tour", { tour: tours.content.tourName(entry.package, lang) })}</li>
        <li>{t("mail.booking.guests", { count: entry.guests })}</li>
      </ul>
      {open && until && !booked ? (
        <form method="post" action={offerPath}>
          <p>{t("waitlist.offer", { untilDate: formatEventDate(until.date, lang), untilTime: formatTime(until.time, lang) })}</p>
          <input type="hidden" name="token" value={entry.token} />
          <button type="submit">{t("waitlist.take")}</button>
        </form>
      ) : null}
      {!left && (entry.status === "waiting" || open) ? (
        <form method="post" action={offerPath}>
          <input type="hidden" name="token" value={entry.token} />
          <input type="hidden" name="action" value="leave" />
          <button type="submit" className="secondary">
            {t("waitlist.leave")}
          </button>
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
    .send(renderPage({ lang, title, children: body, stylesheet: siteStylesheetOf(reply.request) }));
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

/** Registers the tours' routes under /api/, each with its schema (fastify-type-provider-zod). */
export async function tourRoutes(api: FastifyInstance, { tours, limit, availabilityLimit, siteUrl }: { tours: TourService; limit: RouteLimit; availabilityLimit: RouteLimit; siteUrl: string }): Promise<void> {
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
  routes.get("/api/tours/availability", { config: availabilityConfig, schema: { querystring: availabilityQuery } }, async (request, reply) => {
    const query = request.query;
    return reply
      .header("Cache-Control", `public, max-age=${availabilityMaxAgeSeconds}`)
      .type("application/json; charset=utf-8")
      .send(tours.availabilityJson(query.package, query.from, query.to));
  });

  const page = (reply: FastifyReply, status: number, visit: BookedVisit, note: PageNote, day = visit.date) =>
    sendHtml(
      reply,
      status,
      visit.language,
      `${translator(visit.language).t("manage.title")} — ${localNames(tours.content.current.site, visit.language).estate}`,
      <ManagePage visit={visit} tours={tours} note={note} siteUrl={siteUrl} day={day} />,
    );

  routes.get(managePath, { config, schema: manageSchema.get }, async (request, reply) => {
    const { token, day } = request.query;
    const visit = token ? tours.visitByToken(token) : null;
    if (!visit) return invalidLink(request, reply);
    return page(reply, 200, visit, null, day !== undefined && isDay(day) ? day : visit.date);
  });

  // A waitlist offer: GET shows it, POST takes the places (once; a second POST shows the booking).
  const offerPage = (reply: FastifyReply, status: number, entry: WaitlistEntry, booked: boolean, left = false) => {
    const visit = tours.visit(entry.bookingId);
    const lang = visit?.language ?? tours.requestLanguage(entry.bookingId);
    return sendHtml(reply, status, lang, `${translator(lang).t("waitlist.title")} — ${localNames(tours.content.current.site, lang).estate}`, <OfferPage entry={entry} tours={tours} lang={lang} siteUrl={siteUrl} booked={booked} left={left} />);
  };
  const offerOf = (token: string | undefined) => (token ? tours.waitlist.byToken(token) : null);

  routes.get(offerPath, { config, schema: offerSchema.get }, async (request, reply) => {
    const entry = offerOf(request.query.token);
    if (!entry) return invalidLink(request, reply);
    return offerPage(reply, 200, entry, false);
  });

  routes.post(offerPath, { config, schema: offerSchema.post }, async (request, reply) => {
    const entry = offerOf(request.body?.token);
    if (!entry) return invalidLink(request, reply);
    if (request.body?.action === "leave") {
      const left = await tours.leaveWaitlist(entry.token);
      return offerPage(reply, left === "left" ? 200 : 409, tours.waitlist.byToken(entry.token)!, false, left === "left");
    }
    const outcome = await tours.takeOffer(entry.token);
    return offerPage(reply, outcome === "booked" ? 200 : 409, tours.waitlist.byToken(entry.token)!, outcome === "booked");
  });

  routes.post(managePath, { config, schema: manageSchema.post }, async (request, reply) => {
    const body = request.body ?? {};
    const visit = body.token ? tours.visitByToken(body.token) : null;
    if (!visit) return invalidLink(request, reply);
    if (body.action === "cancel") {
      if (body.confirm !== "yes") return page(reply, 400, visit, "mustConfirm");
      const outcome = await tours.cancelByVisitor(visit.bookingId);
      return page(reply, outcome === "late" ? 409 : 200, tours.visit(visit.bookingId)!, outcome === "late" ? "tooLate" : "cancelled");
    }
    if (body.action === "move") {
      const local = body.slot !== undefined ? parseStart(body.slot) : null;
      if (!local) return page(reply, 400, visit, "taken");
      const outcome = await tours.moveByVisitor(visit.bookingId, { package: visit.package, ...local });
      const now = tours.visit(visit.bookingId)!;
      if (outcome instanceof SlotRefused) return page(reply, 409, now, outcome.reason === "horizon" ? "horizon" : "taken");
      if (outcome === "limit") return page(reply, 429, now, "moveLimit");
      return page(reply, outcome === "late" ? 409 : 200, now, outcome === "late" ? "tooLate" : "moved");
    }
    return page(reply, 400, visit, null);
  });
}
