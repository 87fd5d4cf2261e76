import type { VillaView } from "./views";

const icons: Record<VillaView["amenities"][number]["id"], string> = {
  accommodation: "M3 11 12 4l9 7M5 9.5V20h14V9.5M10 20v-5h4v5",
  pool: "M2 17c2 0 2-1.5 4-1.5S8 17 10 17s2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M2 21c2 0 2-1.5 4-1.5S8 21 10 21s2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M8 13V5a2 2 0 0 1 4 0M16 13V5a2 2 0 0 0-4 0M8 8h8",
  comforts: "M4 18v-5a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v5M4 18h16M6 18v2m12-2v2M6 11V7a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v4",
};

/** The villa's three amenities (spec §2): accommodation, pool, comforts. */
export function Amenities({ amenities }: { amenities: VillaView["amenities"] }) {
  return (
    <ul className="grid gap-8 md:grid-cols-3">
      {amenities.map(({ id, title, text }) => (
        <li key={id} className="rounded-sm bg-white p-8 shadow-sm ring-1 ring-cream-200">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-10 text-gold-600"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={icons[id]} />
          </svg>
          <h3 className="mt-4 text-2xl">{title}</h3>
          <p className="mt-2 leading-relaxed text-ink-700">{text}</p>
        </li>
      ))}
    </ul>
  );
}
