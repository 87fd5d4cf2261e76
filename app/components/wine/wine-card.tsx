import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { RatingBadge } from "./rating-badge";
import type { WineCardView } from "./views";

/**
 * A wine in a list (spec §2): bottle at 356×504, collection, name, vintage, price, and the
 * first rating's score as a badge. The whole card links to the wine's page. `priority` marks the
 * bottle as the page's largest paint.
 */
export function WineCard({ card, priority = false }: { card: WineCardView; priority?: boolean }) {
  return (
    <article
      data-wine={card.id}
      className="group relative flex w-full flex-col overflow-hidden rounded-sm border border-cream-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <div className="relative flex justify-center bg-cream-100">
        {card.bottle ? (
          <Picture
            image={card.bottle}
            alt=""
            sizes="356px"
            width={356}
            height={504}
            priority={priority}
            className="block w-full max-w-[356px]"
            imgClassName={`h-auto w-full ${card.smaller ? "scale-90" : ""}`}
          />
        ) : null}
        {card.badge ? <RatingBadge seal={card.badge} className="absolute top-4 right-4" /> : null}
      </div>
      <div className="flex flex-1 flex-col items-center px-6 pt-5 pb-6 text-center">
        <p className="eyebrow">{card.collection}</p>
        <h3 className="mt-2 text-2xl">
          <Link
            to={card.href}
            lang={card.latinName ? undefined : "fr"}
            className={`rounded-sm after:absolute after:inset-0 group-hover:text-wine-600 ${card.latinName ? "estate-name" : ""}`}
          >
            {card.name}
          </Link>
        </h3>
        {card.latinName ? (
          <p lang="fr" className="font-heading text-base text-ink-700">
            {card.latinName}
          </p>
        ) : null}
        <p className="font-heading text-xl text-gold-600">{card.vintage}</p>
        <p className="mt-auto pt-4 text-lg font-semibold text-ink-900">{card.priceWithTax}</p>
        <p className="text-sm text-ink-700">{card.volume}</p>
        <p className="text-sm text-ink-700">{card.unitPrice}</p>
      </div>
    </article>
  );
}
