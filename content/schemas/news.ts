import { z } from "zod";
import { youtubeVideoId } from "./youtube";

/** News categories (spec §3); each has its badge colour, `general` takes the default one. */
export const newsCategories = ["acquisition", "team", "partnership", "awards", "product", "honor", "general"] as const;
export type NewsCategory = (typeof newsCategories)[number];

/** The inline icons a news card can show (app/components/news/news-icon.tsx). */
export const newsIcons = ["estate", "people", "handshake", "trophy", "bottle", "star", "leaf"] as const;
export type NewsIcon = (typeof newsIcons)[number];

const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" });

/**
 * A news item (spec §3). Its title, description, full content and link labels are translated
 * in `newsContent.{id}` (`locales/<lang>/news.json`).
 */
export const newsItemSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes"),
    /** Publication date, YYYY-MM-DD. */
    date: z.iso.date(),
    category: z.enum(newsCategories),
    icon: z.enum(newsIcons),
    /** The original article on another site, opened in a new tab. */
    externalLink: httpsUrl.optional(),
    /** Embed the video of `externalLink`, which must then be a YouTube link; it loads only on a click. */
    youtubeVideo: z.boolean().optional(),
  })
  .refine((item) => !item.youtubeVideo || (item.externalLink !== undefined && youtubeVideoId(item.externalLink) !== undefined), {
    message: "youtubeVideo needs an externalLink to a YouTube video",
    path: ["youtubeVideo"],
  });

export const newsFileSchema = z.strictObject({
  /** Newest first, as the page lists them. */
  news: z
    .array(newsItemSchema)
    .min(1)
    .refine((items) => items.every((item, i) => i === 0 || items[i - 1]!.date >= item.date), "news must be newest first")
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, "news ids must be unique"),
});

export type NewsItem = z.infer<typeof newsItemSchema>;
