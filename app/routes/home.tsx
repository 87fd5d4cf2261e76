import type { Route } from "./+types/home";
import { PageHero } from "~/components/ui/page-hero";
import { Picture } from "~/components/ui/picture";
import { useI18n } from "~/lib/i18n/context";
import { bottleImage, sceneImage } from "~/lib/images";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "home.meta.title", description: "home.meta.description", path: pagePaths.home });

export default function HomePage() {
  const { t } = useI18n();
  const bottle = bottleImage("chateau-2020");
  return (
    <>
      <PageHero title={t("home.hero.title")} subtitle={t("home.hero.subtitle")} />
      <Picture image={sceneImage("vineyard")} alt="" sizes="100vw" priority />
      {bottle ? <Picture image={bottle} alt="" sizes="356px" /> : null}
    </>
  );
}
