import type { Picture } from "~/lib/images";

/** A chapter of the story in the page's language, worked out at build (views.server.ts). */
export interface StoryChapterView {
  id: "royal" | "terroir" | "philosophy";
  eyebrow: string;
  title: string;
  /** Paragraphs; they may hold `<strong>` and `<em>` (the terroir chapter, spec §2). */
  paragraphs: string[];
  photos: [{ image: Picture; alt: string }, { image: Picture; alt: string }];
}
