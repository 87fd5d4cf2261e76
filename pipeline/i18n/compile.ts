/**
 * `npm run i18n`: checks the catalogs (pipeline/i18n/catalogs.ts) and compiles them with Lingui
 * into `locales/compiled/<lang>.json` (the site) and `locales/compiled/admin-<lang>.json` (the
 * staff inbox), the form the Lingui runtime reads. A problem stops it with one line per message,
 * so a missing or broken translation fails the build, the typecheck and the tests rather than
 * showing a key on a page. Each domain's English file also gives its id type (`MessageId`,
 * `AdminMessageId`).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { defaultLanguage, languages, type Language } from "#core/languages";
import { adminDomain, adminLanguages, catalogProblems, localesDir, readCatalogs, siteDomain, type Catalog, type CatalogDomain } from "./catalogs";

/**
 * Writes a compiled catalog only when it changed: `npm test` runs the build beside the unit tests,
 * and the build's own `npm run i18n` must not rewrite a file a test is reading.
 */
function writeIfChanged(file: string, text: string): void {
  if (existsSync(file) && readFileSync(file, "utf8") === text) return;
  writeFileSync(file, text);
}

/** Checks and compiles one domain's catalogs; returns how many messages it has. */
function compileDomain<L extends Language>(domain: CatalogDomain<L>, outDir: string): number {
  const catalogs = readCatalogs(domain);
  const problems = catalogProblems(catalogs, domain);
  if (problems.length > 0) throw new Error(`The message catalogs need attention:\n${problems.join("\n")}`);
  mkdirSync(outDir, { recursive: true });
  for (const lang of domain.languages) {
    const compiled = Object.fromEntries([...catalogs[lang].values()].map((entry) => [entry.id, compileMessage(entry.text)]));
    writeIfChanged(`${outDir}${domain.compiledName(lang)}`, `${JSON.stringify(compiled)}\n`);
  }
  return (catalogs as Record<string, Catalog>)[defaultLanguage]!.size;
}

/** Compiles the site's catalogs, then the staff inbox's; returns the site's message count. */
export function compileCatalogs(outDir = `${localesDir}compiled/`): number {
  const count = compileDomain(siteDomain, outDir);
  compileDomain(adminDomain, outDir);
  return count;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const site = compileCatalogs();
    const admin = readCatalogs(adminDomain)[defaultLanguage].size;
    console.log(`i18n: ${site} messages compiled for ${languages.join(", ")}; staff inbox: ${admin} for ${adminLanguages.join(", ")}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
