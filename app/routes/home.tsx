import type { Route } from "./+types/home";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "home.meta.title", description: "home.meta.description", path: pagePaths.home });

export default function HomePage() {
  const { t } = useI18n();
  return <PageHero title={t("home.hero.title")} subtitle={t("home.hero.subtitle")} />;
}
