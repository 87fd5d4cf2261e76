import type { Route } from "./+types/wine-tours";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "wineTours.meta.title", description: "wineTours.meta.description", path: pagePaths.wineTours });

export default function WineToursPage() {
  const { t } = useI18n();
  return <PageHero title={t("wineTours.hero.title")} subtitle={t("wineTours.hero.subtitle")} />;
}
