import type { Route } from "./+types/become-importer";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "importer.meta.title", description: "importer.meta.description", path: pagePaths.becomeImporter });

export default function BecomeImporterPage() {
  const { t } = useI18n();
  return <PageHero title={t("importer.hero.title")} subtitle={t("importer.hero.subtitle")} />;
}
