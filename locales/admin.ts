/**
 * The staff inbox's compiled catalogs (made by `npm run i18n` from `locales/admin/*.po`), in
 * English and French. Server-side only: the inbox's pages are rendered by the server.
 */
import type { Messages } from "@lingui/core";
import { createTranslator } from "#core/i18n";
import { keyedBy, staffLanguages } from "#core/languages";
import { compiledMessages } from "./catalog";
import en from "./compiled/admin-en.json";
import fr from "./compiled/admin-fr.json";

/** The languages of the staff inbox. */
export const adminLanguages = staffLanguages;
export type AdminLanguage = (typeof adminLanguages)[number];

/**
 * The tag the inbox formats dates and times with in each of its languages: day before month and a
 * 24-hour clock in both, as the estate's office reads them ("23 Nov 2026, 13:05").
 */
export const adminDateTags: Record<AdminLanguage, string> = { en: "en-GB", fr: "fr-FR" };

/** Every message id of the inbox, from the English catalog: a misspelled id fails the typecheck. */
export type AdminMessageId = keyof typeof en;

/** One compiled catalog per staff language: a language without one is a type error here. */
const compiled = { en, fr } satisfies Record<AdminLanguage, Record<string, unknown>>;

const catalogs: Record<AdminLanguage, Messages> = keyedBy(adminLanguages, (lang) => compiledMessages(compiled[lang], `locales/compiled/admin-${lang}.json`));

export function isAdminLanguage(value: unknown): value is AdminLanguage {
  return typeof value === "string" && (adminLanguages as readonly string[]).includes(value);
}

/** The inbox's ids in one language, for the completeness test. */
export function adminCatalog(lang: AdminLanguage): Messages {
  return catalogs[lang];
}

/** A translator over the inbox's messages in one language. */
export function adminTranslator(lang: AdminLanguage) {
  const { t, ...rest } = createTranslator(lang, catalogs[lang]);
  return { ...rest, t: t as (id: AdminMessageId, values?: Record<string, string | number | Date>) => string };
}
