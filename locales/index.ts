/**
 * The compiled message catalogs (made by `npm run i18n` from the PO files beside this one).
 * Build-side and server-side only: a page receives the messages of its namespaces through its
 * loader (`messagesFor`); the server and the build scripts translate with `translator`.
 */
import type { Messages } from "@lingui/core";
import { createTranslator } from "#core/i18n";
import { perLanguage, type Language } from "#core/languages";
import { compiledMessages } from "./catalog";
import en from "./compiled/en.json";
import es from "./compiled/es.json";
import fr from "./compiled/fr.json";
import ja from "./compiled/ja.json";
import zh from "./compiled/zh.json";

/** Every message id, from the English catalog: a misspelled id fails the typecheck. */
export type MessageId = keyof typeof en;

/** A message's first segment: `nav` of `nav.home`. Pages load their messages by namespace. */
export type Namespace = MessageId extends `${infer Head}.${string}` ? Head : never;

/** One compiled catalog per language: a language without one is a type error here. */
const compiled = { en, fr, zh, es, ja } satisfies Record<Language, Record<string, unknown>>;

export const catalogs: Record<Language, Messages> = perLanguage((lang) => compiledMessages(compiled[lang], `locales/compiled/${lang}.json`));

/** The messages of some namespaces in one language: what one page needs, and no more. */
export function messagesFor(lang: Language, namespaces: readonly Namespace[]): Messages {
  const wanted = new Set<string>(namespaces);
  return Object.fromEntries(Object.entries(catalogs[lang]).filter(([id]) => wanted.has(id.slice(0, id.indexOf(".")))));
}

/** A translator over a whole language, for e-mails and build scripts. */
export function translator(lang: Language) {
  const { t, ...rest } = createTranslator(lang, catalogs[lang]);
  return { ...rest, t: t as (id: MessageId, values?: Record<string, string | number | Date>) => string };
}
