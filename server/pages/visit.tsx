/**
 * The visitor's own pages behind the private links of their e-mails: their booking (move it to
 * another time with plain GET forms and links, or cancel it) and their place on a waitlist (take
 * the places offered, or leave). Written by the server (../api/tours.ts), in the visitor's
 * language, with no script.
 */
import { TransNoContext } from "@lingui/react/server";
import { localNames } from "#content/names";
import { formatEventDate, formatTime } from "#core/format";
import { localizePath, apiPaths } from "#core/paths";
import { languageTags, type Language } from "#core/languages";
import { translator, type MessageId } from "#locales";
import type { OfferPageModel, VisitPageModel } from "../bookings/visitor-page";
import { contactLink, visitorMovesPerDay, type BookedVisit } from "../bookings/visits";
import { ExperienceLines, experienceStatus } from "./experience-lines";
import { renderPage } from "./document";

/** What the visitor's page shows after a POST, or what went wrong. */
export type VisitPageNote = "moved" | "cancelled" | "tooLate" | "taken" | "mustConfirm" | "moveLimit" | "sameTime" | "horizon" | null;

const statusText: Record<BookedVisit["status"], MessageId> = {
  pending: "manage.status.pending",
  confirmed: "manage.status.confirmed",
  cancelled: "manage.status.cancelled",
  declined: "manage.status.declined",
  expired: "manage.status.expired",
};

/**
 * The day chooser of the visitor's page, with no script: the month shown (in the page's
 * language, with links to the months before and after it) and a list of its days that have a
 * time with room for the group, each written as the page's language writes a date (a browser's
 * own date field shows the browser's format, 12/10/2026 on a Japanese page).
 */
