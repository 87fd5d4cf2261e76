/**
 * The translator every part of the site uses (pages, e-mails, build scripts): Lingui over a set of
 * compiled messages in one language. A missing message renders its id (spec §1: "a missing key
 * shows the key itself"), so a gap shows on the page and fails the tests rather than hiding.
 */
import { setupI18n, type I18n as Lingui, type Messages } from "@lingui/core";
import { languageTags, type Language } from "./languages";

/** Values a message fills in: `{count}`, `{price}`… */
export type MessageValues = Record<string, string | number | Date>;

export interface Translator {
  lang: Language;
  /** The Lingui instance, for its `Trans` component. */
  lingui: Lingui;
  t: (id: string, values?: MessageValues) => string;
}

export function createTranslator(lang: Language, messages: Messages): Translator {
  const lingui = setupI18n({ locale: lang, locales: [languageTags[lang]], messages: { [lang]: messages } });
  return { lang, lingui, t: (id, values) => lingui._(id, values) };
}
