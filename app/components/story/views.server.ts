/** The story's chapters in the page's language (content/story.json), worked out by its loader at build. */
import { content } from "#content";
import { textIn } from "#content/text";
import type { Language } from "#core/languages";
import { sceneImage } from "~/lib/images";
import type { StoryChapterView } from "./views";

export function storyView(lang: Language): StoryChapterView[] {
  const { site, story } = content;
  const values = { hectares: site.grandCruHectares, sister: site.sisterEstate.name, sisterHectares: site.sisterEstate.hectares };
  return story.chapters.map((chapter) => ({
    id: chapter.id,
    eyebrow: textIn(chapter.eyebrow, lang),
    title: textIn(chapter.title, lang),
    paragraphs: chapter.paragraphs.map((paragraph) => textIn(paragraph, lang, values)),
    photos: [
      { image: sceneImage(chapter.photos[0].scene), alt: textIn(chapter.photos[0].alt, lang) },
      { image: sceneImage(chapter.photos[1].scene), alt: textIn(chapter.photos[1].alt, lang) },
    ],
  }));
}
