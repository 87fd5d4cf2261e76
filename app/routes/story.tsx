import type { Route } from "./+types/story";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "story.meta.title", description: "story.meta.description", path: pagePaths.story });

export default function StoryPage() {
  const { t } = useI18n();
  return <PageHero title={t("story.hero.title")} subtitle={t("story.hero.subtitle")} />;
}
