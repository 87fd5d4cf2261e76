import { useI18n } from "~/lib/i18n/context";
import type { MessageId } from "#locales";
import type { WineSpec } from "./views";

/** A spec's value; the blend's pieces each kept whole, so no line breaks inside "Cabernet Sauvignon" or メルロー. */
function SpecValue({ value }: { value: WineSpec["value"] }) {
  if (typeof value === "string") return value;
  return value.pieces.map((piece, index) => (
    <span key={piece}>
      {index > 0 ? value.space : null}
      <span className="whitespace-nowrap">{piece}</span>
    </span>
  ));
}

/**
 * A list of a wine's facts under its heading: the specifications (spec §2: alcohol, bottle size,
 * blend, appellation), or what the vineyard and the cellar gave it (soils, vine age, harvest,
 * ageing, production).
 */
export function WineSpecs({ id, title, specs }: { id: string; title: MessageId; specs: WineSpec[] }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-3xl">
        {t(title)}
      </h2>
      <dl className="mt-4 divide-y divide-cream-200 border-y border-cream-200">
        {specs.map((spec) => (
          <div key={spec.key} data-spec={spec.key} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-semibold text-ink-700">{spec.label}</dt>
            <dd className="text-ink-900">
              <SpecValue value={spec.value} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
