import { readFileSync } from "node:fs";
import { po } from "gettext-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { content } from "#content";
import { describeCharacter, missingCharacters, readFont } from "../coverage";
import { characterSet, latinSiteText, latinStrings, safetySet } from "../site-text";
import { fontFaces, sourceFont, subsetFace } from "../subset";

const text = latinSiteText();
const characters = new Set(characterSet(text));
const absent = (value: string) =>
  characterSet(value)
    .filter((char) => !characters.has(char))
    .map(describeCharacter);

/** Each message's text as translators wrote it (the PO files, not the compiled catalogs the gatherer reads). */
function catalogTexts(file: string, field: "msgid" | "msgstr"): string[] {
  const { translations } = po.parse(readFileSync(file));
  return Object.values(translations)
    .flatMap((entries) => Object.values(entries))
    .flatMap((entry) => (field === "msgid" ? [entry.msgid] : entry.msgstr))
    .filter(Boolean);
}

describe("the text the fonts are cut for", () => {
  it("walks a catalog or content record whole, plural branches included, and leaves its Chinese and Japanese out", () => {
    const record = {
      title: { en: "Straße", fr: "Œuvre", zh: "酒", es: "Año", ja: "ワイン" },
      critics: [{ quote: { en: "Dōmaine", fr: "Å", zh: "庄", es: "Ø", ja: "園" } }],
      message: [["count", "plural", { one: ["#", " ŋ"], other: ["#", " ħ"] }]],
    };
    const found = characterSet(latinStrings(record).join(""));
    for (const char of "ßŒñōÅØŋħ") expect(found).toContain(char);
    for (const char of "酒庄園ワイン") expect(found).not.toContain(char);
  });

  it("holds every character of every English, French and Spanish message, each plural and tagged part included", () => {
    const messages = [...catalogTexts("locales/messages.pot", "msgid"), ...catalogTexts("locales/fr.po", "msgstr"), ...catalogTexts("locales/es.po", "msgstr")];
    expect(messages.length).toBeGreaterThan(900);
    expect(messages.flatMap(absent)).toEqual([]);
  });

  it("holds every character of the content's English, French and Spanish texts, and none of its Chinese or Japanese", () => {
    for (const wine of content.wines) {
      for (const lang of ["en", "fr", "es"] as const) expect(absent(wine.tastingNotes[lang]), `${wine.id} ${lang}`).toEqual([]);
    }
    for (const item of content.news) expect(absent(`${item.title.fr} ${item.content.es}`)).toEqual([]);
    expect(absent(content.legal.privacy.sections.map((section) => `${section.title.fr} ${section.body.fr}`).join(" "))).toEqual([]);
    // Kana appear only in Japanese texts (the switcher's 日本語 has none): none is cut into the fonts.
    const kana = characterSet(content.wines.map((wine) => wine.tastingNotes.ja).join("")).filter((char) =>
      /\p{Script=Katakana}|\p{Script=Hiragana}/u.test(char),
    );
    expect(kana.length).toBeGreaterThan(10);
    expect(kana.filter((char) => characters.has(char))).toEqual([]);
  });

  it("has a safety set of what formatting and French or Spanish text can add", () => {
    for (const char of "0123456789€%«»“”’–—…\u00a0\u202fàâçéèêëîïôœùûüÿÀÇÉÈŒáíñóúüÁÑ¿¡") expect(safetySet).toContain(char);
  });
});

describe.each(fontFaces.map((face) => [`${face.family} ${face.weight}`, face] as const))("the subset of %s", (_name, face) => {
  let subset: Buffer;
  beforeAll(async () => {
    subset = await subsetFace(face, text);
  });

  it("draws every character of the site's Latin text that the full font draws", () => {
    expect(missingCharacters(readFont(subset), readFont(sourceFont(face)), text).map(describeCharacter)).toEqual([]);
  });

  it("is found lacking when the site's text has a character it was not cut for", async () => {
    const withoutCedilla = await subsetFace(face, text.replaceAll("ç", ""));
    expect(missingCharacters(readFont(withoutCedilla), readFont(sourceFont(face)), text).map(describeCharacter)).toEqual(["ç U+00E7"]);
  });

  it("keeps the metrics the fallback faces are matched to (app/app.css)", () => {
    const full = readFont(sourceFont(face));
    const cut = readFont(subset);
    expect([cut.unitsPerEm, cut.ascent, cut.descent, cut.lineGap]).toEqual([full.unitsPerEm, full.ascent, full.descent, full.lineGap]);
    const sample = "Château L'Hermitage Lescours — Saint-Émilion Grand Cru, 4,12 ha « 175,00 € »";
    expect(cut.layout(sample).advanceWidth).toBe(full.layout(sample).advanceWidth);
  });

  it("is at least a quarter smaller than the Fontsource file", () => {
    expect(subset.length).toBeLessThan(sourceFont(face).length * 0.75);
  });
});
