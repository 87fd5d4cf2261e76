import type { Route } from "./+types/wine";
import { WineDetail, WineNotFound } from "~/components/wine/wine-detail";
import { findWine } from "~/lib/content";
import { pageMeta } from "~/lib/meta";
import { winePath } from "~/lib/paths";

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

/**
 * A wine's page, or the "Wine Not Found" view for an unknown id. The build renders that view at
 * /shop/__not-found; the server answers unknown wine URLs with it and HTTP 404.
 */
export default function WinePage({ params }: Route.ComponentProps) {
  const wine = findWine(params.id);
  return wine ? <WineDetail key={wine.id} wine={wine} /> : <WineNotFound />;
}
