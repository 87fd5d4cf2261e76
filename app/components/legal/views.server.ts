/** The legal pages' text in the page's language, the estate's facts filled in, worked out at build. */
import { content, type LegalPageId } from "#content";
import { postalAddress } from "#content/address";
import { textIn } from "#content/text";
import { formatDate } from "#core/format";
import type { Language } from "#core/languages";
import { pageLanguage } from "~/lib/i18n/messages.server";
import type { LegalPageView } from "./views";

/**
 * The values a legal text may name (content/schemas/legal.ts lists them for editors): the
 * estate's address in the page's language (as an address line, and as French sentences write it),
 * its contacts, and the company, host and mediator from site.json.
 */
function legalValues(lang: Language): Record<string, string> {
  const { address, contact, company, host, consumerMediator } = content.site;
  return {
    address: postalAddress(address, lang),
    addressInText: postalAddress({ ...address, street: address.streetInText }, lang),
    email: contact.email,
    phone: contact.phone,
    ...company,
    hostName: host.name,
    hostAddress: host.address,
    hostPhone: host.phone,
    mediatorName: consumerMediator.name,
    mediatorAddress: consumerMediator.address,
    mediatorUrl: consumerMediator.url,
  };
}

export function legalPageView(page: LegalPageId, request: Request): LegalPageView {
  const lang = pageLanguage(request);
  const { title, updated, sections } = content.legal[page];
  const values = legalValues(lang);
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
