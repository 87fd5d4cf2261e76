/** The legal pages' text in the page's language, the estate's facts filled in, worked out at build. */
import type { Content, LegalPageId } from "#content";
import { postalAddress } from "#content/address";
import { textIn } from "#content/text";
import { formatDate } from "#core/format";
import { drinkingAge, type Language } from "#core/languages";
import { translator } from "#locales";
import { legalFacts, type LegalFact } from "#presentation/legal-facts";
import { pageLanguage } from "~/lib/i18n/messages.server";
import type { LegalPageView } from "./views";

/**
 * The values a legal text may name (content/schemas/legal.ts lists them for editors): the
 * estate's address in the page's language (as an address line, and as French sentences write it),
 * its contacts, the legal drinking age the page's language asks about, and the company, host and
 * mediator from site.json (a fact not given yet as a placeholder in the page's language).
 */
export function legalValues(content: Content, lang: Language): Record<LegalFact | "address" | "addressInText" | "email" | "phone" | "drinkingAge", string> {
  const { address, contact } = content.site;
  return {
    address: postalAddress(address, lang),
    addressInText: postalAddress({ ...address, street: address.streetInText }, lang),
    email: contact.email,
    phone: contact.phone,
    drinkingAge: String(drinkingAge(lang)),
    ...legalFacts(content.site, translator(lang).t),
  };
}

export function legalPageView(content: Content, page: LegalPageId, request: Request): LegalPageView {
  const lang = pageLanguage(request);
  const { title, updated, sections } = content.legal[page];
  const values = legalValues(content, lang);
  return {
    title: textIn(title, lang),
    updated,
    updatedLabel: formatDate(updated, lang),
    sections: sections.map((section) => ({
      id: section.id,
      title: textIn(section.title, lang),
      paragraphs: textIn(section.body, lang, values).split(/\n\s*\n/),
      boxed: section.boxed === true,
    })),
  };
}
