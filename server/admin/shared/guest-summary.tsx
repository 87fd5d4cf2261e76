/**
 * What the staff see of a guest beside a booking (server/bookings/guests.ts): their tags, visits and
 * no-shows, country, and the panel on a booking's page that leads to their record (guests/).
 */
import { Fragment } from "react";
import { suggestedTags, type Guest } from "../../bookings/guests";
import { adminDateTags } from "#locales/admin";
import type { ViewContext } from "./view-context";
import { guestHref } from "./links";

/** A country's name in the staff member's language. */
export const countryName = (view: Pick<ViewContext, "lang">, code: string) =>
  new Intl.DisplayNames([adminDateTags[view.lang]], { type: "region" }).of(code) ?? code;

/** A tag as the staff read it: one of the suggested ones in their language, else as typed. */
function tagName(view: ViewContext, tag: string): string {
  const suggested = suggestedTags.find((one) => one.toLowerCase() === tag.toLowerCase());
  return suggested ? view.t(`guest.tagShort.${suggested}`) : tag;
}

/** A guest's tags as small labels. */
export function Tags({ view, tags }: { view: ViewContext; tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="tags">
      {tags.map((tag, index) => (
        <Fragment key={tag}>
          {/* A space between the labels, so that they read apart without the stylesheet too (copied, read aloud). */}
          {index > 0 ? " " : null}
          <span className="tag">{tagName(view, tag)}</span>
        </Fragment>
      ))}
    </span>
  );
}

/** Visits and no-shows in a few words: "2 visits · 1 no-show". */
export function attendanceText(view: ViewContext, guest: { visits: number; noShows: number }): string {
  return view.t("guest.attendance", { visits: guest.visits, noShows: guest.noShows });
}

/** The panel on a booking's page: who the person is to the estate, and a link to their record. */
export function GuestPanel({ view, guest, bookingId }: { view: ViewContext; guest: Guest; bookingId: string }) {
  return (
    <section aria-labelledby="guest-title" className="panel guest-panel">
      <h2 id="guest-title">{view.t("guest.panelTitle")}</h2>
      <p>
        <strong>{guest.name}</strong> <Tags view={view} tags={guest.tags} />
      </p>
      <p>
        {attendanceText(view, guest)} · {view.t("guest.bookings", { count: guest.bookings.length })}
        {guest.country ? ` · ${countryName(view, guest.country)}` : null}
      </p>
      {guest.notes ? <p className="long-text">{guest.notes}</p> : null}
      <p>
        <a href={guestHref(bookingId)}>{view.t("guest.open")}</a>
      </p>
    </section>
  );
}
