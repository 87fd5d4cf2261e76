import { z } from "zod";
import { localizedText } from "./localized";

/**
 * A legal page (`content/legal/<page>.json`): its title, the day it last changed and its sections.
 * A body's paragraphs are separated by a blank line (`\n\n`); a single `\n` is a line break (the
 * lines of an address or of the withdrawal form). Bodies may name, from site.json: `{address}`
 * (the estate's, in the page's language), `{drinkingAge}` (the age the page's language asks
 * about: 18, in Japanese 20), `{addressInText}` (the same with the street as French
 * sentences write it, « 860, route du Menhir »), `{email}`, `{phone}`; the company's `{legalName}`,
 * `{legalForm}`, `{shareCapital}`, `{registration}`, `{siret}`, `{vatNumber}`,
 * `{publicationDirector}`; the host's `{hostName}`, `{hostAddress}`, `{hostPhone}`; the consumer
 * mediator's `{mediatorName}`, `{mediatorAddress}`, `{mediatorUrl}`, each a placeholder in the page's language
 * while site.json has it as `null` (app/components/legal/views.server.ts). A web address
 * (`https://…`) or a page of the site (`/fr/terms`) in a body is shown as a link; `[words](/fr/terms)`
 * gives the link those words.
 */
export const legalPageSchema = z.strictObject({
  /** YYYY-MM-DD, shown as "Last updated". */
  updated: z.iso.date(),
  title: localizedText,
  sections: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-zA-Z-]+$/),
        title: localizedText,
        body: localizedText,
        /**
         * An official text the law requires to be shown framed, set in a box: the legal-guarantee
         * notice of Code de la consommation D211-2 (annex, model A), word for word in French.
         */
        boxed: z.literal(true).optional(),
      }),
    )
    .min(1),
});

/** The legal pages, by file name; each is a page of the site (core/paths.ts). */
export const legalPageIds = ["legal-notice", "privacy", "terms"] as const;
export type LegalPageId = (typeof legalPageIds)[number];
export type LegalPage = z.infer<typeof legalPageSchema>;
