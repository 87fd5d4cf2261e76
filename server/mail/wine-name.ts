/**
 * A wine as an e-mail names it to its reader: in the reader's language (莱斯库尔隐庐酒庄 2020), with
 * its Latin name after it where the language writes the estate in other letters, as the wine pages
 * do (the native readers' zh/ja N10 and N11 of 29 November 2026).
 */
import { nameIn, wineNameIn, wineNameIsLocal } from "#content/names";
import type { Site } from "#content/schemas/site";
import type { Language } from "#core/languages";

export function wineNameForMail(site: Site, wine: { name: string; vintage: number | string }, lang: Language): string {
  const name = `${wineNameIn(site, wine, lang)} ${wine.vintage}`;
  return wineNameIsLocal(site, wine, lang) ? `${name}（${nameIn(wine.name, {}, lang)}）` : name;
}
