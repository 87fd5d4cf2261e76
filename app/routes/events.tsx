import type { Route } from "./+types/events";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "events.meta.title", description: "events.meta.description", path: pagePaths.events });

export default function EventsPage() {
  const { t } = useI18n();
  return <PageHero title={t("events.hero.title")} subtitle={t("events.hero.subtitle")} />;
}
