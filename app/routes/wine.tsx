import type { Route } from "./+types/wine";
import { WineDetail, WineNotFound } from "~/components/wine/wine-detail";
import { wineDetailFor } from "~/components/wine/views.server";
import { pageI18n, pageMessages } from "~/lib/i18n/messages.server";
import { pageMeta } from "~/lib/meta";
import { winePath } from "#core/paths";
import type { FirstPaintHandle } from "~/lib/first-paint";
import { contentOf } from "~/lib/content.server";

// Largest paint on a phone (Lighthouse, first visit): the bottle; largest text: the age gate's title (docs/performance.md).
export const handle: FirstPaintHandle = { font: "heading" };

/**
 * Runs at build for each wine in each language, and for /shop/__not-found, whose page the
 * server sends (HTTP 404) for any unknown wine URL. An unknown id gives `wine: null`, never a
 * thrown 404, which would stop the prerender.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return { wine: wineDetailFor(contentOf(context), pageI18n(request), params.id), messages: pageMessages(request, ["wine"]) };
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) => {
  const wine = loaderData?.wine;
  if (!wine) {
    return pageMeta(matches, {
      title: "wine.notFound.metaTitle",
      description: "wine.notFound.text",
      path: winePath(params.id),
      noindex: true,
    });
  }
  // A Chinese or Japanese title names the wine as its readers write it, and its Latin name after it (N12).
  return pageMeta(matches, {
    title: wine.latinName ? "wine.meta.titleWithLatin" : "wine.meta.title",
    description: "wine.meta.description",
    vars: { name: wine.name, latin: wine.latinName ?? wine.name, vintage: wine.vintage, rated: wine.ratings.length > 0 ? "yes" : "no" },
    path: winePath(wine.id),
    written: wine.search,
  });
};

/** A wine's page (spec §2), or the "Wine Not Found" view for an unknown id (spec §8). */
export default function WinePage({ loaderData }: Route.ComponentProps) {
  const { wine } = loaderData;
  return wine ? <WineDetail key={wine.id} wine={wine} /> : <WineNotFound />;
}
