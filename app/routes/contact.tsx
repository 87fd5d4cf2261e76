import type { Route } from "./+types/contact";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "contact.meta.title", description: "contact.meta.description", path: pagePaths.contact });

export default function ContactPage() {
  const { t } = useI18n();
  return <PageHero title={t("contact.hero.title")} subtitle={t("contact.hero.subtitle")} />;
}
