import type { TourFacts } from "~/components/tours/views";
import { useI18n } from "~/lib/i18n/context";

const icons = {
  duration: "M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z",
  groupSize: "M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM21 19v-1a4 4 0 0 0-3-3.9M15.5 4.1a3 3 0 0 1 0 5.8",
  schedule: "M8 3v3m8-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm4 9 2 2 4-4",
} as const;

/** The three feature blurbs under the packages (spec §2): duration, group size, schedule. */
export function TourHighlights({ titles }: { titles: TourFacts }) {
  const { t } = useI18n();
  const items = [
    { key: "duration", title: titles.duration, text: t("wineTours.highlights.duration.text") },
    { key: "groupSize", title: titles.groupSize, text: t("wineTours.highlights.groupSize.text") },
    { key: "schedule", title: t("wineTours.highlights.schedule.title"), text: t("wineTours.highlights.schedule.text") },
  ] as const;
  return (
    <ul className="grid gap-8 sm:grid-cols-3">
      {items.map((item) => (
        <li key={item.key} className="text-center">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="mx-auto size-10 text-gold-600"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={icons[item.key]} />
          </svg>
          <h3 className="mt-3 text-2xl">{item.title}</h3>
          <p className="mt-2 text-ink-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
