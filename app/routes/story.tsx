import type { Route } from "./+types/story";
import { StoryChapters } from "~/components/story/story-chapters";
import { StoryHero } from "~/components/story/story-hero";
import { storyView } from "~/components/story/views.server";
import { scenes } from "~/lib/images";
import { pageLanguage, pageMessages } from "~/lib/i18n/messages.server";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";
import type { FirstPaintHandle } from "~/lib/first-paint";
import { contentOf } from "~/lib/content.server";

// Largest paint on a phone (Lighthouse, first visit): the vineyard picture; largest text: the first chapter's paragraph (docs/performance.md).
export const handle: FirstPaintHandle = { font: "body" };

/** Runs at build: the story's chapters and photos in the page's language, so its JavaScript carries no content. */
export function loader({ request, context }: Route.LoaderArgs) {
  const story = storyView(contentOf(context), pageLanguage(request));
  return { hero: scenes(["vineyard"]).vineyard, chapters: story.chapters, messages: pageMessages(request, ["story"], story.messages) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "story.meta.title", description: "story.meta.description", path: pagePaths.story });

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StoryHero image={loaderData.hero} />
      <StoryChapters chapters={loaderData.chapters} />
    </>
  );
}
