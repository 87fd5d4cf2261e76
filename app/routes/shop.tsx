import type { Route } from "./+types/shop";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "shop.meta.title", description: "shop.meta.description", path: pagePaths.shop });

export default function ShopPage() {
  const { t } = useI18n();
  return <PageHero title={t("shop.hero.title")} subtitle={t("shop.hero.subtitle")} />;
}
