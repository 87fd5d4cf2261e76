import { formatPrice } from "#core/format";
import { languages } from "#core/languages";
import { tourPackageIds, type TourPackageId } from "#forms/tour-booking";
import { dayName, languageLabel, type ViewContext } from "../shared/view-context";
import { SlotChoice } from "../shared/slot-choice";
import { TourOptions } from "../shared/tour-options";
import { Layout, Problems } from "../shared/layout";
import { FieldProblem, invalid } from "../shared/field-problem";

/** The fields of the staff's booking form that can be refused (the route names them). */
export type NewBookingField = "slot" | "guests" | "private" | "voucher" | "deposit" | "name" | "email" | "phone" | "language" | "note" | "reason";

/** The tour's prices as the pricing has them (euros), and the deposit the estate asks (0: none, or no payment provider). */
interface NewBookingMoney {
  perPerson: number | null;
  privatePrice: number | null;
  depositPercent: number;
}

interface NewBookingPageProps {
  view: ViewContext;
  /** The tour and the day chosen, once chosen, and the time to select first. */
  pkg: TourPackageId | null;
  day: string | null;
  time: string | null;
  /** That day's times of the tour with their places, once both are chosen. */
  options: { start: string; time: string; placesLeft: number; capacity: number }[] | null;
  /** The tour's prices and deposit, once the tour is chosen. */
  money: NewBookingMoney | null;
  typed: Record<string, string>;
  /** A message per refused field, shown at the field. */
  problems: Partial<Record<NewBookingField, string>>;
  general: string[];
  canOverride: boolean;
}

/**
 * `/admin/bookings/new`: a booking for a phone or walk-in visitor. First the tour and the day (a
 * plain GET form), then that day's times with their places, the group, the visitor (name, address
 * and phone, both optional), their language, a note, and whether to mail them. Refused fields are
 * named at the field, and everything typed is kept.
 */
export function NewBookingPage({ view, pkg, day, time, options, money, typed, problems, general, canOverride }: NewBookingPageProps) {
  const fieldProblems = Object.values(problems).filter((problem): problem is string => problem !== undefined);
  const guests = Number(typed.guests) || 1;
  return (
    <Layout view={view} title={view.t("newBooking.title")}>
      <Problems problems={[...general, ...fieldProblems]} />
      <p className="help">{view.t("newBooking.intro")}</p>
      <SlotChoice
        view={view}
        day={day ?? ""}
        dayForm={{
          action: "/admin/bookings/new",
          field: "day",
          label: view.t("newBooking.day"),
          className: "inline-form panel",
          before: (
            <label>
              {view.t("newBooking.package")}
              <select name="package" defaultValue={pkg ?? tourPackageIds[0]}>
                <TourOptions view={view} />
              </select>
            </label>
          ),
        }}
        options={pkg && day ? options : null}
        guests={guests}
        canOverride={canOverride}
        chosen={typed.slot ?? options?.find((option) => option.time === time)?.start}
        problems={problems}
        none={day ? view.t("booking.confirm.none", { date: dayName(view, day) }) : ""}
        timesForm={{
          action: "/admin/bookings",
          className: "panel reply-form new-booking",
          legend: view.t("newBooking.time"),
          keepWhenNone: true,
          before: (
            <>
              <input type="hidden" name="package" value={pkg ?? ""} />
              <input type="hidden" name="day" value={day ?? ""} />
              <h2>
                {pkg ? view.tourName(pkg) : null} · {day ? dayName(view, day) : null}
              </h2>
            </>
          ),
          after: (
            <>
              <label>
                {view.t("newBooking.guests")}
                <input
                  type="number"
                  name="guests"
                  min={1}
                  max={50}
                  required
                  inputMode="numeric"
                  defaultValue={typed.guests ?? "2"}
                  {...invalid("guests", problems)}
                />
                <FieldProblem name="guests" problems={problems} />
              </label>
              {money ? <BookingMoneyFields view={view} money={money} typed={typed} problems={problems} /> : null}
              <label>
                {view.t("newBooking.name")}
                <input type="text" name="name" required maxLength={120} autoComplete="off" defaultValue={typed.name ?? ""} {...invalid("name", problems)} />
                <FieldProblem name="name" problems={problems} />
              </label>
              <label>
                {view.t("newBooking.phone")}
                <input type="tel" name="phone" maxLength={40} autoComplete="off" defaultValue={typed.phone ?? ""} {...invalid("phone", problems)} />
                <FieldProblem name="phone" problems={problems} />
              </label>
              <label>
                {view.t("newBooking.email")}
                <input type="email" name="email" maxLength={254} autoComplete="off" defaultValue={typed.email ?? ""} {...invalid("email", problems)} />
                <FieldProblem name="email" problems={problems} />
              </label>
              <label>
                {view.t("newBooking.language")}
                <select name="language" defaultValue={typed.language ?? view.lang} {...invalid("language", problems)}>
                  {languages.map((lang) => (
                    <option key={lang} value={lang}>
                      {languageLabel(view, lang)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {view.t("newBooking.note")}
                <textarea name="note" maxLength={2000} rows={3} defaultValue={typed.note ?? ""} {...invalid("note", problems)} />
                <FieldProblem name="note" problems={problems} />
              </label>
              <label className="checkbox">
                <input type="checkbox" name="notify" defaultChecked={Object.keys(typed).length === 0 || typed.notify === "on"} />
                {view.t("newBooking.notify")}
              </label>
              {canOverride ? (
                <label>
                  {view.t("booking.confirm.overReason")}
                  <textarea name="reason" maxLength={500} rows={2} defaultValue={typed.reason ?? ""} {...invalid("reason", problems)} />
                </label>
              ) : null}
              <button type="submit">{view.t("newBooking.submit")}</button>
            </>
          ),
        }}
      />
    </Layout>
  );
}

/**
 * What the group pays, as the site would charge it: the tour's price per person (a private tour's
 * for the group), a gift voucher's code taken off it, and the deposit asked through a payment link
 * (only when the estate asks one and payments are set up). The booking's page shows the price once
 * booked, and an admin may change it there.
 */
function BookingMoneyFields({
  view,
  money,
  typed,
  problems,
}: {
  view: ViewContext;
  money: NewBookingMoney;
  typed: Record<string, string>;
  problems: Partial<Record<NewBookingField, string>>;
}) {
  return (
    <fieldset className="booking-money">
      <legend>{view.t("newBooking.money")}</legend>
      {money.perPerson !== null ? <p className="help">{view.t("newBooking.pricePerPerson", { price: formatPrice(money.perPerson, view.lang) })}</p> : null}
      {money.privatePrice !== null ? (
        <label className="checkbox">
          <input type="checkbox" name="private" defaultChecked={typed.private === "on"} {...invalid("private", problems)} />
          {view.t("newBooking.private", { price: formatPrice(money.privatePrice, view.lang) })}
        </label>
      ) : null}
      <FieldProblem name="private" problems={problems} />
      <label>
        {view.t("newBooking.voucher")}
        <input type="text" name="voucher" maxLength={20} autoComplete="off" defaultValue={typed.voucher ?? ""} {...invalid("voucher", problems)} />
        <FieldProblem name="voucher" problems={problems} />
      </label>
      {money.depositPercent > 0 ? (
        <label className="checkbox">
          <input type="checkbox" name="deposit" defaultChecked={typed.deposit === "on"} {...invalid("deposit", problems)} />
          {view.t("newBooking.deposit", { percent: money.depositPercent })}
        </label>
      ) : null}
    </fieldset>
  );
}
