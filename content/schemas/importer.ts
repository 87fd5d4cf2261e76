import { z } from "zod";
import { localizedText } from "./localized";

/** A point of one of the importer page's lists: a title and a sentence. */
const point = z.strictObject({ id: z.string().regex(/^[a-zA-Z]+$/), title: localizedText, text: localizedText });

/** The importer programme (spec §2, §9): its claims, its promise and what the page says about it. */
export const importerSchema = z.strictObject({
  /** Countries where the wines are sold, shown as "15+". */
  countries: z.number().int().positive(),
  /** Retail partners, shown as "200+". */
  retailPartners: z.number().int().positive(),
  /** Every application is answered within this many hours (spec: 48). */
  answerWithinHours: z.number().int().positive(),
  /** The paragraph beside the world map. */
  presence: localizedText,
  /** Why partner with the estate. */
  benefits: z.array(point).min(1),
  /** What the estate looks for (spec: distribution network, market knowledge, financial stability). */
  requirements: z.array(point).min(1),
  /** What the estate commits to (spec: quality assurance, marketing support, long-term partnership). */
  commitments: z.array(point).min(1),
});

export type Importer = z.infer<typeof importerSchema>;
