import { z } from "zod";
import { localizedText } from "./localized";
import { sceneName } from "./scene";

/** The villa (spec §2, §9): its distances and what the page says about it. Booking links and its e-mail are in site.json. */
export const villaSchema = z.strictObject({
  /** Driving time to the village of Saint-Émilion, in minutes (spec: 5). */
  minutesToVillage: z.number().int().positive(),
  /** Driving time to Bordeaux, in minutes (spec: 40). */
  minutesToBordeaux: z.number().int().positive(),
  /** Description of the large exterior photo under the page's title. */
  exteriorAlt: localizedText,
  /** The paragraphs under "Stay with us". */
  experience: z.array(localizedText).min(1),
  /** The three amenities (spec: accommodation, pool, comforts); each id has its icon in the page's code. */
  amenities: z.array(z.strictObject({ id: z.enum(["accommodation", "pool", "comforts"]), title: localizedText, text: localizedText })).length(3),
  /** The gallery's views: a photo of content/images/scenes, its caption and its description. */
  gallery: z.array(z.strictObject({ id: z.string().min(1), scene: sceneName, caption: localizedText, alt: localizedText })).min(1),
  /** Where the villa is. */
  location: localizedText,
  /** The line after the distances in the location list. */
  surroundings: localizedText,
});

export type Villa = z.infer<typeof villaSchema>;
