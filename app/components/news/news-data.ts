/** The news items (content/news.json), checked at build against content/schemas/news.ts; newest first. */
import newsJson from "../../../content/news.json";
import type { NewsItem } from "../../../content/schemas/news";

export type { NewsCategory, NewsIcon, NewsItem } from "../../../content/schemas/news";
export { youtubeEmbedUrl } from "../../../content/schemas/youtube";

export const newsItems = newsJson.news as NewsItem[];
