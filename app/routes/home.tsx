import type { Route } from "./+types/home";
import { ExperiencePanels } from "~/components/home/experience-panels";
import { GrandCruIntro } from "~/components/home/grand-cru-intro";
import { HomeHero } from "~/components/home/home-hero";
import { HomeWines } from "~/components/home/home-wines";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "home.meta.title", description: "home.meta.description", path: pagePaths.home });

export default function HomePage() {
  return (
    <>
      <HomeHero />
      <GrandCruIntro />
      <HomeWines />
      <ExperiencePanels />
    </>
  );
}
