import { z } from "zod";
import { localizedText } from "./localized";
import { sceneName } from "./scene";

/**
 * The estate's story (spec §2, `/story`): three chapters, each with its text and two photos.
 * Paragraphs may use `{hectares}` and `{sisterHectares}` (site.json), `{estate}` and `{sisterEstate}` (content/text.ts) and, in the
 * terroir chapter, `<strong>` and `<em>` for emphasis. Sample content.
 */
export const storySchema = z.strictObject({
  chapters: z
    .array(
      z.strictObject({
        id: z.enum(["royal", "terroir", "philosophy"]),
        eyebrow: localizedText,
        title: localizedText,
        paragraphs: z.array(localizedText).min(1),
        /** A large photo and a smaller one set against it. */
        photos: z.tuple([z.strictObject({ scene: sceneName, alt: localizedText }), z.strictObject({ scene: sceneName, alt: localizedText })]),
      }),
    )
    .length(3),
});

export type Story = z.infer<typeof storySchema>;
