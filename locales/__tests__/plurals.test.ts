import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { languages } from "#core/languages";
import { translator, type MessageId } from "#locales";
import { readCatalog } from "../../pipeline/i18n/catalogs";

/** Messages in which a number meets a noun: each chooses its words by the language's plural rules. */
const pluralMessages = [...readCatalog("en").values()]
  .filter((entry) => parse(entry.english).some((token: Token) => token.type === "plural"))
  .map((entry) => entry.id as MessageId);

/** The argument a plural message counts with. */
const countArgument = (id: MessageId) => (parse(readCatalog("en").get(id)!.english).find((token) => token.type === "plural") as { arg: string }).arg;

describe("plurals", () => {
  it("are used wherever a number meets a noun", () => {
    expect(pluralMessages).toEqual(
      expect.arrayContaining([
        "cart.open",
        "wineTours.packages.duration",
        "wineTours.packages.groupSize",
        "wineTours.highlights.duration.title",
        "wineTours.highlights.groupSize.title",
        "villa.location.village",
        "villa.location.bordeaux",
        "importer.presence.countries",
        "importer.presence.retailPartners",
        "importer.form.promise",
        "forms.error.fields",
      ]),
    );
  });

  it.each([
    ["en", ["Open cart (0 items)", "Open cart (1 item)", "Open cart (2 items)", "Open cart (5 items)"]],
    [
      "fr",
      ["Ouvrir le panier (0\u00a0article)", "Ouvrir le panier (1\u00a0article)", "Ouvrir le panier (2\u00a0articles)", "Ouvrir le panier (5\u00a0articles)"],
    ],
    ["es", ["Abrir la cesta (0 artículos)", "Abrir la cesta (1 artículo)", "Abrir la cesta (2 artículos)", "Abrir la cesta (5 artículos)"]],
    ["zh", ["打开购物车（0 件商品）", "打开购物车（1 件商品）", "打开购物车（2 件商品）", "打开购物车（5 件商品）"]],
    ["ja", ["カートを開く（0点）", "カートを開く（1点）", "カートを開く（2点）", "カートを開く（5点）"]],
  ] as const)("count the cart's items in %s: 0, 1, 2, 5", (lang, expected) => {
    const { t } = translator(lang);
    expect([0, 1, 2, 5].map((count) => t("cart.open", { count }))).toEqual(expected);
  });

  it("take French's singular for 0 and 1 and Spanish's plural for 0", () => {
    expect(translator("fr").t("wineTours.packages.groupSize", { count: 0 })).toBe("Petits groupes de 0 personne maximum");
    expect(translator("es").t("wineTours.packages.groupSize", { count: 0 })).toBe("Grupos reducidos de hasta 0 personas");
    expect(translator("en").t("importer.presence.countries", { count: 1 })).toBe("Country");
    expect(translator("en").t("importer.presence.countries", { count: 15 })).toBe("Countries");
  });

  describe.each(languages)("in %s", (lang) => {
    const { t } = translator(lang);
    it.each(pluralMessages)("%s reads 0, 1, 2 and 5, with the number and no ICU syntax left", (id) => {
      const arg = countArgument(id);
      for (const count of [0, 1, 2, 5]) {
        const text = t(id, { [arg]: count, fields: "Name" });
        expect(text, `${id} ${count}`).not.toMatch(/[{}#]/);
        // A message that writes its number (`#`) shows it; labels that only choose their words by it do not.
        if (readCatalog("en").get(id)!.english.includes("#")) expect(text, `${id} ${count}`).toContain(String(count));
      }
      if (lang === "en" || lang === "es") expect(t(id, { [arg]: 1, fields: "Name" }), id).not.toBe(t(id, { [arg]: 2, fields: "Name" }));
    });
  });
});
