import type { Route } from "./+types/news";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "news.meta.title", description: "news.meta.description", path: pagePaths.news });

export default function NewsPage() {
  const { t } = useI18n();
  return <PageHero title={t("news.hero.title")} subtitle={t("news.hero.subtitle")} />;
}
