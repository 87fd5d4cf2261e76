import type { NewsCategory, NewsIcon } from "#content";
import type { Picture } from "~/lib/images";

/** A news card's data in the page's language, worked out at build (views.server.ts). */
export interface NewsItemView {
  id: string;
  category: NewsCategory;
  icon: NewsIcon;
  /** YYYY-MM-DD, for `<time datetime>`. */
  date: string;
  /** The date in the page's language. */
  dateLabel: string;
  title: string;
  description: string;
  /** The full text, one string per paragraph. */
  paragraphs: string[];
  externalLink?: { href: string; label: string };
  /** The item's photograph, at the sizes the build made of it, and its description in the page's language. */
  photo?: { image: Picture; alt: string };
  /** The youtube-nocookie player address, when the item has a video. */
  video?: string;
}
