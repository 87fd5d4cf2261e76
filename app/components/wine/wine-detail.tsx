import { drinkingAge } from "#core/languages";
import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { useI18n } from "~/lib/i18n/context";
import { pagePaths } from "#core/paths";
import { BuyButton } from "./buy-button";
import { SummaryDialog } from "./summary-dialog";
import type { WineDetailView } from "./views";
import { WineRatings } from "./wine-ratings";
import { WineSpecs } from "./wine-specs";

/** A wine's page (spec §2, /shop/{id}). */
export function WineDetail({ wine }: { wine: WineDetailView }) {
  const { t, href, lang } = useI18n();
  return (
    <article className="mx-auto max-w-6xl px-6 pt-8 pb-20">
      <Link to={href(pagePaths.shop)} className="link inline-flex min-h-11 items-center gap-2">
        <span aria-hidden="true">←</span>
        {t("wine.back")}
      </Link>
      <div className="mt-6 grid gap-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="flex justify-center self-start rounded-sm bg-cream-100 lg:sticky lg:top-[calc(var(--spacing-nav)+2rem)]">
          {wine.bottle ? (
            <Picture
              image={wine.bottle}
              alt={t("wine.bottleAlt", { wine: wine.title })}
              sizes="356px"
              width={356}
              height={504}
              priority
              className="block w-full max-w-[356px]"
              imgClassName="h-auto w-full"
            />
          ) : null}
        </div>
        <div>
          <p>
            <span className="inline-block rounded-full bg-wine-100 px-3 py-1 text-sm font-semibold tracking-wide text-wine-800">{wine.collection}</span>
          </p>
          {/* The wine's name as the page's language writes it; a Latin name is French on every page: set
              and read as French. On a Chinese or Japanese page the Latin name follows under the heading. */}
          <h1 className="mt-4 text-4xl sm:text-5xl">
            {wine.latinName ? <span className="estate-name">{wine.name}</span> : <span lang="fr">{wine.name}</span>}{" "}
            <span className="text-gold-600">{wine.vintage}</span>
          </h1>
          {wine.latinName ? (
            <p lang="fr" className="mt-1 font-heading text-xl text-ink-700">
              {wine.latinName}
            </p>
          ) : null}
          <p className="mt-4 text-3xl font-semibold text-ink-900">{wine.priceWithTax}</p>
          <p className="mt-1 text-ink-700">{wine.volume}</p>
          <p className="text-sm text-ink-700">{wine.unitPrice}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <BuyButton wine={wine} />
            <SummaryDialog wine={wine} />
          </div>
          <p className="mt-4 text-sm text-ink-700">{t("wine.restriction", { age: drinkingAge(lang) })}</p>
          <WineSpecs id="wine-specs" title="wine.specs.title" specs={wine.specs} />
          <WineSpecs id="wine-vineyard" title="wine.specs.vineyardTitle" specs={wine.vineyard} />
          <section aria-labelledby="wine-notes" className="mt-12">
            <h2 id="wine-notes" className="text-3xl">
              {t("wine.tastingNotes")}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-ink-900">{wine.tastingNotes}</p>
          </section>
          <WineRatings ratings={wine.ratings} />
        </div>
      </div>
    </article>
  );
}

/** An id that matches no wine (spec §8): 'Wine Not Found' and 'Return to Shop'. */
export function WineNotFound() {
  const { t, href } = useI18n();
  return (
    <section className="mx-auto max-w-2xl px-6 py-32 text-center">
      <h1 className="text-4xl">{t("wine.notFound.title")}</h1>
      <p className="mt-4 text-ink-700">{t("wine.notFound.text")}</p>
      <p className="mt-8">
        <Link className="btn-primary" to={href(pagePaths.shop)}>
          {t("wine.notFound.back")}
        </Link>
      </p>
    </section>
  );
}
