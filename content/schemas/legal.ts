import { z } from "zod";
import { localizedText } from "./localized";

/**
 * A legal page (`content/legal/<page>.json`): its title, the day it last changed and its sections.
 * Bodies may name the estate's facts as `{address}`, `{email}` and `{phone}` (from site.json).
 */
export const legalPageSchema = z.strictObject({
  /** YYYY-MM-DD, shown as "Last updated". */
  updated: z.iso.date(),
  title: localizedText,
  sections: z.array(z.strictObject({ id: z.string().regex(/^[a-zA-Z-]+$/), title: localizedText, body: localizedText })).min(1),
});

/** The legal pages, by file name; each is a page of the site (core/paths.ts). */
export const legalPageIds = ["legal-notice", "privacy", "terms"] as const;
export type LegalPageId = (typeof legalPageIds)[number];
export type LegalPage = z.infer<typeof legalPageSchema>;
