/**
 * `/admin/experiences`: what each tour package adds to the schedule (server/bookings/schedule.ts
 * `rules`): the smallest group its tour runs for, its own booking lead time and horizon, the
 * deposit paid online, and whether the thank-you e-mail goes out the day after a visit. The
 * prices and private tours come from the tours' content (content/tours.json), shown here for
 * reference.
 */
import type { Content } from "#content";
import { formatPrice } from "#core/format";
import { tourPackageIds, type TourPackageId } from "#forms/tour-booking";
import { packagePrices } from "../../bookings/pricing";
import type { PackageRules } from "../../bookings/schedule";
import type { ViewContext } from "../shared/view-context";
import { CsrfField, Layout, Notice, Problems } from "../shared/layout";
import { FieldProblem, invalid } from "../shared/field-problem";

/** The form's field of a package's rule. */
export const ruleField = (pkg: TourPackageId, rule: keyof PackageRules) => `${pkg}-${rule}`;

export interface ExperiencesPageProps {
  view: ViewContext;
  /** The live content, for each package's prices. */
  content: Content;
  rules: Record<TourPackageId, PackageRules>;
  /** The schedule's own cut-off and horizon, which a package without its own follows. */
  defaults: { cutoffHours: number; horizonMonths: number };
  afterVisitMail: boolean;
  /** Whether the payment provider's keys are set: without them no deposit is asked. */
  paymentsOn: boolean;
  saved: boolean;
  /** The form's refused fields, each named at its field (and listed at the top). */
  fieldProblems: Record<string, string>;
  /** What the staff typed, shown again when refused. */
  typed: Record<string, string> | null;
}

export function ExperiencesPage({ view, content, rules, defaults, afterVisitMail, paymentsOn, saved, fieldProblems, typed }: ExperiencesPageProps) {
  /** A rule's field: as typed or stored, marked and described when refused. */
  const ruleInput = (pkg: TourPackageId, rule: keyof PackageRules, bounds: { min: number; max: number; required?: boolean }) => {
    const name = ruleField(pkg, rule);
    return (
      <>
        <input
          type="number"
          name={name}
          min={bounds.min}
          max={bounds.max}
          required={bounds.required}
          defaultValue={typed?.[name] ?? String(rules[pkg][rule] ?? "")}
          {...invalid(name, fieldProblems)}
        />
        <FieldProblem name={name} problems={fieldProblems} />
      </>
    );
  };
  return (
    <Layout view={view} title={view.t("experiences.title")}>
      {saved ? <Notice tone="done">{view.t("experiences.saved")}</Notice> : null}
      <Problems problems={[...new Set(Object.values(fieldProblems))]} />
      <p className="help">{view.t("experiences.intro")}</p>
      {paymentsOn ? null : <p className="notice notice-problem">{view.t("experiences.noPayments")}</p>}
      <form method="post" action="/admin/experiences" className="schedule-form">
        <CsrfField view={view} />
        {tourPackageIds.map((pkg) => {
          const prices = packagePrices(content, pkg);
          return (
            <fieldset key={pkg} className="package-times">
              <legend>{view.tourName(pkg)}</legend>
              {prices ? (
                <p className="help">
                  {view.t("experiences.prices", { price: formatPrice(prices.price, view.lang) })}
                  {prices.groupPrices
                    .map(
                      (tier) =>
                        ` · ${view.t("perGroup" in tier ? "experiences.tierGroup" : "experiences.tierPerson", { from: tier.from, price: formatPrice("perGroup" in tier ? tier.perGroup : tier.perPerson, view.lang) })}`,
                    )
                    .join("")}
                  {prices.privatePrice !== undefined
                    ? ` · ${view.t("experiences.privatePrice", { price: formatPrice(prices.privatePrice, view.lang) })}`
                    : ` · ${view.t("experiences.noPrivate")}`}
                </p>
              ) : null}
              <div className="settings-grid">
                <label>
                  {view.t("experiences.minGuests")}
                  {ruleInput(pkg, "minGuests", { min: 1, max: 50, required: true })}
                </label>
                <label>
                  {view.t("experiences.cutoffHours", { hours: defaults.cutoffHours })}
                  {ruleInput(pkg, "cutoffHours", { min: 0, max: 720 })}
                </label>
                <label>
                  {view.t("experiences.horizonMonths", { months: defaults.horizonMonths })}
                  {ruleInput(pkg, "horizonMonths", { min: 1, max: 36 })}
                </label>
                <label>
                  {view.t("experiences.depositPercent")}
                  {ruleInput(pkg, "depositPercent", { min: 0, max: 100, required: true })}
                </label>
              </div>
            </fieldset>
          );
        })}
        <p className="help">{view.t("experiences.help")}</p>
        <label className="check">
          <input type="checkbox" name="afterVisitMail" value="on" defaultChecked={typed ? typed.afterVisitMail === "on" : afterVisitMail} />
          {view.t("experiences.afterVisitMail")}
        </label>
        <button type="submit">{view.t("experiences.save")}</button>
      </form>
    </Layout>
  );
}
