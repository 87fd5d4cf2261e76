import { drinkingAge } from "#core/languages";
import type { Route } from "./+types/shop";
import { ShopSections } from "~/components/wine/shop-sections";
import { collectionCards } from "~/components/wine/views.server";
import { pageI18n, pageMessages } from "~/lib/i18n/messages.server";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";
import type { FirstPaintHandle } from "~/lib/first-paint";
import { contentOf } from "~/lib/content.server";

// Largest paint on a phone (Lighthouse, first visit): the first bottle; largest text: the collection's introduction (docs/performance.md).
export const handle: FirstPaintHandle = { font: "body" };

/** Runs at build: the cards of both collections in the page's language. */
export function loader({ request, context }: Route.LoaderArgs) {
  const content = contentOf(context);
  const i18n = pageI18n(request);
  return {
    chateau: collectionCards(content, i18n, "chateau"),
    cuvee9: collectionCards(content, i18n, "cuvee9"),
    messages: pageMessages(request, ["shop", "wine"]),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "shop.meta.title", description: "shop.meta.description", path: pagePaths.shop });

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  return (
    <>
      <PageHero title={t("shop.hero.title")} subtitle={t("shop.hero.subtitle")}>
        <p className="mx-auto mt-6 max-w-2xl rounded-sm border border-gold-400/60 px-4 py-2 text-sm text-gold-200">
          {t("shop.hero.restriction", { age: drinkingAge(lang) })}
        </p>
      </PageHero>
      <ShopSections chateau={loaderData.chateau} cuvee9={loaderData.cuvee9} />
    </>
  );
}
