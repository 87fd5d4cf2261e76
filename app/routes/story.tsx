import type { Route } from "./+types/story";
import { StoryChapters } from "~/components/story/story-chapters";
import { StoryHero } from "~/components/story/story-hero";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "~/lib/paths";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "story.meta.title", description: "story.meta.description", path: pagePaths.story });

export default function StoryPage() {
  return (
    <>
      <StoryHero />
      <StoryChapters />
    </>
  );
}
