/**
 * The guests the estate knows, as the staff see them (server/bookings/guests.ts): a person's
 * record with their visits, no-shows, language, country, phone, the staff's tags and notes and
 * every booking; and the list of guests with a search. The short panel on each booking's page is
 * shared (../shared/guest-summary.tsx).
 */
import { isPhoneKey, suggestedTags, tagLimits, type Guest } from "../../bookings/guests";
import type { GuestListRow } from "../../db/tour-guests";
import { adminDateTags } from "#locales/admin";
import { dayName, formatClock, formatTime, languageLabel, type ViewContext } from "../shared/view-context";
import { bookingHref, telHref, guestHref } from "../shared/links";
import { CsrfField, Layout, Notice, Problems } from "../shared/layout";
import { FieldProblem, invalid } from "../shared/field-problem";
import { euCountries } from "#core/countries";
import { attendanceText, countryName, Tags } from "../shared/guest-summary";

/** The box of a suggested tag in the record's form. */
export const guestTagField = (tag: (typeof suggestedTags)[number]) => `tag-${tag}` as const;

/** The countries the country list offers (the EU's, then the estate's other visitors'); a phone's country outside it still shows. */
export const countryChoices = [
  ...euCountries,
  "GB",
  "CH",
  "NO",
  "IS",
  "US",
  "CA",
  "MX",
  "BR",
  "AR",
  "CN",
  "HK",
  "MO",
  "TW",
  "JP",
  "KR",
  "SG",
  "TH",
  "VN",
  "IN",
  "AU",
  "NZ",
  "AE",
  "IL",
  "ZA",
  "TR",
  "UA",
] as const;

/** What a booking became, in the record's list of bookings. */
function bookingState(view: ViewContext, booking: Guest["bookings"][number]): string {
  if (booking.attendance) return view.t(booking.attendance === "arrived" ? "checkIn.arrived" : "checkIn.noShow");
  if (booking.status) return view.t(`slot.status.${booking.status}` as "slot.status.confirmed");
  return view.t("guest.request");
}

export interface GuestPageProps {
  view: ViewContext;
  guest: Guest;
  bookingId: string;
  saved: boolean;
  /** The form's refused fields, each named at its field (and listed at the top). */
  fieldProblems: Record<string, string>;
  /** What the staff typed, shown again when it was refused. */
  typed: Record<string, string> | null;
}

