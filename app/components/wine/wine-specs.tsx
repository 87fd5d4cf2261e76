import { site, type Wine } from "~/lib/content";
import { useI18n } from "~/lib/i18n/context";
import { formatAbv, formatBlend } from "./wine-format";

/** Specifications (spec §2): alcohol by volume, blend and the Grand Cru appellation. */
export function WineSpecs({ wine }: { wine: Wine }) {
  const i18n = useI18n();
  const { t } = i18n;
  const rows: [string, string][] = [
    [t("wine.specs.abv"), formatAbv(i18n, wine.abv)],
    [t("wine.specs.blend"), formatBlend(i18n, wine.blend)],
    [t("wine.specs.appellation"), site.appellation],
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
