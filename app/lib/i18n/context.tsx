import { createContext, useContext, useMemo, type ReactNode } from "react";
import { localizePath } from "#core/paths";
import { languageTags, type Language } from "#core/languages";
import { lookup, translate, type MessageKey, type MessageTree, type Vars } from "./translate";

export interface I18n {
  lang: Language;
  /** BCP 47 tag for `Intl` and `lang` attributes. */
  tag: string;
  /** Translates a key known to the English file. */
  t: (key: MessageKey, vars?: Vars) => string;
  /** Translates a key built at run time (e.g. `wineContent.${id}.tastingNotes`). */
  tDynamic: (key: string, vars?: Vars) => string;
  /** Whether a key built at run time exists, for optional content such as translated quotes. */
  has: (key: string) => boolean;
  /** A link to an English path in the current language. */
  href: (path: string) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function createI18n(lang: Language, messages: MessageTree): I18n {
  return {
    lang,
    tag: languageTags[lang],
    t: (key, vars) => translate(messages, key, vars),
    tDynamic: (key, vars) => translate(messages, key, vars),
    has: (key) => lookup(messages, key) !== undefined,
    href: (path) => localizePath(lang, path),
  };
}

export function I18nProvider({
  lang,
  messages,
  children,
}: {
  lang: Language;
  messages: MessageTree;
  children: ReactNode;
}) {
  const value = useMemo(() => createI18n(lang, messages), [lang, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current page's language, translator and link builder. */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n must be used inside the language layout");
  return value;
}
