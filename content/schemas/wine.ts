import { z } from "zod";
import { scheduleFields, scheduleInOrder, scheduleOrderIssue, searchFields } from "./publishing";
import { icuText, localized, localizedText, partlyLocalized } from "./localized";

/** Medals a competition may award; their labels are translated (`wine.medals.{medal}`). */
const medals = ["gold", "silver", "bronze"] as const;

export type Medal = (typeof medals)[number];

/** A critic's mark as the critic gives it: "95/100", "17.5/20". */
const pointsSchema = z.string().regex(/^\d{1,3}(\.\d)?\/(20|100)$/, 'must be points such as "95/100" or "17.5/20", or a medal: gold, silver, bronze');

/** One critic's or competition's verdict on a wine (spec §3). */
const ratingSchema = z.strictObject({
  /**
   * Reviewer or competition name, shown as written in every language.
   * Sample content: invented names only, never a real critic, publication or competition.
   */
  critic: z.string().trim().min(1),
  /** Points ("95/100", "17.5/20") or a medal ("gold", "silver", "bronze"). */
  score: z.union([pointsSchema, z.enum(medals)], {
    error: 'must be points such as "95/100" or "17.5/20", or a medal: gold, silver, bronze',
  }),
  /** The original quote, in the critic's own language. Empty for a medal: no quote is shown. */
  quote: z.string(),
  /** The quote translated into the site's languages; a language without one shows the original (spec §2). */
  translations: partlyLocalized(icuText).optional(),
});

/** The harvest's first and last day (YYYY-MM-DD), in the vintage's year. Sample content. */
const harvestSchema = z
  .strictObject({ start: z.iso.date(), end: z.iso.date() })
  .refine((harvest) => harvest.start <= harvest.end, { message: "must end on or after the day it starts", path: ["end"] });

/** Time in barrel and the share of new barrels among them. Sample content. */
const ageingSchema = z.strictObject({
  /** Months in oak barrels. */
  months: z.number().int().min(1).max(48),
  /** Share of new barrels, in percent (0 to 100). */
  newOakPercent: z.number().int().min(0).max(100),
});

/**
 * A wine of the catalogue (spec §3), one file `content/wines/<id>.json`: the file name is its id
 * and its address (`/shop/<id>`). Its bottle picture is `content/images/bottles/<id>.png`; its
 * summary sheets are drawn from this file at build. The harvest falls in the vintage's year.
 */
export const wineSchema = z
  .strictObject({
    /** The wine's name without the vintage; the cart shows "{name} {vintage}". */
    name: z.string().min(1),
    /** `chateau` (named after the château) or `cuvee9`. */
    collection: z.enum(["chateau", "cuvee9"]),
    vintage: z.number().int().min(1900).max(2100),
    /** Price in euros, VAT included: pages write it with "incl. VAT" (« TTC », 税込…). */
    price: z.number().positive().multipleOf(0.01),
    /**
     * The bottle's volume in millilitres (750 for a standard bottle, 1500 for a magnum), shown with
     * the price on every page and card as consumer law asks (Code de la consommation L111-1).
     */
    volumeMl: z.number().int().min(100).max(30_000),
    abv: z.string().regex(/^\d+(\.\d+)?%$/, "must look like 14%"),
    /** Grapes, largest share first: "80% Merlot, 15% Cabernet Sauvignon" or "Merlot, Cabernet Franc"; each named in grapes.json. */
    blend: z.string().regex(/^(\d{1,3}% )?\p{Lu}[\p{L} -]*(, (\d{1,3}% )?\p{Lu}[\p{L} -]*)*$/u, 'must look like "80% Merlot, 20% Cabernet Franc"'),
    /** What the vines grow on, in every language ("Sand and gravel over clay…"). Sample content. */
    soils: localizedText,
    /** Average age of the vines, in years. Sample content. */
    vineAgeYears: z.number().int().min(1).max(150),
    harvest: harvestSchema,
    ageing: ageingSchema,
    /** Bottles made of this vintage. Sample content. */
    productionBottles: z.number().int().positive(),
    /** What the wine looks, smells and tastes like, in every language. Sample content. */
    tastingNotes: localizedText,
    /** In the order they are shown; the first one's score is the badge on the wine's card. */
    ratings: z.array(ratingSchema).superRefine((ratings, ctx) => {
      const seen = new Set<string>();
      ratings.forEach((rating, index) => {
        if (seen.has(rating.critic)) ctx.addIssue({ code: "custom", path: [index, "critic"], message: `${rating.critic} rates this wine twice` });
        seen.add(rating.critic);
      });
    }),
    ...searchFields,
    ...scheduleFields,
  })
  .superRefine((wine, ctx) => {
    if (!scheduleInOrder(wine)) ctx.addIssue({ code: "custom", ...scheduleOrderIssue });
    for (const day of ["start", "end"] as const) {
      if (!wine.harvest[day].startsWith(`${wine.vintage}-`)) {
        ctx.addIssue({ code: "custom", path: ["harvest", day], message: `must be a day of ${wine.vintage}, the vintage's year` });
      }
    }
  });

/** Grape names in every language (`content/grapes.json`): 梅洛, メルロー… Every grape of a blend needs one. */
export const grapesSchema = z.record(z.string().regex(/^\p{Lu}[\p{L} -]*$/u, "must be a grape name such as Merlot"), localized(z.string().trim().min(1)));

export type Rating = z.infer<typeof ratingSchema>;
export type Wine = z.infer<typeof wineSchema> & { id: string };
export type Grapes = z.infer<typeof grapesSchema>;
