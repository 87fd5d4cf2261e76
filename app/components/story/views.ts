import type { Picture } from "~/lib/images";

/** A chapter of the story in the page's language, worked out at build (views.server.ts). */
export interface StoryChapterView {
  id: "royal" | "terroir" | "philosophy";
  eyebrow: string;
  title: string;
  /** The ids of the paragraphs among the page's messages; they may hold `<strong>` and `<em>`. */
  paragraphs: string[];
  photos: [{ image: Picture; alt: string }, { image: Picture; alt: string }];
}
