import type { Messages } from "@lingui/core";
// Lingui ships its context-free Trans for server components; it is the same formatter, with no hooks.
import { TransNoContext } from "@lingui/react/server";
import { createContext, useContext, useMemo, type ReactElement, type ReactNode } from "react";
import { createTranslator, type MessageValues } from "#core/i18n";
import { languageTags, type Language } from "#core/languages";
import { localizePath } from "#core/paths";
import type { MessageId } from "#locales";

export interface I18n {
  lang: Language;
  /** BCP 47 tag for `Intl` and `lang` attributes. */
  tag: string;
  /** The message in the page's language; an id the page did not load renders as itself (spec §1). */
  t: (id: MessageId, values?: MessageValues) => string;
  /** A link to an English path in the current language. */
  href: (path: string) => string;
}

interface I18nContextValue extends I18n {
  translator: ReturnType<typeof createTranslator>;
}

const I18nContext = createContext<I18nContextValue | null>(null);

/** The page's translator over the compiled messages its loaders sent (the layout's and the page's own). */
export function createI18n(lang: Language, messages: Messages): I18nContextValue {
  const translator = createTranslator(lang, messages);
  return {
    lang,
    tag: languageTags[lang],
    t: translator.t,
    href: (path) => localizePath(lang, path),
    translator,
  };
}

export function I18nProvider({ lang, messages, children }: { lang: Language; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => createI18n(lang, messages), [lang, messages]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

function useI18nContext(): I18nContextValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n must be used inside the language layout");
  return value;
}

/** The current page's language, translator and link builder. */
export function useI18n(): I18n {
  return useI18nContext();
}

/**
 * A message whose words wrap elements: `<terms>Terms of Service</terms>` in the catalog becomes the
 * `terms` element given here, with the translated words inside. Lingui's tag formatter does the
 * work; no message is ever parsed as HTML, and a tag the code does not give renders as plain text.
 */
export function Message({ id, values, components }: { id: MessageId | (string & {}); values?: MessageValues; components: Record<string, ReactElement> }) {
  // Lingui's own provider keeps the first instance it is given; the page's messages change with
  // each client navigation, so the instance comes from this context instead.
  const { lingui } = useI18nContext().translator;
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n: lingui }} />;
}
