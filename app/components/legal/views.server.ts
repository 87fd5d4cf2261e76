/** The legal pages' text in the page's language, the estate's facts filled in, worked out at build. */
import { content, type LegalPageId } from "#content";
import { postalAddress } from "#content/address";
import { textIn } from "#content/text";
import { formatDate } from "#core/format";
import { splitLanguage } from "#core/paths";
import type { LegalPageView } from "./views";

export function legalPageView(page: LegalPageId, request: Request): LegalPageView {
  const { lang } = splitLanguage(new URL(request.url).pathname);
  const { title, updated, sections } = content.legal[page];
  const { email, phone } = content.site.contact;
  const values = { address: postalAddress(content.site.address, lang), email, phone };
  return {
    title: textIn(title, lang),
    updated,
    updatedLabel: formatDate(updated, lang),
    sections: sections.map((section) => ({ id: section.id, title: textIn(section.title, lang), body: textIn(section.body, lang, values) })),
  };
}
