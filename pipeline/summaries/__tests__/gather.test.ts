import { describe, expect, it } from "vitest";
import {
  blendPieces,
  formatAbv,
  ratingQuote,
  scoreLabel,
  tastingNotes,
  vineyardAndCellar,
  volumeLabel,
} from "#presentation/wine-format";
import { createI18n } from "~/lib/i18n/context";
import { content } from "#content";
import { postalAddress } from "#content/address";
import { localNames } from "#content/names";
import { languages, type Language } from "#core/languages";
import { catalogs } from "#locales";
import { readCatalog } from "../../i18n/catalogs";
import { gatherSheets } from "../gather";

const sheets = gatherSheets();
const { site, grapes, wines } = content;

/** The footer's health message and its translation, as the language's PO file has them. */
function footerOf(lang: Language): { healthMessage: string; healthMeaning: string } {
  const catalog = readCatalog(lang);
  return { healthMessage: catalog.get("footer.healthMessage")!.text, healthMeaning: catalog.get("footer.healthMeaning")!.text };
}

describe("the summary sheets' content", () => {
  it("has one sheet for every wine in every language", () => {
    const expected = languages.flatMap((lang) => wines.map((wine) => `${lang}/${wine.id}`));
    expect(sheets.map((sheet) => `${sheet.lang}/${sheet.wineId}`).sort()).toEqual(expected.sort());
  });

  it("says what the wine page says, in the sheet's language: collection, name, vintage, specs, notes, ratings", () => {
    for (const sheet of sheets) {
      const i18n = createI18n(sheet.lang, catalogs[sheet.lang]);
      const wine = wines.find((w) => w.id === sheet.wineId)!;
      expect(sheet).toMatchObject({
        estateName: site.estateName,
        appellation: site.appellation,
        collection: i18n.t(`wine.collections.${wine.collection}`),
        name: wine.name,
        vintage: String(wine.vintage),
        specs: [
          { label: i18n.t("wine.specs.abv"), value: formatAbv(i18n, wine.abv) },
          { label: i18n.t("wine.specs.volume"), value: volumeLabel(i18n, wine) },
          { label: i18n.t("wine.specs.blend"), value: blendPieces(i18n, wine.blend, grapes) },
          { label: i18n.t("wine.specs.appellation"), value: localNames(site, sheet.lang).appellation },
        ],
        vineyard: { heading: i18n.t("wine.specs.vineyardTitle"), facts: vineyardAndCellar(i18n, wine) },
        tastingNotes: { heading: i18n.t("wine.tastingNotes"), text: tastingNotes(sheet.lang, wine) },
      });
      expect(sheet.ratings.heading).toBe(i18n.t("wine.ratings.title"));
      expect(sheet.ratings.items.map((r) => [r.critic, r.score])).toEqual(wine.ratings.map((r) => [r.critic, scoreLabel(i18n, r.score)]));
      wine.ratings.forEach((rating, index) => {
        const quote = ratingQuote(sheet.lang, rating);
        const shown = sheet.ratings.items[index]!.quote;
        // The translated quote where one exists, inside the language's quotation marks; none for a medal.
        if (quote === "") expect(shown).toBe("");
        else expect(shown.replace(/^[“«「]\s?/, "").replace(/\s?[”»」](\.?)$/, "$1")).toBe(quote);
      });
      expect(sheet.address).toBe(`${localNames(site, sheet.lang).estate} · ${postalAddress(site.address, sheet.lang)}`);
      expect([...sheet.bottlePng.subarray(1, 4)]).toEqual([..."PNG"].map((c) => c.charCodeAt(0)));
    }
  });

  it("writes the address as the language's pages do: Francia in Spanish, the street written out", () => {
    const es = sheets.find((sheet) => sheet.lang === "es")!;
    expect(es.address).toContain("Francia");
    expect(es.address).toContain(site.address.streetInFull);
    const fr = sheets.find((sheet) => sheet.lang === "fr")!;
    expect(fr.address).toContain(site.address.street);
  });

  it("sets a Spanish quote's closing full stop after the guillemets («…nunca pesado».), the others' inside", () => {
    const closings = (lang: Language) => sheets.filter((sheet) => sheet.lang === lang).flatMap((sheet) => sheet.ratings.items.map((item) => item.quote.slice(-2)));
    const spanish = closings("es").filter((end) => end !== "");
    expect(spanish.length).toBeGreaterThan(5);
    expect(spanish.every((end) => end === "».")).toBe(true);
    expect(closings("fr").filter((end) => end !== "").every((end) => end === "\u202f»")).toBe(true);
    expect(closings("en").filter((end) => end !== "").every((end) => end === ".”")).toBe(true);
  });

  it("shows the translated quote, not the original, where a translation exists", () => {
    const ja = sheets.find((sheet) => sheet.lang === "ja" && sheet.wineId === "chateau-2020")!;
    const wine = wines.find((w) => w.id === "chateau-2020")!;
    const translated = wine.ratings.filter((rating) => rating.quote !== "" && rating.translations?.ja !== undefined);
    expect(translated.length).toBeGreaterThan(0);
    const shown = ja.ratings.items.map((item) => item.quote).join("\n");
    for (const rating of translated) expect(shown).not.toContain(rating.quote);
  });

  it("carries the health message (Loi Évin) in French, then its lines in the sheet's language, the French sentence once", () => {
    const french = footerOf("fr").healthMessage;
    expect(french).toBe("L’abus d’alcool est dangereux pour la santé, à consommer avec modération");
    for (const sheet of sheets) {
      const { healthMessage, healthMeaning } = footerOf(sheet.lang);
      expect(healthMessage).toBe(french);
      expect(sheet.healthMessage).toEqual(sheet.lang === "fr" ? [french] : [french, ...healthMeaning.split("\n")]);
    }
  });

  it("tells Japanese readers, under the health message, that drinking under 20 is forbidden by law", () => {
    for (const sheet of sheets.filter((item) => item.lang === "ja")) {
      expect(sheet.healthMessage.at(-1)).toBe("20歳未満の者の飲酒は法律で禁止されています。");
    }
  });

  it("names the estate in Chinese and Japanese as site.json does, beside the address", () => {
    const zh = sheets.find((sheet) => sheet.lang === "zh")!;
    const ja = sheets.find((sheet) => sheet.lang === "ja")!;
    expect(zh.address.startsWith(`${site.estateNameLocal.zh} · `)).toBe(true);
    expect(ja.address.startsWith(`${site.estateNameLocal.ja} · `)).toBe(true);
  });
});
