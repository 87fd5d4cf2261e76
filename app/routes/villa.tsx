import type { Route } from "./+types/villa";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "villa.meta.title", description: "villa.meta.description", path: pagePaths.villa });

export default function VillaPage() {
  const { t } = useI18n();
  return <PageHero title={t("villa.hero.title")} subtitle={t("villa.hero.subtitle")} />;
}
