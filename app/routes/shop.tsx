import type { Route } from "./+types/shop";
import { ShopSections } from "~/components/wine/shop-sections";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "shop.meta.title", description: "shop.meta.description", path: pagePaths.shop });

export default function ShopPage() {
  const { t } = useI18n();
  return (
    <>
      <PageHero title={t("shop.hero.title")} subtitle={t("shop.hero.subtitle")}>
        <p className="mx-auto mt-6 max-w-2xl rounded-sm border border-gold-400/60 px-4 py-2 text-sm text-gold-200">
          {t("shop.hero.restriction")}
        </p>
      </PageHero>
      <ShopSections />
    </>
  );
}