function DayChooser({ page }: { page: VisitPageModel }) {
  const { visit, month, day } = page;
  const lang = visit.language;
  const { t } = translator(lang);
  const link = (to: string) => `${apiPaths.tourBooking}?${new URLSearchParams({ token: visit.token, day: to })}`;
  const monthName = new Intl.DateTimeFormat(languageTags[lang], { year: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${month.first}T00:00:00Z`),
  );
  return (
    <>
      <p className="months">
        {month.previous ? <a href={link(month.previous)}>{t("manage.previousMonth")}</a> : null}
        <strong>{monthName}</strong>
        {month.next ? <a href={link(month.next)}>{t("manage.nextMonth")}</a> : null}
      </p>
      {month.days.length > 0 ? (
        <form method="get" action={apiPaths.tourBooking}>
          <input type="hidden" name="token" value={visit.token} />
          <label htmlFor="day">{t("manage.day")}</label>
          <select id="day" name="day" defaultValue={month.days.includes(day) ? day : month.days[0]}>
            {month.days.map((option) => (
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
function ManagePage({ page, note, siteUrl }: { page: VisitPageModel; note: VisitPageNote; siteUrl: string }) {
  const { visit, day, changeable } = page;
  const lang = visit.language;
  const { t } = translator(lang);
  const contact = contactLink(siteUrl, lang);
  const past = day < page.today;
  const notes: Record<Exclude<VisitPageNote, null>, string> = {
    moved: t("manage.moved"),
    cancelled: t("manage.cancelled"),
    tooLate: t("manage.tooLate", { hours: page.cutoffHours, contact }),
    taken: t("manage.taken"),
    mustConfirm: t("manage.mustConfirm"),
    moveLimit: t("manage.moveLimit", { count: visitorMovesPerDay, contact }),
    sameTime: t("manage.sameTime"),
    horizon: t("wineTours.slots.conflictHorizon", { months: page.horizonMonths, contact }),
  };
  return (
    <>
      <p className="estate">{localNames(page.site, lang).estate}</p>
      <h1>{t("manage.title")}</h1>
      {note ? <p role={note === "moved" || note === "cancelled" ? "status" : "alert"}>{notes[note]}</p> : null}
      {/* Just cancelled: the note has said it, once. */}
      <p data-status={visit.status} hidden={note === "cancelled"}>
        {experienceStatus(visit) ?? t(statusText[visit.status])}
      </p>
      <ul>
        <li>{t("mail.booking.when", { date: formatEventDate(visit.date, lang), time: formatTime(visit.time, lang) })}</li>
        <li>{t("mail.booking.tour", { tour: page.tour })}</li>
        <li>{t("mail.booking.guests", { count: visit.guests })}</li>
        <li>{t("mail.booking.where", { place: page.meeting.place, address: page.meeting.address })}</li>
        {page.meeting.directions ? <li>{page.meeting.directions}</li> : null}
      </ul>
      <ExperienceLines visit={visit} deposit={page.deposit} payable={page.payable} price={page.price} />
      {changeable ? (
        <>
          <section>
            <h2>{t("manage.moveTitle")}</h2>
            {/* The day is chosen with plain GET forms and links, so the page needs no script. */}
            <DayChooser page={page} />
            {past ? (
              <p role="alert">{t("manage.pastDay")}</p>
            ) : page.times.length > 0 ? (
              <form method="post" action={apiPaths.tourBooking}>
                <input type="hidden" name="token" value={visit.token} />
                <input type="hidden" name="action" value="move" />
                <fieldset>
                  <legend>{t("wineTours.slots.legend", { date: formatEventDate(day, lang) })}</legend>
                  {page.times.map((slot) => (
                    <label key={slot.time}>
                      <input type="radio" name="slot" value={slot.start} required />
                      <SlotOption lang={lang} time={slot.time} placesLeft={slot.placesLeft} />
                    </label>
                  ))}
                </fieldset>
                <button type="submit">{t("manage.moveButton")}</button>
              </form>
            ) : (
              <p>{t("manage.noTimesThatDay", { date: formatEventDate(day, lang) })}</p>
            )}
          </section>
          <section>
            <h2>{t("manage.cancelTitle")}</h2>
            <form method="post" action={apiPaths.tourBooking}>
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
 * A waitlist page's title: « Des places pour votre visite » while places are offered and once they
 * are taken; while waiting, once left or once the offer ended, the visitor's place on the list (the
 * native readers' N14).
 */
function offerPageTitle({ entry, open }: OfferPageModel, booked: boolean, left: boolean): MessageId {
  if (left) return "waitlist.titleWaiting";
  return booked || entry.status === "taken" || open ? "waitlist.title" : "waitlist.titleWaiting";
}

/**
 * A waitlist's page, in the visitor's language: the time; an offer's places, until when they are
 * kept, and the button that takes them; and while they wait or have an offer, the button that
 * takes them off the list.
 */
function OfferPage({ page, siteUrl, booked, left }: { page: OfferPageModel; siteUrl: string; booked: boolean; left: boolean }) {
  const { entry, lang, open, until } = page;
  const { t } = translator(lang);
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
      <p className="estate">{localNames(page.site, lang).estate}</p>
      <h1>{t(offerPageTitle(page, booked, left))}</h1>
      {state ? <p role={booked || left ? "status" : undefined}>{state}</p> : null}
      <ul>
        <li>{t("mail.booking.when", { date: formatEventDate(entry.date, lang), time: formatTime(entry.time, lang) })}</li>
        <li>{t("mail.booking.tour", { tour: page.tour })}</li>
        <li>{t("mail.booking.guests", { count: entry.guests })}</li>
      </ul>
      {open && until && !booked ? (
        <form method="post" action={apiPaths.tourWaitlist}>
          <p>{t("waitlist.offer", { untilDate: formatEventDate(until.date, lang), untilTime: formatTime(until.time, lang) })}</p>
          <input type="hidden" name="token" value={entry.token} />
          <button type="submit">{t("waitlist.take")}</button>
        </form>
      ) : null}
      {!left && (entry.status === "waiting" || open) ? (
        <form method="post" action={apiPaths.tourWaitlist}>
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

/** The visitor's booking page, whole. */
export function visitPage(props: Parameters<typeof ManagePage>[0], stylesheet: string | null): string {
  const lang = props.page.visit.language;
  const title = `${translator(lang).t("manage.title")} — ${localNames(props.page.site, lang).estate}`;
  return renderPage({ lang, title, children: <ManagePage {...props} />, stylesheet });
}

/** A waitlist's page, whole. */
export function waitlistPage(props: Parameters<typeof OfferPage>[0], stylesheet: string | null): string {
  const { lang } = props.page;
  const heading = offerPageTitle(props.page, props.booked, props.left);
  const title = `${translator(lang).t(heading)} — ${localNames(props.page.site, lang).estate}`;
  return renderPage({ lang, title, children: <OfferPage {...props} />, stylesheet });
}

/** The page of a private link that leads nowhere (mistyped, or its booking erased), in the browser's language. */
export function invalidVisitLinkPage(lang: Language, stylesheet: string | null): string {
  const { t } = translator(lang);
  return renderPage({
    lang,
    title: t("manage.invalidTitle"),
    stylesheet,
    children: (
      <>
        <h1>{t("manage.invalidTitle")}</h1>
        <p>{t("manage.invalidText")}</p>
        <p>
          <a href={localizePath(lang, "/contact")}>{t("subscriber.backToSite")}</a>
        </p>
      </>
    ),
  });
}
