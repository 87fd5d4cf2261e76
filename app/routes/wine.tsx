import { Link } from "react-router";
import type { Route } from "./+types/wine";
import { PageHero } from "~/components/ui/page-hero";
import { findWine } from "~/lib/content";
import { useI18n } from "~/lib/i18n/context";
import { pageMeta } from "~/lib/meta";
import { pagePaths, winePath } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const wine = findWine(params.id);
  if (!wine) {
    return pageMeta(matches, {
      title: "wine.notFound.metaTitle",
      description: "wine.notFound.text",
      path: winePath(params.id),
      noindex: true,
    });
  }
  return pageMeta(matches, {
    title: "wine.meta.title",
    description: "wine.meta.description",
    vars: { name: wine.name, vintage: wine.vintage },
    path: winePath(wine.id),
  });
};

export default function WinePage({ params }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const wine = findWine(params.id);
  if (!wine) {
    return (
      <section className="mx-auto max-w-2xl px-6 py-32 text-center">
        <h1 className="text-4xl">{t("wine.notFound.title")}</h1>
        <p className="mt-4 text-ink-700">{t("wine.notFound.text")}</p>
        <p className="mt-8">
          <Link className="btn-primary" to={href(pagePaths.shop)}>
            {t("wine.notFound.back")}
          </Link>
        </p>
      </section>
    );
  }
  return <PageHero title={`${wine.name} ${wine.vintage}`} />;
}
