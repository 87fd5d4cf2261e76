/**
 * Content text is ICU MessageFormat (`{hectares}`, `'{'` for a literal brace): this fills in its
 * values in a language, at build or on the server, with the same library as the interface messages.
 */
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { defaultLanguage, languageTags, perLanguage, type Language } from "#core/languages";
import { content } from "./index";
import { localNames } from "./names";
import type { Localized } from "./schemas/localized";

const i18n = setupI18n({ locale: defaultLanguage, messages: perLanguage(() => ({})) });
/** `lang` and text of every message already compiled into that language's catalog. */
const loaded = new Set<string>();

/** One content text in one language, its `{placeholders}` filled in (numbers and dates in that language's forms). */
export function formatText(text: string, lang: Language, values: Record<string, string | number> = {}): string {
  // Each text is its own message id in this private catalog, compiled the first time it is shown.
  const key = `${lang}\u0000${text}`;
  if (!loaded.has(key)) {
    i18n.load(lang, { [text]: compileMessage(text) });
    loaded.add(key);
  }
  i18n.activate(lang, [languageTags[lang]]);
  return i18n._(text, values);
}

/**
 * A localized content field in one language, formatted. Every text may name the estate, its sister
 * estate and the appellation as `{estate}`, `{sisterEstate}` and `{appellation}`: they are filled
 * in as the language writes them (莱斯库尔隐庐酒庄 in Chinese; content/names.ts), so a name the
 * owner changes in site.json changes everywhere.
 */
export function textIn(field: Localized, lang: Language, values?: Record<string, string | number>): string {
  return formatText(field[lang], lang, { ...localNames(content.site, lang), ...values });
}

/** A text given in some languages only (a search-engine title), in one language, formatted; undefined where it is not given. */
export function optionalTextIn(field: Partial<Localized> | undefined, lang: Language): string | undefined {
  const text = field?.[lang];
  return text === undefined || text.trim() === "" ? undefined : formatText(text, lang, { ...localNames(content.site, lang) });
}
