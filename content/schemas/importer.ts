import { z } from "zod";

/** The importer programme's claims and promise (spec §9). */
export const importerSchema = z.strictObject({
  /** Countries where the wines are sold, shown as "15+". */
  countries: z.number().int().positive(),
  /** Retail partners, shown as "200+". */
  retailPartners: z.number().int().positive(),
  /** Every application is answered within this many hours (spec: 48). */
  answerWithinHours: z.number().int().positive(),
});

export type Importer = z.infer<typeof importerSchema>;
