/**
 * The news page's data, worked out by its route loader at build: the visitor's JavaScript
 * carries neither the content file nor the date formatting or YouTube link parsing.
 */
import { newsItems, youtubeEmbedUrl } from "~/components/news/news-data";
import type { NewsItemView } from "~/components/news/views";
import { formatDate } from "#core/format";
import type { Language } from "#core/languages";

export function newsView(lang: Language): NewsItemView[] {
  return newsItems.map(({ id, category, icon, date, externalLink, youtubeVideo }) => {
    const video = youtubeVideo && externalLink ? youtubeEmbedUrl(externalLink) : undefined;
    return { id, category, icon, date, dateLabel: formatDate(date, lang), ...(externalLink ? { externalLink } : {}), ...(video ? { video } : {}) };
  });
}
