import type { Route } from "./+types/home";
import { ExperiencePanels } from "~/components/home/experience-panels";
import { GrandCruIntro } from "~/components/home/grand-cru-intro";
import { HomeHero } from "~/components/home/home-hero";
import { HomeWines } from "~/components/home/home-wines";
import { collectionCards } from "~/components/wine/views.server";
import { pageI18n, pageMessages } from "~/lib/i18n/messages.server";
import { scenes } from "~/lib/images";
import { estateFacts } from "~/lib/site.server";
import { pageMeta } from "~/lib/meta";
import { formatNumber } from "#core/format";
import { pagePaths } from "#core/paths";
import type { FirstPaintHandle } from "~/lib/first-paint";
import { contentOf } from "~/lib/content.server";

/** Spec §9: the home page shows at most three Château wines. */
const homeChateauLimit = 3;

// Largest paint on a phone (Lighthouse, first visit): the poster; largest text: the hero's title (docs/performance.md).
export const handle: FirstPaintHandle = { font: "heading" };

/** Runs at build: the home page's wine cards and experience photos in the page's language. */
export function loader({ request, context }: Route.LoaderArgs) {
  const content = contentOf(context);
  const i18n = pageI18n(request);
  const photos = scenes(["tasting", "villa-exterior"]);
  return {
    chateau: collectionCards(content, i18n, "chateau", homeChateauLimit),
    cuvee9: collectionCards(content, i18n, "cuvee9"),
    experiences: { tours: photos.tasting, villa: photos["villa-exterior"] },
    hectares: formatNumber(estateFacts(content).grandCruHectares, i18n.lang),
    messages: pageMessages(request, ["home", "wine", "media"]),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "home.meta.title", description: "home.meta.description", path: pagePaths.home });

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero />
      <GrandCruIntro hectares={loaderData.hectares} />
      <HomeWines chateau={loaderData.chateau} cuvee9={loaderData.cuvee9} />
      <ExperiencePanels images={loaderData.experiences} />
    </>
  );
}
