import { z } from "zod";

/** One critic's or competition's verdict on a wine. */
export const ratingSchema = z.strictObject({
  /** Reviewer or award name; also the key of its translated quote (`wineContent.{id}.ratings.{critic}`). */
  critic: z.string().min(1),
  /** As the reviewer gives it: "94/100", "17/20", "Gold Medal". */
  score: z.string().min(1),
  /** The original quote; empty for a medal, in which case no quote is shown. */
  quote: z.string(),
});

/** A wine of the catalogue (spec §3). Text that visitors read in their language lives in `locales/`. */
export const wineSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes"),
  name: z.string().min(1),
  /** `chateau` (named after the château) or `cuvee9`. */
  collection: z.enum(["chateau", "cuvee9"]),
  vintage: z.number().int().min(1900).max(2100),
  /** Price in euros, VAT included. */
  price: z.number().positive(),
  abv: z.string().regex(/^\d+(\.\d+)?%$/, "must look like 14%"),
  blend: z.string().min(1),
  ratings: z.array(ratingSchema),
});

export const winesFileSchema = z.strictObject({
  wines: z.array(wineSchema).min(1),
});

export type Rating = z.infer<typeof ratingSchema>;
export type Wine = z.infer<typeof wineSchema>;