/** `/admin/guests/<booking>`: the person behind a booking, as the estate knows them, and what the staff note about them. */
export function GuestPage({ view, guest, bookingId, saved, fieldProblems, typed }: GuestPageProps) {
  const stored = (tag: string) => guest.tags.some((one) => one.toLowerCase() === tag.toLowerCase());
  const ticked = (tag: (typeof suggestedTags)[number]) => (typed ? typed[guestTagField(tag)] === "yes" : stored(tag));
  const others = typed?.otherTags ?? guest.tags.filter((tag) => !suggestedTags.some((suggested) => suggested.toLowerCase() === tag.toLowerCase())).join(", ");
  const country = typed?.country ?? guest.country ?? "";
  const choices = [...new Set([...countryChoices, ...(guest.country ? [guest.country] : [])])].sort((a, b) =>
    countryName(view, a).localeCompare(countryName(view, b), adminDateTags[view.lang]),
  );
  return (
    <Layout view={view} title={guest.name}>
      {saved ? <Notice tone="done">{view.t("guest.saved")}</Notice> : null}
      <Problems problems={[...new Set(Object.values(fieldProblems))]} />
      <section className="panel" aria-labelledby="guest-facts">
        <h2 id="guest-facts">{view.t("guest.factsTitle")}</h2>
        <p>
          <Tags view={view} tags={guest.tags} />
        </p>
        <dl className="fields">
          <div>
            <dt>{view.t("guest.visits")}</dt>
            <dd>{attendanceText(view, guest)}</dd>
          </div>
          <div>
            <dt>{view.t("field.email")}</dt>
            <dd>{guest.email ? <a href={`mailto:${guest.email}`}>{guest.email}</a> : "—"}</dd>
          </div>
          <div>
            <dt>{view.t("field.phone")}</dt>
            <dd>{guest.phone ? <a href={telHref(guest.phone)}>{guest.phone}</a> : "—"}</dd>
          </div>
          <div>
            <dt>{view.t("field.language")}</dt>
            <dd>{languageLabel(view, guest.language)}</dd>
          </div>
          <div>
            <dt>{view.t("guest.country")}</dt>
            <dd>{guest.country ? countryName(view, guest.country) : "—"}</dd>
          </div>
        </dl>
      </section>
      <form method="post" action={guestHref(bookingId)} className="panel content-form guest-form">
        <h2>{view.t("guest.noteTitle")}</h2>
        <CsrfField view={view} />
        <fieldset>
          <legend>{view.t("guest.tags")}</legend>
          {suggestedTags.map((tag) => (
            <label key={tag} className="check">
              <input type="checkbox" name={guestTagField(tag)} value="yes" defaultChecked={ticked(tag)} />
              {view.t(`guest.tag.${tag}`)}
            </label>
          ))}
          <label>
            {view.t("guest.otherTags")}
            <input
              type="text"
              name="otherTags"
              defaultValue={others}
              maxLength={tagLimits.count * (tagLimits.length + 2)}
              {...invalid("otherTags", fieldProblems)}
            />
            <FieldProblem name="otherTags" problems={fieldProblems} />
          </label>
          <p className="help">{view.t("guest.otherTagsHelp")}</p>
        </fieldset>
        <label>
          {view.t("guest.notes")}
          <textarea name="notes" rows={4} maxLength={2000} defaultValue={typed?.notes ?? guest.notes} {...invalid("notes", fieldProblems)} />
          <FieldProblem name="notes" problems={fieldProblems} />
        </label>
        <p className="help">{view.t("guest.notesHelp")}</p>
        <label>
          {view.t("guest.country")}
          <select name="country" defaultValue={country} {...invalid("country", fieldProblems)}>
            <option value="">{view.t("guest.countryFromPhone")}</option>
            {choices.map((code) => (
              <option key={code} value={code}>
                {countryName(view, code)}
              </option>
            ))}
          </select>
          <FieldProblem name="country" problems={fieldProblems} />
        </label>
        <button type="submit">{view.t("guest.save")}</button>
      </form>
      <section className="panel" aria-labelledby="guest-bookings">
        <h2 id="guest-bookings">{view.t("guest.bookingsTitle")}</h2>
        <table className="inbox-table">
          <thead>
            <tr>
              <th scope="col">{view.t("guest.column.when")}</th>
              <th scope="col">{view.t("guest.column.tour")}</th>
              <th scope="col">{view.t("field.guests")}</th>
              <th scope="col">{view.t("guest.column.state")}</th>
            </tr>
          </thead>
          <tbody>
            {guest.bookings.map((booking) => (
              <tr key={booking.bookingId}>
                <td data-label={view.t("guest.column.when")}>
                  <a className="open" href={bookingHref(booking.bookingId)}>
                    {booking.date && booking.time ? `${dayName(view, booking.date)} ${formatClock(view, booking.time)}` : formatTime(view, booking.receivedAt)}
                  </a>
                </td>
                <td data-label={view.t("guest.column.tour")}>
                  {view.tourName(booking.package)}
                  {booking.private ? ` · ${view.t("guest.private")}` : null}
                </td>
                <td data-label={view.t("field.guests")}>{booking.guests ?? "—"}</td>
                <td data-label={view.t("guest.column.state")}>{bookingState(view, booking)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Layout>
  );
}

/** `/admin/guests`: the people of the tour bookings, the most recent first, with a search. */
export function GuestsPage({ view, guests, search }: { view: ViewContext; guests: readonly GuestListRow[]; search: string }) {
  return (
    <Layout view={view} title={view.t("guests.title")}>
      <form method="get" action="/admin/guests" className="inline-form filters">
        <label>
          {view.t("guests.search")}
          <input type="search" name="q" defaultValue={search} maxLength={100} />
        </label>
        <button type="submit">{view.t("guests.searchButton")}</button>
      </form>
      {guests.length === 0 ? <p>{view.t("guests.none")}</p> : null}
      {guests.length > 0 ? (
        <table className="inbox-table">
          <thead>
            <tr>
              <th scope="col">{view.t("field.name")}</th>
              <th scope="col">{view.t("guest.visits")}</th>
              <th scope="col">{view.t("guest.tags")}</th>
              <th scope="col">{view.t("guests.lastSeen")}</th>
            </tr>
          </thead>
          <tbody>
            {guests.map((guest) => (
              <tr key={guest.email}>
                <td data-label={view.t("field.name")}>
                  <a className="open" href={guestHref(guest.latest)}>
                    {guest.name}
                  </a>
                  <span className="help"> {isPhoneKey(guest.email) ? guest.email.slice("tel:".length) : guest.email}</span>
                </td>
                <td data-label={view.t("guest.visits")}>{attendanceText(view, guest)}</td>
                <td data-label={view.t("guest.tags")}>
                  <Tags view={view} tags={guest.tags} />
                </td>
                <td data-label={view.t("guests.lastSeen")}>{formatTime(view, guest.lastSeen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Layout>
  );
}
