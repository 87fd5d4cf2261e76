/**
 * `npm run i18n:sync`: after the English in `locales/messages.pot` (or `locales/admin/messages.pot`)
 * changed, brings every `locales/<lang>.po` (or `locales/admin/<lang>.po`) in line, as gettext's msgmerge would: a new message is added untranslated,
 * a removed one is dropped, and a message whose English changed gets the new English with its old
 * translation kept and marked fuzzy, for the translator to review. `npm run i18n` refuses to
 * compile until no message is missing, untranslated or fuzzy.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { po as gettextPo, type GetTextTranslation } from "gettext-parser";
import { defaultLanguage, type Language } from "#core/languages";
import { adminDomain, catalogFile, readCatalog, siteDomain, type CatalogDomain } from "./catalogs";

/** Syncs both domains: the site's catalogs, then the staff inbox's. */
export function syncCatalogs(): string[] {
  return [...syncDomain(siteDomain), ...syncDomain(adminDomain).map((line) => `admin/${line}`)];
}

function syncDomain<L extends Language>(domain: CatalogDomain<L>): string[] {
  const template = gettextPo.parse(readFileSync(catalogFile(defaultLanguage, domain)));
  const report: string[] = [];
  for (const lang of domain.languages.filter((lang) => lang !== defaultLanguage)) {
    const current = readCatalog(lang, catalogFile(lang, domain));
    const po = gettextPo.parse(readFileSync(catalogFile(lang, domain)));
    const translations: Record<string, Record<string, GetTextTranslation>> = { "": po.translations[""] ?? {} };
    for (const [id, entries] of Object.entries(template.translations)) {
      if (id === "") continue;
      for (const source of Object.values(entries as Record<string, GetTextTranslation>)) {
        const old = current.get(id);
        const changed = old !== undefined && old.english !== source.msgid;
        if (!old) report.push(`${lang}: ${id} added, to translate`);
        else if (changed) report.push(`${lang}: ${id} has new English, marked fuzzy`);
        const flags = changed || old?.fuzzy ? "fuzzy" : undefined;
        translations[id] = {
          [source.msgid]: {
            msgctxt: id,
            msgid: source.msgid,
            msgstr: [old?.text ?? ""],
            comments: {
              ...(source.comments?.extracted ? { extracted: source.comments.extracted } : {}),
              ...(flags ? { flag: flags } : {}),
            } as GetTextTranslation["comments"],
          },
        };
      }
    }
    for (const id of current.keys()) if (!(id in template.translations)) report.push(`${lang}: ${id} removed`);
    const out = gettextPo.compile({ ...po, translations }, { foldLength: 0, sort: false }).toString("utf8");
    writeFileSync(catalogFile(lang, domain), out.endsWith("\n") ? out : `${out}\n`);
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const report = syncCatalogs();
  console.log(report.length > 0 ? report.join("\n") : "i18n: every catalog already matches messages.pot");
}
