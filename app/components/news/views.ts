import type { NewsCategory, NewsIcon } from "#content";

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
  /** The youtube-nocookie player address, when the item has a video. */
  video?: string;
}
