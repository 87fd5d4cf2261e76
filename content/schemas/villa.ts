import { z } from "zod";

/** The villa's facts (spec §9). Booking links and its e-mail are in site.json. */
export const villaSchema = z.strictObject({
  /** Driving time to the village of Saint-Émilion, in minutes (spec: 5). */
  minutesToVillage: z.number().int().positive(),
  /** Driving time to Bordeaux, in minutes (spec: 40). */
  minutesToBordeaux: z.number().int().positive(),
});

export type Villa = z.infer<typeof villaSchema>;
