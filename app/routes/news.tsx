import type { Route } from "./+types/news";
import { NewsCard } from "~/components/news/news-card";
import { newsView } from "~/components/news/views.server";
import { Newsletter } from "~/components/news/newsletter";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageLanguage, pageMessages } from "~/lib/i18n/messages.server";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";
import type { FirstPaintHandle } from "~/lib/first-paint";
import { contentOf } from "~/lib/content.server";

// Largest paint on a phone (Lighthouse, first visit): text, the age gate's title (docs/performance.md).
export const handle: FirstPaintHandle = { font: "heading" };

/** Runs at build: the cards' dates in the page's language and the video address, worked out once. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { items: newsView(contentOf(context), pageLanguage(request)), messages: pageMessages(request, ["news", "forms"]) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "news.meta.title", description: "news.meta.description", path: pagePaths.news });

/** The news page (spec §2): the news cards, newest first, and the newsletter sign-up. */
export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <PageHero title={t("news.hero.title")} subtitle={t("news.hero.subtitle")} />
      <section aria-labelledby="news-list-title" className="mx-auto max-w-6xl px-6 py-20">
        <h2 id="news-list-title" className="sr-only">
          {t("news.listTitle")}
        </h2>
        <ul className="grid items-start gap-8 md:grid-cols-2">
          {loaderData.items.map((item) => (
            <NewsCard key={item.id} item={item} />
          ))}
        </ul>
      </section>
      <Newsletter />
    </>
  );
}
