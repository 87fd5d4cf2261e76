/**
 * The estate's, its sister estate's and the appellation's names as a language writes them: the
 * Chinese and Japanese names of site.json where it has them, the Latin names everywhere else.
 * Page titles, first mentions, e-mails, summary sheets and structured data read them here; the
 * logo keeps the Latin name in every language.
 */
import { languageDescriptions, languages, type Language } from "#core/languages";
import type { Site } from "./schemas/site";

/**
 * A name in one language: its own form there when site.json gives one, else the Latin name, with
 * the apostrophe the language's typography sets (« Château L’Hermitage Lescours » in French).
 */
export function nameIn(latin: string, local: Partial<Record<Language, string>>, lang: Language): string {
  const apostrophe = languageDescriptions[lang].apostrophe;
  return local[lang] ?? (apostrophe ? latin.replaceAll("'", apostrophe) : latin);
}

/** The names a page, a sheet or an e-mail in this language uses. */
export interface LocalNames {
  estate: string;
  sisterEstate: string;
  appellation: string;
}

export function localNames(site: Site, lang: Language): LocalNames {
  return {
    estate: nameIn(site.estateName, site.estateNameLocal, lang),
    sisterEstate: nameIn(site.sisterEstate.name, site.sisterEstate.nameLocal, lang),
    appellation: nameIn(site.appellation, site.appellationLocal, lang),
  };
}

/** The estate's name in every language, for what is written in the reader's language later (e-mails). */
export function estateNames(site: Site): Record<Language, string> {
  return Object.fromEntries(languages.map((lang) => [lang, localNames(site, lang).estate])) as Record<Language, string>;
}

/**
 * A wine's name as a language writes it: a wine named after the estate takes the estate's name in
 * that language (莱斯库尔隐庐酒庄 2020 on a Chinese page, « Château L’Hermitage Lescours » with its
 * apostrophe in French), any other keeps its Latin name with the language's apostrophe. The pages'
 * titles, the search engines' and the visitor's e-mails name wines this way (the native readers'
 * N10 and N12 of 29 November 2026).
 */
export function wineNameIn(site: Site, wine: { name: string }, lang: Language): string {
  return wine.name === site.estateName ? localNames(site, lang).estate : nameIn(wine.name, {}, lang);
}

/** Whether a language writes a wine's name in other letters than its Latin name (Chinese, Japanese): pages then give the Latin name beside it. */
export function wineNameIsLocal(site: Site, wine: { name: string }, lang: Language): boolean {
  return wineNameIn(site, wine, lang) !== nameIn(wine.name, {}, lang);
}
