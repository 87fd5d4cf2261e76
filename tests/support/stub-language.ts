/**
 * A copy of the project with a sixth language added by the steps of docs/i18n.md ("Adding a
 * language"), each a function below, so that a test (tests/sixth-language.test.ts) and a person
 * (`npx tsx tests/support/stub-language.ts <folder>`, then `npm run build` there) follow the same
 * list. The stub language is German, with the English text in every message and content field.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { po as gettextPo, type GetTextTranslation } from "gettext-parser";

const root = new URL("../..", import.meta.url).pathname;

/** The stub: a real language, so that `Intl` knows it; Latin script, so no new fonts are needed. */
export const stub = { code: "de", name: "Deutsch", tag: "de", ogLocale: "de_DE" };

/** The project's files as git would commit them (no build output, no node_modules), and node_modules linked. */
export function copyProject(dest: string): void {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(join(root, file), join(dest, file));
  }
  symlinkSync(join(root, "node_modules"), join(dest, "node_modules"), "dir");
}

function edit(dir: string, file: string, change: (text: string) => string): void {
  const path = join(dir, file);
  const before = readFileSync(path, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`${file} did not take the stub language: has its shape changed? (tests/support/stub-language.ts)`);
  writeFileSync(path, after);
}

/** Step 1: the language's code in `languages` and its description, in core/languages.ts. */
export function describeLanguage(dir: string): void {
  edit(dir, "core/languages.ts", (text) =>
    text
      .replace(/(export const languages = \[[^\]]*)\] as const;/, `$1, "${stub.code}"] as const;`)
      .replace(
        /(export const languageDescriptions: Record<Language, LanguageDescription> = \{\n)/,
        `$1  ${stub.code}: { tag: "${stub.tag}", name: "${stub.name}", ogLocale: "${stub.ogLocale}", script: "latin", quotes: ["„", "“"], readsFrenchAbbreviations: false, drinkingAge: 18, dates: {} },\n`,
      ),
  );
}

/** Step 2: `locales/<lang>.po`, every message "translated" with its English text. */
export function writeCatalog(dir: string): void {
  const template = gettextPo.parse(readFileSync(join(dir, "locales/messages.pot")));
  template.headers.Language = stub.code;
  for (const [context, entries] of Object.entries(template.translations)) {
    if (context === "") continue;
    for (const entry of Object.values(entries as Record<string, GetTextTranslation>)) entry.msgstr = [entry.msgid];
  }
  writeFileSync(join(dir, `locales/${stub.code}.po`), gettextPo.compile(template));
}

/** Step 3: its compiled catalog imported in locales/index.ts. */
export function importCatalog(dir: string): void {
  edit(dir, "locales/index.ts", (text) =>
    text
      .replace(/(import zh from "\.\/compiled\/zh\.json";\n)/, `$1import ${stub.code} from "./compiled/${stub.code}.json";\n`)
      .replace(/const compiled = \{ ([^}]*) \}/, `const compiled = { $1, ${stub.code} }`),
  );
}

/** Step 4: the language's text in every localized field of every content file (here: the English text). */
export function translateContent(dir: string): void {
  const english = "en";
  const languagesBefore = ["en", "fr", "zh", "es", "ja"];
  const fill = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fill);
    if (value === null || typeof value !== "object") return value;
    const record = value as Record<string, unknown>;
    const filled = Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, fill(inner)]));
    return languagesBefore.every((lang) => lang in record) ? { ...filled, [stub.code]: record[english] } : filled;
  };
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? walk(path) : path.endsWith(".json") ? [path] : [];
    });
  for (const file of walk(join(dir, "content"))) {
    writeFileSync(file, `${JSON.stringify(fill(JSON.parse(readFileSync(file, "utf8"))), null, 2)}\n`);
  }
}

/** Every step of docs/i18n.md for a Latin-script language. */
export const steps = { describeLanguage, writeCatalog, importCatalog, translateContent };

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dest = process.argv[2];
  if (!dest) throw new Error("usage: npx tsx tests/support/stub-language.ts <empty folder>");
  copyProject(dest);
  for (const step of Object.values(steps)) step(dest);
  console.log(`${dest}: the project with "${stub.code}" added; run npm run build there`);
}
