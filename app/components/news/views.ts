import type { NewsCategory, NewsIcon } from "~/components/news/news-data";

/** A news card's data, worked out at build (views.server.ts); its text comes from `newsContent.{id}`. */
export interface NewsItemView {
  id: string;
  category: NewsCategory;
  icon: NewsIcon;
  /** YYYY-MM-DD, for `<time datetime>`. */
  date: string;
  /** The date in the page's language. */
  dateLabel: string;
  externalLink?: string;
  /** The youtube-nocookie player address, when the item has a video. */
  video?: string;
}
