import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languages } from "#core/languages";

type Tree = { [key: string]: string | Tree };

const dir = new URL("../", import.meta.url);
const namespaces = readdirSync(new URL("en/", dir)).filter((f) => f.endsWith(".json"));

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function load(lang: string, file: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(new URL(`${lang}/${file}`, dir), "utf8")) as Tree);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Words that stay the same in every language: names of places, estates, wines, grapes, brands
 * and networks. A value made only of these (plus placeholders, numbers and punctuation) may
 * equal the English one; any other identical value is an untranslated string.
 */
const properNames = [
  "Château L'Hermitage Lescours",
  "Château Mongiron",
  "Saint-Émilion Grand Cru",
  "Saint-Émilion",
  "Grand Cru",
  "Cuvée 9",
  "Bordeaux",
  "Merlot",
  "Cabernet Sauvignon",
  "Cabernet Franc",
  "Instagram",
  "Facebook",
  "LinkedIn",
  "YouTube",
  "Airbnb",
  "Booking.com",
];
/** Keys whose text is the same in every language by law or by nature. */
const sameEverywhere = new Set(["footer.healthMessage", "notFound.code"]);

function onlyProperNames(text: string): boolean {
  let rest = text.replace(/\{\{\s*\w+\s*\}\}/g, " ");
  for (const name of properNames) rest = rest.split(name).join(" ");
  return /^[\s\d.,:;!?()'’"&%+/—–-]*$/.test(rest);
}

describe.each(namespaces)("locales/*/%s", (file) => {
  const english = load("en", file);

  it.each(languages.filter((l) => l !== "en"))("%s has exactly the English keys", (lang) => {
    const other = load(lang, file);
    expect([...other.keys()].filter((k) => !english.has(k)), "extra keys").toEqual([]);
    expect([...english.keys()].filter((k) => !other.has(k)), "missing keys").toEqual([]);
  });

  it.each(languages.filter((l) => l !== "en"))("%s keeps every placeholder", (lang) => {
    const other = load(lang, file);
    const changed = [...english].filter(([key, text]) => other.has(key) && placeholders(other.get(key)!).join() !== placeholders(text).join());
    expect(changed.map(([key]) => key)).toEqual([]);
  });

  it.each(languages.filter((l) => l !== "en"))("%s translates every value that is not a proper name", (lang) => {
    const other = load(lang, file);
    const untranslated = [...english].filter(
      ([key, text]) => other.get(key) === text && !sameEverywhere.has(key) && !onlyProperNames(text),
    );
    expect(untranslated.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it.each(languages)("%s has no empty value", (lang) => {
    const empty = [...load(lang, file)].filter(([, text]) => text.trim() === "");
    expect(empty.map(([key]) => key)).toEqual([]);
  });
});

describe("namespaces", () => {
  it("are the same files in every language", () => {
    for (const lang of languages) {
      expect(readdirSync(new URL(`${lang}/`, dir)).filter((f) => f.endsWith(".json")).sort()).toEqual([...namespaces].sort());
    }
  });

  it("never define the same top-level key twice", () => {
    const owners = new Map<string, string>();
    for (const file of namespaces) {
      for (const key of Object.keys(JSON.parse(readFileSync(new URL(`en/${file}`, dir), "utf8")) as Tree)) {
        expect(owners.get(key), `${key} in ${file}`).toBeUndefined();
        owners.set(key, file);
      }
    }
  });
});
