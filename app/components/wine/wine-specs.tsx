import { useI18n } from "~/lib/i18n/context";
import type { WineDetailView } from "./views";

/** Specifications (spec §2): alcohol by volume, blend and the Grand Cru appellation. */
export function WineSpecs({ specs }: { specs: WineDetailView["specs"] }) {
  const { t } = useI18n();
  const rows: [string, string][] = [
    [t("wine.specs.abv"), specs.abv],
    [t("wine.specs.blend"), specs.blend],
    [t("wine.specs.appellation"), specs.appellation],
  ];
  return (
    <section aria-labelledby="wine-specs" className="mt-10">
      <h2 id="wine-specs" className="text-3xl">
        {t("wine.specs.title")}
      </h2>
      <dl className="mt-4 divide-y divide-cream-200 border-y border-cream-200">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-semibold text-ink-700">{term}</dt>
            <dd className="text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
