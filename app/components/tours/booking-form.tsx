import { Fragment, lazy, Suspense, useRef, useState, type FormEvent } from "react";
import { typedFields, type Accepted } from "#forms/fields";
import { defaultCutoffHours, tourBookingForm, tourBookingOutcomes } from "#forms/tour-booking";
import { FormField, RequiredNote } from "~/components/forms/fields";
import { FormShell } from "~/components/forms/form-shell";
import type { PackageRules } from "~/components/tours/booking-action";
import type { TourPackageView } from "~/components/tours/views";
import { pagePaths } from "#core/paths";
import { Link } from "react-router";
import { Message, useI18n } from "~/lib/i18n/context";

// Vite wraps every dynamic import in its preload helper, a chunk of 0.7 KB gzip that this page would
// load first only to preload nothing (`modulePreload` is off in vite.config.ts), unless the module
// defines the wrapper itself, as this one does: it just loads (docs/performance.md, "First-load
// JavaScript per page"; e2e/budgets.test.ts keeps the helper off every page's first load).
const __vitePreload = <T,>(load: () => Promise<T>): Promise<T> => load();

// The day's times appear only once a package and a date are chosen: their code (the availability
// request, the times and places left) loads then, not with the page (docs/performance.md).
// Before a tour is chosen, the same code writes the day chosen out in the page's language.
const DayTimes = lazy(() => import("~/components/tours/slot-picker").then((module) => ({ default: module.DayTimes })));

/**
 * The booking form (spec §3, §5), its fields from forms/tour-booking.ts: name and email required,
 * phone, guests (at least 1), preferred date and message optional. Submitting needs a package
 * chosen above; until then the button is disabled and says so (spec §4). Once a package and a
 * date are chosen, the day's times appear under the date (./slot-picker.tsx); a time chosen there
 * is sent as the booking's `slot`, and without one the form is a request, as before.
 */
