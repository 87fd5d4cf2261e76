/**
 * The estate's legal facts as the legal pages and the personal-data copy name them: the company,
 * the host and the consumer mediator from content/site.json, each fact not given yet replaced by
 * a placeholder in the reader's language (« [Raison sociale] (à compléter) »), which
 * `npm run check:launch` lists until it is filled in (content/placeholders.ts).
 */
import type { Site } from "#content";
import type { MessageId } from "#locales";

/** The names a legal text may use for the facts of site.json (content/schemas/legal.ts lists them). */
export type LegalFact =
  | "legalName"
  | "legalForm"
  | "shareCapital"
  | "registration"
  | "siret"
  | "vatNumber"
  | "publicationDirector"
  | "hostName"
  | "hostAddress"
  | "hostPhone"
  | "mediatorName"
  | "mediatorAddress"
  | "mediatorUrl";

/** Each fact as stored, `null` while it is a placeholder. */
function storedFacts(site: Pick<Site, "company" | "host" | "consumerMediator">): Record<LegalFact, string | null> {
  const { company, host, consumerMediator: mediator } = site;
  return {
    ...company,
    hostName: host.name,
    hostAddress: host.address,
    hostPhone: host.phone,
    mediatorName: mediator.name,
    mediatorAddress: mediator.address,
    mediatorUrl: mediator.url,
  };
}

/** Every legal fact in a language: the value, or the placeholder that says what is still to fill in. */
export function legalFacts(
  site: Pick<Site, "company" | "host" | "consumerMediator">,
  t: (id: MessageId, values?: Record<string, string>) => string,
): Record<LegalFact, string> {
  const stored = storedFacts(site);
  const facts = {} as Record<LegalFact, string>;
  for (const [name, value] of Object.entries(stored) as [LegalFact, string | null][]) {
    facts[name] = value ?? t("legal.toFill", { what: t(`legal.field.${name}`) });
  }
  return facts;
}
