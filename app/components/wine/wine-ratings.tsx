import { scriptOf } from "#core/languages";
import { useI18n } from "~/lib/i18n/context";
import { RatingBadge } from "./rating-badge";
import type { WineDetailView } from "./views";

/** Expert ratings (spec §2): critic, score badge and quote, the quote left out when empty. */
export function WineRatings({ ratings }: { ratings: WineDetailView["ratings"] }) {
  const i18n = useI18n();
  if (ratings.length === 0) return null;
  // Chinese and Japanese have no italics: a slanted ideograph is a distorted one.
  const quoteStyle = scriptOf(i18n.lang) === "cjk" ? "" : "italic";
  return (
    <section aria-labelledby="wine-ratings" className="mt-12">
      <h2 id="wine-ratings" className="text-3xl">
        {i18n.t("wine.ratings.title")}
      </h2>
      <ul className="mt-6 space-y-5">
        {ratings.map(({ critic, score, quote }) => {
          return (
            <li key={critic} className="flex gap-5 rounded-sm border border-cream-200 bg-white p-5">
              <RatingBadge seal={score} />
              <figure className="min-w-0">
                <figcaption className="font-semibold text-wine-800">{critic}</figcaption>
                {quote ? (
                  <blockquote className={`mt-2 text-ink-700 ${quoteStyle}`}>
                    <p>{quote}</p>
                  </blockquote>
                ) : null}
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
