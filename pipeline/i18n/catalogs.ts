/**
 * The interface messages' catalogs as translators' tools see them: gettext PO files in which
 * `msgctxt` is the message's id, `msgid` its English text and `msgstr` its translation (ICU
 * MessageFormat). Two domains: the site's (`locales/messages.pot` holds the English,
 * `locales/<lang>.po` each of the five languages) and the staff inbox's (`locales/admin/`, in
 * English and French, the staff's languages), each compiled and checked on its own.
 *
 * Lingui's own CLI keys PO entries by their English text or puts the id in `msgid`, which hides
 * the English from Poedit and Weblate; keeping gettext's bilingual form is why the few lines
 * below exist. The compiling itself is Lingui's (`compileMessage`).
 */
import { readFileSync } from "node:fs";
import { parse, type Token } from "@messageformat/parser";
import { po as gettextPo, type GetTextTranslation } from "gettext-parser";
import { defaultLanguage, languages, staffLanguages, type Language } from "#core/languages";

export const localesDir = new URL("../../locales/", import.meta.url).pathname;

/** One message as a catalog holds it. */
export interface CatalogEntry {
  id: string;
  /** The English text the translation was made from. */
  english: string;
  /** The translation; for English, the English text itself. */
  text: string;
  /** Marked "fuzzy": the English changed since it was translated, or the translator is unsure. */
  fuzzy: boolean;
  /** The note for translators (`#.`). */
  note?: string;
}

export type Catalog = Map<string, CatalogEntry>;

/** A set of catalogs compiled and checked together: its folder, its languages, its compiled files. */
export interface CatalogDomain<L extends Language = Language> {
  /** Where its PO files are, inside locales/ ("" for the site's). */
  folder: string;
  /** English first: the template's language. */
  languages: readonly L[];
  /** The compiled file of one language, in locales/compiled/. */
  compiledName: (lang: L) => string;
}

/** The site's catalogs: five languages, compiled to `locales/compiled/<lang>.json`. */
export const siteDomain: CatalogDomain = { folder: "", languages, compiledName: (lang) => `${lang}.json` };

/** The staff inbox's languages: the estate's staff read English and French. */
export const adminLanguages = staffLanguages;
export type AdminLanguage = (typeof adminLanguages)[number];

/** The staff inbox's catalogs (`locales/admin/`), compiled to `locales/compiled/admin-<lang>.json`. */
export const adminDomain: CatalogDomain<AdminLanguage> = { folder: "admin/", languages: adminLanguages, compiledName: (lang) => `admin-${lang}.json` };

/** The catalogs' source language (English, the default): its text is the template's `msgid`. */
const source = defaultLanguage;

/** The translated languages: English is the template. */
export const translatedLanguages = languages.filter((lang) => lang !== source);

export function catalogFile(lang: Language, domain: Pick<CatalogDomain, "folder"> = siteDomain): string {
  return lang === source ? `${localesDir}${domain.folder}messages.pot` : `${localesDir}${domain.folder}${lang}.po`;
}

/** Reads one language's catalog (English from the template). */
export function readCatalog(lang: Language, file = catalogFile(lang)): Catalog {
  const po = gettextPo.parse(readFileSync(file));
  const catalog: Catalog = new Map();
  for (const [context, entries] of Object.entries(po.translations)) {
    if (context === "") continue;
    for (const entry of Object.values(entries as Record<string, GetTextTranslation>)) {
      catalog.set(context, {
        id: context,
        english: entry.msgid,
        text: lang === source ? entry.msgid : (entry.msgstr[0] ?? ""),
        fuzzy: /\bfuzzy\b/.test(entry.comments?.flag ?? ""),
        ...(entry.comments?.extracted ? { note: entry.comments.extracted } : {}),
      });
    }
  }
  return catalog;
}

export function readCatalogs(): Record<Language, Catalog>;
export function readCatalogs<L extends Language>(domain: CatalogDomain<L>): Record<L, Catalog>;
export function readCatalogs(domain: Pick<CatalogDomain, "folder"> & { languages: readonly Language[] } = siteDomain): Record<string, Catalog> {
  return Object.fromEntries(domain.languages.map((lang) => [lang, readCatalog(lang, catalogFile(lang, domain))]));
}

/** The arguments (`{count}`, `{count, plural, …}`) and tags (`<terms>`) a message uses, sorted. */
export function messageShape(text: string): { args: string[]; tags: string[] } {
  const args = new Set<string>();
  const tags = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "content") for (const match of token.value.matchAll(/<\/?([a-zA-Z0-9]+)\/?>/g)) tags.add(match[1]!);
      else if (token.type === "argument" || token.type === "function") args.add(token.arg);
      else if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        args.add(token.arg);
        for (const { tokens: inner } of token.cases) walk(inner);
      }
    }
  };
  walk(parse(text));
  return { args: [...args].sort(), tags: [...tags].sort() };
}

/**
 * What keeps the catalogs from being compiled: a message missing from a language or unknown to
 * English, a translation made from an older English text, a fuzzy or empty one, broken ICU syntax,
 * or a translation that drops or adds a placeholder or a tag. One line each, naming file and id.
 */
export function catalogProblems(catalogs: Record<Language, Catalog>): string[];
export function catalogProblems<L extends Language>(catalogs: Record<L, Catalog>, domain: CatalogDomain<L>): string[];
export function catalogProblems(
  catalogs: Partial<Record<Language, Catalog>>,
  domain: Pick<CatalogDomain, "folder"> & { languages: readonly Language[] } = siteDomain,
): string[] {
  const problems: string[] = [];
  const english = catalogs[source]!;
  const shapes = new Map<string, string>();
  for (const entry of english.values()) {
    try {
      shapes.set(entry.id, JSON.stringify(messageShape(entry.english)));
    } catch (error) {
      problems.push(`${domain.folder}messages.pot: ${entry.id}: not valid ICU MessageFormat: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  for (const lang of domain.languages.filter((lang) => lang !== source)) {
    const file = `${domain.folder}${lang}.po`;
    const catalog = catalogs[lang]!;
    for (const id of english.keys()) if (!catalog.has(id)) problems.push(`${file}: ${id}: missing (run npm run i18n:sync)`);
    for (const entry of catalog.values()) {
      const source = english.get(entry.id);
      if (!source) {
        problems.push(`${file}: ${entry.id}: not in ${domain.folder}messages.pot (run npm run i18n:sync)`);
        continue;
      }
      if (entry.english !== source.english) problems.push(`${file}: ${entry.id}: translated from an older English text (run npm run i18n:sync, then review)`);
      if (entry.fuzzy) problems.push(`${file}: ${entry.id}: marked fuzzy: review the translation and remove the flag`);
      if (entry.text.trim() === "") {
        problems.push(`${file}: ${entry.id}: not translated`);
        continue;
      }
      try {
        const shape = JSON.stringify(messageShape(entry.text));
        if (shapes.has(entry.id) && shape !== shapes.get(entry.id)) {
          problems.push(`${file}: ${entry.id}: placeholders or tags differ from English: ${shape} instead of ${shapes.get(entry.id)}`);
        }
      } catch (error) {
        problems.push(`${file}: ${entry.id}: not valid ICU MessageFormat: ${(error as Error).message.split("\n")[0]}`);
      }
    }
  }
  return problems;
}
