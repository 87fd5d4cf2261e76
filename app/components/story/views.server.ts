/** The story's chapters in the page's language (content/story.json), worked out by its loader at build. */
import type { Messages } from "@lingui/core";
import type { Content } from "#content";
import { textIn } from "#content/text";
import type { Language } from "#core/languages";
import { sceneImage } from "~/lib/images";
import type { StoryChapterView } from "./views";

/**
 * The chapters, and their paragraphs as compiled messages (each a single run of text, its values
 * filled in) for the page's message set, so that Lingui renders their emphasis (`RichText`).
 */
export function storyView(content: Content, lang: Language): { chapters: StoryChapterView[]; messages: Messages } {
  const { site, story } = content;
  const values = { hectares: site.grandCruHectares, sisterHectares: site.sisterEstate.hectares };
  const messages: Messages = {};
  const chapters = story.chapters.map((chapter): StoryChapterView => ({
    id: chapter.id,
    eyebrow: textIn(chapter.eyebrow, lang),
    title: textIn(chapter.title, lang),
    paragraphs: chapter.paragraphs.map((paragraph, index) => {
      const id = `content.story.${chapter.id}.${index}`;
      messages[id] = [textIn(paragraph, lang, values)];
      return id;
    }),
    photos: [
      { image: sceneImage(chapter.photos[0].scene), alt: textIn(chapter.photos[0].alt, lang) },
      { image: sceneImage(chapter.photos[1].scene), alt: textIn(chapter.photos[1].alt, lang) },
    ],
  }));
  return { chapters, messages };
}
