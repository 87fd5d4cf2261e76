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
import type { ViewContext } from "../view-context";
import { CsrfField, Layout, Notice, Problems } from "./layout";

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
  problems: readonly string[];
  /** What the staff typed, shown again when refused. */
  typed: Record<string, string> | null;
}

export function ExperiencesPage({ view, content, rules, defaults, afterVisitMail, paymentsOn, saved, problems, typed }: ExperiencesPageProps) {
  const value = (pkg: TourPackageId, rule: keyof PackageRules) => typed?.[ruleField(pkg, rule)] ?? String(rules[pkg][rule] ?? "");
  return (
    <Layout view={view} title={view.t("experiences.title")}>
      {saved ? <Notice tone="done">{view.t("experiences.saved")}</Notice> : null}
      <Problems problems={problems} />
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
                  <input type="number" name={ruleField(pkg, "minGuests")} min={1} max={50} required defaultValue={value(pkg, "minGuests")} />
                </label>
                <label>
                  {view.t("experiences.cutoffHours", { hours: defaults.cutoffHours })}
                  <input type="number" name={ruleField(pkg, "cutoffHours")} min={0} max={720} defaultValue={value(pkg, "cutoffHours")} />
                </label>
                <label>
                  {view.t("experiences.horizonMonths", { months: defaults.horizonMonths })}
                  <input type="number" name={ruleField(pkg, "horizonMonths")} min={1} max={36} defaultValue={value(pkg, "horizonMonths")} />
                </label>
                <label>
                  {view.t("experiences.depositPercent")}
                  <input type="number" name={ruleField(pkg, "depositPercent")} min={0} max={100} required defaultValue={value(pkg, "depositPercent")} />
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
