import { describe, expect, it } from "vitest";
import { buildSource, content } from "#content";
import { languages, type Language } from "#core/languages";
import { readCatalog } from "../../i18n/catalogs";
import { gatherSheets } from "../gather";

const sheets = gatherSheets(buildSource());
const { site, wines } = content;

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

  it("says what the wine page says, in the sheet's language: written out for the Château 2020", () => {
    // Editors' text (tasting notes, quotes) is read from the wine's file; what the sheet makes of it is written out.
    const wine = wines.find((w) => w.id === "chateau-2020")!;
    const [ledger, revue, quillmark] = wine.ratings;
    const sheet = (lang: Language) => {
      const { bottlePng: _, ...rest } = sheets.find((s) => s.lang === lang && s.wineId === wine.id)!;
      return rest;
    };
    const common = {
      wineId: "chateau-2020",
      estateName: "Château L’Hermitage Lescours",
      appellation: "Saint-Émilion Grand Cru",
      name: "Château L’Hermitage Lescours",
      vintage: "2020",
    };
    const french = "L’abus d’alcool est dangereux pour la santé, à consommer avec modération";
    expect(sheet("en")).toEqual({
      ...common,
      lang: "en",
      collection: "Château L’Hermitage Lescours",
      specs: [
        { label: "Alcohol by volume", value: "14%" },
        { label: "Bottle size", value: "75 cl" },
        { label: "Blend", value: { pieces: ["80% Merlot,", "15% Cabernet Sauvignon,", "5% Cabernet Franc"], space: " " } },
        { label: "Appellation", value: "Saint-Émilion Grand Cru" },
      ],
      vineyard: {
        heading: "From the vineyard to the cellar",
        facts: [
          { key: "soils", label: "Soils", value: wine.soils.en },
          { key: "vineAge", label: "Average vine age", value: "40 years" },
          { key: "harvest", label: "Harvest", value: "September 10 to 30" },
          { key: "ageing", label: "Ageing in oak", value: "18 months, 50% new barrels" },
          { key: "production", label: "Production", value: "14,200 bottles" },
        ],
      },
      tastingNotes: { heading: "Tasting Notes", text: wine.tastingNotes.en },
      ratings: {
        heading: "Expert Ratings",
        items: [
          { critic: "Ledger of the Vine", score: "95/100", quote: `“${ledger!.quote}”` },
          { critic: "Revue des Coteaux Girondins", score: "17.5/20", quote: `“${revue!.translations!.en}”` },
          { critic: "Quillmark Cellar Report", score: "94/100", quote: `“${quillmark!.quote}”` },
        ],
      },
      healthMessage: [french, "Alcohol abuse is dangerous for your health; drink in moderation."],
      address: "Château L’Hermitage Lescours · 860 Rte du Menhir, 33330 Saint-Sulpice-de-Faleyrens, France",
    });
    expect(sheet("fr")).toEqual({
      ...common,
      lang: "fr",
      collection: "Château L’Hermitage Lescours",
      specs: [
        { label: "Degré d’alcool", value: "14\u00a0%\u00a0vol." },
        { label: "Contenance", value: "75\u00a0cl" },
        { label: "Assemblage", value: { pieces: ["80\u00a0% Merlot,", "15\u00a0% Cabernet Sauvignon,", "5\u00a0% Cabernet Franc"], space: " " } },
        { label: "Appellation d’origine", value: "Saint-Émilion Grand Cru" },
      ],
      vineyard: {
        heading: "De la vigne au chai",
        facts: [
          { key: "soils", label: "Sols", value: wine.soils.fr },
          { key: "vineAge", label: "Âge moyen des vignes", value: "40\u00a0ans" },
          { key: "harvest", label: "Vendanges", value: "Du 10 au 30 septembre" },
          { key: "ageing", label: "Élevage en barriques", value: "18\u00a0mois, dont 50\u00a0% de fûts neufs" },
          { key: "production", label: "Production", value: "14\u202f200\u00a0bouteilles" },
        ],
      },
      tastingNotes: { heading: "Notes de dégustation", text: wine.tastingNotes.fr },
      ratings: {
        heading: "L’avis de la critique",
        items: [
          { critic: "Ledger of the Vine", score: "95/100", quote: `«\u202f${ledger!.translations!.fr}\u202f»` },
          { critic: "Revue des Coteaux Girondins", score: "17,5/20", quote: `«\u202f${revue!.quote}\u202f»` },
          { critic: "Quillmark Cellar Report", score: "94/100", quote: `«\u202f${quillmark!.translations!.fr}\u202f»` },
        ],
      },
      // On a French sheet the French sentence is the message in the sheet's language.
      healthMessage: [french],
      address: "Château L’Hermitage Lescours · 860, route du Menhir, 33330 Saint-Sulpice-de-Faleyrens, France",
    });
    expect(sheet("zh")).toMatchObject({
      specs: [
        { label: "酒精度", value: "14%vol" },
        { label: "净含量", value: "750 毫升" },
        { label: "混酿比例", value: { pieces: ["梅洛 80%、", "赤霞珠 15%、", "品丽珠 5%"], space: "" } },
        { label: "法定产区", value: "圣埃美隆特级园" },
      ],
      vineyard: {
        heading: "从葡萄园到酒窖",
        facts: [{ value: wine.soils.zh }, { value: "40 年" }, { value: "9月10日至30日" }, { value: "18 个月，新桶比例 50%" }, { value: "14,200 瓶" }],
      },
      tastingNotes: { heading: "品鉴笔记", text: wine.tastingNotes.zh },
      ratings: { heading: "专家评分", items: [{ score: "95/100", quote: `“${ledger!.translations!.zh}”` }, { score: "17.5/20" }, { score: "94/100" }] },
      healthMessage: [french, "过量饮酒有害健康，请适量饮用。"],
      address: "莱斯库尔隐庐酒庄 · 860 Route du Menhir, 33330 Saint-Sulpice-de-Faleyrens, France（法国）",
    });
    expect(sheet("es")).toMatchObject({
      specs: [
        { value: "14\u00a0% vol." },
        { value: "75 cl" },
        { value: { pieces: ["80\u00a0% merlot,", "15\u00a0% cabernet sauvignon,", "5\u00a0% cabernet franc"] } },
        {},
      ],
      vineyard: {
        facts: [
          { value: wine.soils.es },
          { value: "40 años" },
          { value: "Del 10 al 30 de septiembre" },
          { value: "18 meses, un 50\u00a0% en barricas nuevas" },
          { value: "14\u202f200 botellas" },
        ],
      },
      // Spanish closes the quote before its full stop.
      ratings: { items: [{ score: "95/100", quote: `«${ledger!.translations!.es!.slice(0, -1)}».` }, { score: "17,5/20" }, { score: "94/100" }] },
      address: "Château L’Hermitage Lescours · 860 Route du Menhir, 33330 Saint-Sulpice-de-Faleyrens, Francia",
    });
    expect(sheet("ja")).toMatchObject({
      specs: [
        { value: "14%" },
        { value: "750ml" },
        { value: { pieces: ["メルロー80%、", "カベルネ・ソーヴィニヨン15%、", "カベルネ・フラン5%"], space: "" } },
        { value: "サンテミリオン・グラン・クリュ" },
      ],
      vineyard: { facts: [{ value: wine.soils.ja }, { value: "40年" }, { value: "9月10日～30日" }, { value: "18か月（新樽比率50%）" }, { value: "14,200本" }] },
      ratings: { items: [{ score: "95/100", quote: `「${ledger!.translations!.ja}」` }, { score: "17.5/20" }, { score: "94/100" }] },
      healthMessage: [french, "過度の飲酒は健康を害します。お酒は適量を守ってお楽しみください。", "20歳未満の者の飲酒は法律で禁止されています。"],
      address: "シャトー・レルミタージュ・レスクール · 860 Route du Menhir, 33330 Saint-Sulpice-de-Faleyrens, France（フランス）",
    });
  });

  it("carries every wine's own facts and editors' text, in every language", () => {
    for (const sheet of sheets) {
      const wine = wines.find((w) => w.id === sheet.wineId)!;
      // The Latin names with the typographic apostrophe (L’Hermitage), as the pages set them.
      expect(sheet, `${sheet.lang}/${sheet.wineId}`).toMatchObject({
        name: wine.name.replaceAll("'", "’"),
        vintage: String(wine.vintage),
        estateName: site.estateName.replaceAll("'", "’"),
        appellation: site.appellation,
      });
      expect(sheet.tastingNotes.text).toBe(wine.tastingNotes[sheet.lang]);
      expect(sheet.ratings.items.map((item) => item.critic)).toEqual(wine.ratings.map((rating) => rating.critic));
      wine.ratings.forEach((rating, index) => {
        // The quote in the sheet's language where the file has one, else as the critic wrote it; none for a medal.
        const words = rating.quote === "" ? "" : (rating.translations?.[sheet.lang] ?? rating.quote);
        const shown = sheet.ratings.items[index]!.quote;
        if (words === "") expect(shown).toBe("");
        // Inside the marks; a Spanish quote's full stop stands after them («…château».).
        else expect(shown.replace(/^\S+?\s?|\s?[»」”](\.)?$/gu, "") + (shown.endsWith("».") ? "." : "")).toBe(words);
      });
      expect([...sheet.bottlePng.subarray(1, 4)]).toEqual([..."PNG"].map((c) => c.charCodeAt(0)));
    }
  });

  it("writes the address as the language's pages do: Francia in Spanish, the street written out, in French as its prose writes it", () => {
    const es = sheets.find((sheet) => sheet.lang === "es")!;
    expect(es.address).toContain("Francia");
    expect(es.address).toContain(site.address.streetInFull);
    const fr = sheets.find((sheet) => sheet.lang === "fr")!;
    expect(fr.address).toContain(site.address.streetInText);
  });

  it("sets a Spanish quote's closing full stop after the guillemets («…nunca pesado».), the others' inside", () => {
    const closings = (lang: Language) =>
      sheets.filter((sheet) => sheet.lang === lang).flatMap((sheet) => sheet.ratings.items.map((item) => item.quote.slice(-2)));
    const spanish = closings("es").filter((end) => end !== "");
    expect(spanish.length).toBeGreaterThan(5);
    expect(spanish.every((end) => end === "».")).toBe(true);
    expect(
      closings("fr")
        .filter((end) => end !== "")
        .every((end) => end === "\u202f»"),
    ).toBe(true);
    expect(
      closings("en")
        .filter((end) => end !== "")
        .every((end) => end === ".”"),
    ).toBe(true);
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
