import type { TourFacts, TourPackageView } from "~/components/tours/views";
import { Message, useI18n } from "~/lib/i18n/context";

const badgeClass: Record<TourPackageView["badge"], string> = {
  premium: "bg-wine-800 text-cream-50",
  discovery: "bg-cream-200 text-ink-900",
  mostPopular: "bg-gold-400 text-wine-950",
};

function CheckIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

/**
 * One tour package (spec §3): badge, title, price per person, features, and the button that
 * selects it. The button's `aria-pressed` carries the choice; a "Selected" tag, a check and the
 * frame show it. The button's name stays the same ("Choose this tour" + the package's title).
 */
export function PackageCard({ tour, facts, selected, onSelect }: { tour: TourPackageView; facts: TourFacts; selected: boolean; onSelect: () => void }) {
  const { t } = useI18n();
  const titleId = `package-${tour.id}-title`;
  const buttonId = `package-${tour.id}-choose`;
  const features = [
    tour.wine,
    tour.tour,
    facts.duration,
    facts.groupSize,
    ...(tour.tastingNotes ? [t("wineTours.packages.tastingNotes")] : []),
    t("wineTours.packages.meetingPoint", { place: tour.meetingPoint.place }),
  ];
  return (
    <li
      data-package={tour.id}
      className={`relative flex flex-col rounded-sm bg-white p-7 shadow-sm transition-shadow ${
        selected ? "ring-4 ring-wine-700" : "ring-1 ring-cream-200 hover:shadow-md"
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className={`rounded-full px-3 py-1 text-xs font-semibold tracking-wider uppercase ${badgeClass[tour.badge]}`}>
          {t(`wineTours.packages.badges.${tour.badge}`)}
        </p>
        {selected ? (
          <p className="flex items-center gap-1 text-sm font-semibold text-wine-700">
            <CheckIcon className="size-4" />
            {t("wineTours.packages.selected")}
          </p>
        ) : null}
      </div>
      <h3 id={titleId} className="mt-4 text-2xl">
        {tour.title}
      </h3>
      <p className="mt-2 text-sm text-ink-700">
        <Message
          id="wineTours.packages.pricePerPerson"
          values={{ price: tour.price }}
          components={{ amount: <span className="font-heading text-4xl font-semibold text-wine-800" /> }}
        />
      </p>
      <ul className="mt-5 flex-1 space-y-2 text-ink-700">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-1 size-4 shrink-0 text-gold-600" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        aria-pressed={selected}
        aria-labelledby={`${buttonId} ${titleId}`}
        onClick={onSelect}
        className={`mt-7 w-full ${selected ? "btn-primary" : "btn-secondary"}`}
      >
        {selected ? <CheckIcon className="size-5" /> : null}
        <span id={buttonId}>{t("wineTours.packages.select")}</span>
      </button>
    </li>
  );
}
