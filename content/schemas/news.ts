import { z } from "zod";
import { localizedText } from "./localized";
import { scheduleFields, scheduleInOrder, scheduleOrderIssue, searchFields } from "./publishing";
import { cropZoom, focusPoint, sceneName } from "./scene";
import { youtubeVideoId } from "./youtube";

/** News categories (spec §3); each has its badge colour, `general` takes the default one. */
export const newsCategories = ["acquisition", "team", "partnership", "awards", "product", "honor", "general"] as const;
export type NewsCategory = (typeof newsCategories)[number];

/** The inline icons a news card can show (app/components/news/news-icon.tsx). */
const newsIcons = ["estate", "people", "handshake", "trophy", "bottle", "star", "leaf"] as const;
export type NewsIcon = (typeof newsIcons)[number];

const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" });

/**
 * A news item (spec §3), one file `content/news/<id>.json`; the page lists them newest first.
 * Every item on the site today is sample content (content/README.md).
 */
export const newsItemSchema = z
  .strictObject({
    /** Publication date, YYYY-MM-DD. */
    date: z.iso.date(),
    category: z.enum(newsCategories),
    icon: z.enum(newsIcons),
    title: localizedText,
    /** The teaser shown on the card. */
    description: localizedText,
    /** The full text, shown under "Read full article"; paragraphs separated by a blank line. */
    content: localizedText,
    /**
     * A photograph on the item's card: a picture of content/images/scenes (16:9, uploaded in the
     * content editor, which crops it so), described in every language.
     */
    photo: z.strictObject({ scene: sceneName, alt: localizedText, focus: focusPoint.optional(), zoom: cropZoom.optional() }).optional(),
    /** The original article on another site, opened in a new tab. */
    externalLink: httpsUrl.optional(),
    /** The label of that link ("Read the article in …"); required with `externalLink`. */
    linkLabel: localizedText.optional(),
    /** Embed the video of `externalLink`, which must then be a YouTube link; it loads only on a click. */
    youtubeVideo: z.boolean().optional(),
    ...searchFields,
    ...scheduleFields,
  })
  .refine(scheduleInOrder, scheduleOrderIssue)
  .refine((item) => (item.externalLink === undefined) === (item.linkLabel === undefined), {
    message: "externalLink and linkLabel go together",
    path: ["linkLabel"],
  })
  .refine((item) => !item.youtubeVideo || (item.externalLink !== undefined && youtubeVideoId(item.externalLink) !== undefined), {
    message: "youtubeVideo needs an externalLink to a YouTube video",
    path: ["youtubeVideo"],
  });

export type NewsItem = z.infer<typeof newsItemSchema> & { id: string };
