import type { Route } from "./+types/story";
import { StoryChapters, storyScenes } from "~/components/story/story-chapters";
import { StoryHero } from "~/components/story/story-hero";
import { scenes } from "~/components/wine/views.server";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";

/** Runs at build: the story's photos, so the page's JavaScript carries no image tables. */
export function loader() {
  return { hero: scenes(["vineyard"]).vineyard, photos: scenes(storyScenes) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "story.meta.title", description: "story.meta.description", path: pagePaths.story });

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StoryHero image={loaderData.hero} />
      <StoryChapters photos={loaderData.photos} />
    </>
  );
}
