/**
 * The staff inbox's compiled catalogs (made by `npm run i18n` from `locales/admin/*.po`), in
 * English and French. Server-side only: the inbox's pages are rendered by the server.
 */
import type { Messages } from "@lingui/core";
import { createTranslator } from "#core/i18n";
import en from "./compiled/admin-en.json";
import fr from "./compiled/admin-fr.json";

/** The languages of the staff inbox. */
export const adminLanguages = ["en", "fr"] as const;
export type AdminLanguage = (typeof adminLanguages)[number];

/** Every message id of the inbox, from the English catalog: a misspelled id fails the typecheck. */
export type AdminMessageId = keyof typeof en;

const catalogs = { en, fr } as unknown as Record<AdminLanguage, Messages>;

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
