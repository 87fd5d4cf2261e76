import { z } from "zod";

/** Medals a competition may award; their labels are translated (`wine.medals.{medal}`). */
export const medals = ["gold", "silver", "bronze"] as const;

export type Medal = (typeof medals)[number];

/** A critic's mark as the critic gives it: "95/100", "17.5/20". */
export const pointsSchema = z
  .string()
  .regex(/^\d{1,3}(\.\d)?\/(20|100)$/, 'must be points such as "95/100" or "17.5/20", or a medal: gold, silver, bronze');

/** One critic's or competition's verdict on a wine (spec §3). */
export const ratingSchema = z.strictObject({
  /**
   * Reviewer or competition name, shown as written in every language. It is also the last part
   * of the key of its translated quote (`wineContent.{id}.ratings.{critic}`), hence no dot.
   * Sample content: invented names only, never a real critic, publication or competition.
   */
  critic: z
    .string()
    .min(1)
    .regex(/^[^.]+$/, "must not contain a dot (it is part of a translation key)"),
  /** Points ("95/100", "17.5/20") or a medal ("gold", "silver", "bronze"). */
  score: z.union([pointsSchema, z.enum(medals)], {
    error: 'must be points such as "95/100" or "17.5/20", or a medal: gold, silver, bronze',
  }),
  /**
   * The original quote, in the critic's own language. Empty for a medal: no quote is shown.
   * A translation under `wineContent.{id}.ratings.{critic}` in the page's language wins.
   */
  quote: z.string(),
});

/**
 * A wine of the catalogue (spec §3). Text that visitors read in their own language (tasting
 * notes, translated quotes) lives in `locales/<lang>/wines.json` under `wineContent.{id}`. The
 * bottle image is `content/images/bottles/{id}.png`; the summary sheet is generated at build
 * into `/summaries/{lang}/{id}.jpg` (scripts/build-summaries.ts).
 */
export const wineSchema = z.strictObject({
  /** URL segment and key of the wine's texts: `/shop/{id}`, `wineContent.{id}`. */
  id: z.string().regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes"),
  /** The wine's name without the vintage; the cart shows "{name} {vintage}". */
  name: z.string().min(1),
  /** `chateau` (named after the château) or `cuvee9`. */
  collection: z.enum(["chateau", "cuvee9"]),
  vintage: z.number().int().min(1900).max(2100),
  /** Price in euros, VAT included. */
  price: z.number().positive().multipleOf(0.01),
  abv: z.string().regex(/^\d+(\.\d+)?%$/, "must look like 14%"),
  /** Grapes, largest share first: "80% Merlot, 15% Cabernet Sauvignon" or "Merlot, Cabernet Franc". */
  blend: z
    .string()
    .regex(/^(\d{1,3}% )?\p{Lu}[\p{L} -]*(, (\d{1,3}% )?\p{Lu}[\p{L} -]*)*$/u, 'must look like "80% Merlot, 20% Cabernet Franc"'),
  /** In the order they are shown; the first one's score is the badge on the wine's card. */
  ratings: z.array(ratingSchema),
});

export const winesFileSchema = z.strictObject({
  wines: z
    .array(wineSchema)
    .min(1)
    .superRefine((wines, ctx) => {
      const seen = new Set<string>();
      wines.forEach((wine, index) => {
        if (seen.has(wine.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: `duplicate id ${wine.id}` });
        seen.add(wine.id);
        const critics = new Set<string>();
        wine.ratings.forEach((rating, r) => {
          if (critics.has(rating.critic)) {
            ctx.addIssue({ code: "custom", path: [index, "ratings", r, "critic"], message: `${rating.critic} rates this wine twice` });
          }
          critics.add(rating.critic);
        });
      });
    }),
});

export type Rating = z.infer<typeof ratingSchema>;
export type Wine = z.infer<typeof wineSchema>;
