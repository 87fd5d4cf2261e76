import type { Wine } from "~/lib/content";
import { WineCard } from "./wine-card";

const layouts = {
  3: "sm:grid-cols-2 lg:grid-cols-3",
  2: "mx-auto max-w-3xl sm:grid-cols-2",
} as const;

/** Wine cards in three columns (the Château collection) or two (Cuvée 9), one on phones. */
export function WineGrid({ wines, columns }: { wines: readonly Wine[]; columns: keyof typeof layouts }) {
  return (
    <ul className={`grid grid-cols-1 gap-8 ${layouts[columns]}`} data-columns={columns}>
      {wines.map((wine) => (
        <li key={wine.id} className="flex">
          <WineCard wine={wine} />
        </li>
      ))}
    </ul>
  );
}