export function BookingForm({ tour, onBooked }: { tour: TourPackageView | undefined; onBooked: () => void }) {
  const { t } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const [date, setDate] = useState("");
  const [slot, setSlot] = useState("");
  // The chosen time is full: the booking asks for its waitlist.
  const [waitlist, setWaitlist] = useState(false);
  // The chosen package's rules, as the answer that listed the chosen time gave them.
  const [rules, setRules] = useState<PackageRules | null>(null);
  // What the button says for a chosen time with places, worded by the times' code (./slot-picker.tsx),
  // which loads with them: a deposit's amount needs the prices' and Intl's code the page loads later.
  const [bookingLabel, setBookingLabel] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);
  // The group's size as typed (its price follows it), a private tour, a gift voucher's code.
  const [guests, setGuests] = useState(0);
  const [privateTour, setPrivateTour] = useState(false);
  const [voucher, setVoucher] = useState("");

  function follow(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (target.name === "guests") setGuests(Number(target.value) || 0);
    if (target.name !== "date") return;
    setDate(/^\d{4}-\d{2}-\d{2}$/.test(target.value) ? target.value : "");
    setSlot("");
  }

  function pickDate(next: string) {
    const input = form.current?.elements.namedItem("date");
    if (input instanceof HTMLInputElement) input.value = next;
    setDate(next);
    setSlot("");
  }

  function choose(start: string, full: boolean, answer: PackageRules) {
    setSlot(start);
    setWaitlist(full);
    setRules(answer);
    setBookingLabel(null);
    setPrivateTour(false);
  }

  function booked(answer: Partial<Accepted>) {
    // A deposit to pay: on to the payment provider's checkout, which brings the visitor back to their booking.
    if (answer.outcome === "payment" && answer.checkoutUrl) window.location.assign(answer.checkoutUrl);
    setDate("");
    setSlot("");
    setWaitlist(false);
    setRules(null);
    setBookingLabel(null);
    setGuests(0);
    setPrivateTour(false);
    setVoucher("");
    onBooked();
  }

  // A time of one package is not a time of another.
  const chosen = tour && date ? slot : "";
  // The button says what sending commits the visitor to (./booking-action.ts): a request without a
  // time, a waitlist for a full time, else a booking that obliges to pay, with its deposit when it has one.
  const label = !tour
    ? ""
    : chosen === ""
      ? t("wineTours.form.submit.request")
      : waitlist
        ? t("wineTours.form.submit.waitlist")
        : (bookingLabel ?? t("wineTours.form.submit.firm"));
  return (
    <FormShell
      ref={form}
      form={tourBookingForm}
      chosen={{ package: tour?.id ?? null }}
      extra={
        chosen
          ? {
              slot: chosen,
              ...(waitlist ? { waitlist: "yes" } : {}),
              ...(privateTour ? { private: "yes" } : {}),
              ...(voucher.trim() ? { voucher: voucher.trim() } : {}),
            }
          : undefined
      }
      onChange={follow}
      aria-labelledby="booking-title"
      submitLabel={label}
      blockedLabel={tour ? undefined : t("wineTours.form.selectFirst")}
      onSuccess={booked}
      successFor={(answer) => ({
        ...tourBookingOutcomes[answer.outcome && Object.hasOwn(tourBookingOutcomes, answer.outcome) ? answer.outcome : "request"],
        values: { hours: answer.hours ?? 0, minimum: answer.minimum ?? 0 },
      })}
      onFailure={() => setRefresh((n) => n + 1)}
      className="grid gap-5 sm:grid-cols-2"
      submitClassName="sm:col-span-2"
    >
      <div className="rounded-sm border border-cream-200 bg-cream-100 p-4 sm:col-span-2" aria-live="polite">
        <p className="text-sm font-semibold text-ink-700">{t("wineTours.form.package")}</p>
        {tour ? (
          <>
            <p data-testid="selected-package" className="mt-1 font-heading text-xl text-wine-800">
              {t("wineTours.form.selectedPackage", {
                package: tour.selectedLabel,
                price: tour.price,
              })}
            </p>
            <p className="mt-1 text-sm text-ink-700">
              <Message
                id="wineTours.form.meetingPoint"
                values={{ place: tour.meetingPoint.place, address: tour.meetingPoint.address }}
                components={{ place: <span className="estate-name" /> }}
              />
            </p>
          </>
        ) : (
          <>
            <p data-testid="selected-package" className="mt-1 font-heading text-xl text-wine-800">
              {t("wineTours.form.noPackage")}
            </p>
            <p className="mt-1 text-sm text-ink-700">
              <a href="#packages" className="link">
                {t("wineTours.form.selectAbove")}
              </a>
            </p>
          </>
        )}
      </div>
      <RequiredNote className="sm:col-span-2" />
      {typedFields(tourBookingForm).map((field) => (
        <Fragment key={field.name}>
          <FormField field={field} className={field.kind === "text" || field.kind === "checkbox" ? "sm:col-span-2" : undefined} />
          {/* The browser's own date field writes the day in the browser's format (12/10/2026 on a
              Japanese page): the day chosen is also said in the page's language, by the times' legend
              once a tour is chosen, else here. */}
          {field.name === "date" && date ? (
            <Suspense
              fallback={
                tour ? (
                  <p className="text-sm text-ink-700 sm:col-span-2" role="status">
                    {t("wineTours.slots.loading")}
                  </p>
                ) : null
              }
            >
              <DayTimes
                pkg={tour?.id ?? null}
                date={date}
                value={slot}
                onChange={choose}
                onPickDate={pickDate}
                refresh={refresh}
                offer={
                  tour
                    ? { prices: tour.prices, guests, privateTour, onPrivate: setPrivateTour, voucher, onVoucher: setVoucher, onBookingLabel: setBookingLabel }
                    : null
                }
              />
            </Suspense>
          ) : null}
        </Fragment>
      ))}
      <BookingNotice hours={chosen && rules ? rules.cutoffHours : defaultCutoffHours} estateConfirms={chosen !== "" && rules?.instantConfirm === false} />
    </FormShell>
  );
}

/**
 * Above the button, before the visitor commits: the terms and the privacy policy, and that a tour
 * (a leisure service on a set date) has no right of withdrawal but can be moved or cancelled free
 * of charge until the package's cut-off (C. conso. L. 221-5 6° and L. 221-28 12°; TRLGDCU art. 97.1
 * n) and 103 l)); for a package the estate confirms itself, that the booking is firm with its e-mail;
 * and the thank-you e-mail after the visit, which the visitor may refuse here (CPCE L. 34-5; LSSI art. 21.2).
 */
function BookingNotice({ hours, estateConfirms }: { hours: number; estateConfirms: boolean }) {
  const { t, href } = useI18n();
  return (
    <div className="text-sm text-ink-700 sm:col-span-2" data-testid="booking-notice">
      {estateConfirms ? <p className="mb-2">{t("wineTours.form.notice.estateConfirms")}</p> : null}
      <p data-testid="booking-terms">
        <Message
          id="wineTours.form.notice.terms"
          values={{ hours }}
          components={{ terms: <Link to={href(pagePaths.terms)} className="link" />, privacy: <Link to={href(pagePaths.privacy)} className="link" /> }}
        />
      </p>
      <p className="mt-2">{t("wineTours.form.notice.thanks")}</p>
    </div>
  );
}
