/**
 * `npm run i18n`: checks the catalogs (scripts/i18n/catalogs.ts) and compiles them with Lingui
 * into `locales/compiled/<lang>.json`, the form the Lingui runtime reads. A problem stops it with
 * one line per message, so a missing or broken translation fails the build, the typecheck and the
 * tests rather than showing a key on a page. The English file also gives the `MessageId` type.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { languages } from "#core/languages";
import { catalogProblems, localesDir, readCatalogs } from "./catalogs";

export function compileCatalogs(outDir = `${localesDir}compiled/`): number {
  const catalogs = readCatalogs();
  const problems = catalogProblems(catalogs);
  if (problems.length > 0) throw new Error(`The message catalogs need attention:\n${problems.join("\n")}`);
  mkdirSync(outDir, { recursive: true });
  for (const lang of languages) {
    const compiled = Object.fromEntries([...catalogs[lang].values()].map((entry) => [entry.id, compileMessage(entry.text)]));
    writeFileSync(`${outDir}${lang}.json`, `${JSON.stringify(compiled)}\n`);
  }
  return catalogs.en.size;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    console.log(`i18n: ${compileCatalogs()} messages compiled for ${languages.join(", ")}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
