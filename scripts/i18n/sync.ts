/**
 * `npm run i18n:sync`: after the English in `locales/messages.pot` changed, brings every
 * `locales/<lang>.po` in line, as gettext's msgmerge would: a new message is added untranslated,
 * a removed one is dropped, and a message whose English changed gets the new English with its old
 * translation kept and marked fuzzy, for the translator to review. `npm run i18n` refuses to
 * compile until no message is missing, untranslated or fuzzy.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { po as gettextPo, type GetTextTranslation } from "gettext-parser";
import { catalogFile, readCatalog, translatedLanguages } from "./catalogs";

export function syncCatalogs(): string[] {
  const template = gettextPo.parse(readFileSync(catalogFile("en")));
  const report: string[] = [];
  for (const lang of translatedLanguages) {
    const current = readCatalog(lang);
    const po = gettextPo.parse(readFileSync(catalogFile(lang)));
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
            comments: { ...(source.comments?.extracted ? { extracted: source.comments.extracted } : {}), ...(flags ? { flag: flags } : {}) } as GetTextTranslation["comments"],
          },
        };
      }
    }
    for (const id of current.keys()) if (!(id in template.translations)) report.push(`${lang}: ${id} removed`);
    const out = gettextPo.compile({ ...po, translations }, { foldLength: 0, sort: false }).toString("utf8");
    writeFileSync(catalogFile(lang), out.endsWith("\n") ? out : `${out}\n`);
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const report = syncCatalogs();
  console.log(report.length > 0 ? report.join("\n") : "i18n: every catalog already matches messages.pot");
}
