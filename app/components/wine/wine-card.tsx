import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import type { Wine } from "~/lib/content";
import { useI18n } from "~/lib/i18n/context";
import { bottleImage } from "~/lib/images";
import { winePath } from "~/lib/paths";
import { RatingBadge } from "./rating-badge";
import { scoreLabel, winePrice } from "./wine-format";

/** Bottles whose artwork fills more of its frame than the others, drawn at 90% (spec §2). */
const smallerOnCard = new Set(["chateau-2018"]);

/**
 * A wine in a list (spec §2): bottle at 356×504, collection, name, vintage, price, and the
 * first rating's score as a badge. The whole card links to the wine's page.
 */
export function WineCard({ wine }: { wine: Wine }) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const image = bottleImage(wine.id);
  const first = wine.ratings[0];
  return (
    <article
      data-wine={wine.id}
      className="group relative flex w-full flex-col overflow-hidden rounded-sm border border-cream-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <div className="relative flex justify-center bg-cream-100">
        {image ? (
          <Picture
            image={image}
            alt=""
            sizes="356px"
            width={356}
            height={504}
            imgClassName={`h-auto w-full max-w-[356px] ${smallerOnCard.has(wine.id) ? "scale-90" : ""}`}
          />
        ) : null}
        {first ? <RatingBadge label={scoreLabel(i18n, first.score)} className="absolute top-4 right-4" /> : null}
      </div>
      <div className="flex flex-1 flex-col items-center px-6 pt-5 pb-6 text-center">
        <p className="eyebrow">{t(`wine.collections.${wine.collection}`)}</p>
        <h3 className="mt-2 text-2xl">
          <Link
            to={href(winePath(wine.id))}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] group-hover:text-wine-600"
          >
            {wine.name}
          </Link>
        </h3>
        <p className="font-heading text-xl text-gold-600">{wine.vintage}</p>
        <p className="mt-auto pt-4 text-lg font-semibold text-ink-900">{winePrice(i18n, wine)}</p>
      </div>
    </article>
  );
}
