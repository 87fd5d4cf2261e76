/**
 * The news page's data, worked out by its route loader at build: the visitor's JavaScript
 * carries neither the content nor the date formatting or YouTube link parsing.
 */
import type { Content } from "#content";
import { youtubeEmbedUrl } from "#content/schemas/youtube";
import { textIn } from "#content/text";
import { formatDate } from "#core/format";
import type { Language } from "#core/languages";
import { sceneImage } from "~/lib/images";
import type { NewsItemView } from "./views";

export function newsView(content: Content, lang: Language): NewsItemView[] {
  return content.news.map((item) => {
    const video = item.youtubeVideo && item.externalLink ? youtubeEmbedUrl(item.externalLink) : undefined;
    return {
      id: item.id,
      category: item.category,
      icon: item.icon,
      date: item.date,
      dateLabel: formatDate(item.date, lang),
      title: textIn(item.title, lang),
      description: textIn(item.description, lang),
      paragraphs: textIn(item.content, lang).split(/\n\s*\n/),
      ...(item.externalLink && item.linkLabel ? { externalLink: { href: item.externalLink, label: textIn(item.linkLabel, lang) } } : {}),
      ...(video ? { video } : {}),
      ...(item.photo ? { photo: { image: sceneImage(item.photo.scene), alt: textIn(item.photo.alt, lang) } } : {}),
    };
  });
}
