import { WineCard } from "./wine-card";
import type { WineCardView } from "./views";

const layouts = {
  3: "sm:grid-cols-2 lg:grid-cols-3",
  2: "mx-auto max-w-3xl sm:grid-cols-2",
} as const;

interface WineGridProps {
  cards: readonly WineCardView[];
  columns: keyof typeof layouts;
  /** The first card's bottle is the page's largest paint (the shop on a phone): preload it. */
  priority?: boolean;
}

/** Wine cards in three columns (the Château collection) or two (Cuvée 9), one on phones. */
export function WineGrid({ cards, columns, priority = false }: WineGridProps) {
  return (
    <ul className={`grid grid-cols-1 gap-8 ${layouts[columns]}`} data-columns={columns}>
      {cards.map((card, index) => (
        <li key={card.id} className="flex">
          <WineCard card={card} priority={priority && index === 0} />
        </li>
      ))}
    </ul>
  );
}
