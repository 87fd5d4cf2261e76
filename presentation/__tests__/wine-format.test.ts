import { describe, expect, it } from "vitest";
import type { Grapes, Rating, Wine } from "#content";
import type { Language } from "#core/languages";
import { createI18n } from "~/lib/i18n/context";
import { catalogs } from "#locales";
import {
  cartItemData,
  formatAbv,
  formatBlend,
  ratingQuote,
  ratingSeal,
  scoreLabel,
  summaryFileName,
  summaryPath,
  tastingNotes,
  wineTitle,
  winePrice,
} from "../wine-format";

const i18nFor = (lang: Language) => createI18n(lang, catalogs[lang]);

/** A wine written out here, so each expectation below can be read against it. */
const wine: Wine = {
  id: "test-cuvee-2021",
  name: "Cuvée d'Essai",
  collection: "cuvee9",
  vintage: 2021,
  price: 149.5,
  abv: "13.5%",
  blend: "70% Merlot, 30% Cabernet Franc",
  tastingNotes: { en: "Bright cherry.", fr: "Cerise éclatante.", zh: "明亮的樱桃。", es: "Cereza brillante.", ja: "鮮やかなチェリー。" },
  ratings: [],
};

const grapes: Grapes = {
  Merlot: { en: "Merlot", fr: "Merlot", zh: "梅洛", es: "Merlot", ja: "メルロー" },
  "Cabernet Franc": { en: "Cabernet Franc", fr: "Cabernet franc", zh: "品丽珠", es: "Cabernet Franc", ja: "カベルネ・フラン" },
};

describe("a wine's cart data (spec §7)", () => {
  it("carries id, name and vintage, a two-decimal price, the page's path, image, tasting notes and categories", () => {
    expect(cartItemData(i18nFor("fr"), wine, "/assets/test.jpeg")).toEqual({
      "data-item-id": "test-cuvee-2021",
      "data-item-name": "Cuvée d'Essai 2021",
      "data-item-price": "149.50",
      "data-item-url": "/fr/shop/test-cuvee-2021",
      "data-item-image": "/assets/test.jpeg",
      "data-item-description": "Cerise éclatante.",
      "data-item-categories": "Wine|Saint-Émilion Grand Cru",
    });
    expect(cartItemData(i18nFor("en"), wine, "/x.jpeg")["data-item-url"]).toBe("/shop/test-cuvee-2021");
  });

  it("prices in euros the language's way", () => {
    expect(winePrice("en", wine)).toBe("€149.50");
    expect(winePrice("fr", wine)).toBe("149,50\u00a0€");
    expect(winePrice("ja", wine)).toBe("€149.50");
  });

  it("reads the tasting notes in the page's language", () => {
    expect(tastingNotes("ja", wine)).toBe("鮮やかなチェリー。");
  });
});

describe("a rating", () => {
  const rating: Rating = {
    critic: "Revue Imaginaire",
    score: "17.5/20",
    quote: "Un vin d'une grande fraîcheur.",
    translations: { en: "A wine of great freshness.", ja: "際立つフレッシュさ。" },
  };

  it("uses the quote translated for the page's language when there is one", () => {
    expect(ratingQuote("en", rating)).toBe("A wine of great freshness.");
    expect(ratingQuote("ja", rating)).toBe("際立つフレッシュさ。");
  });

  it("falls back to the original quote without a translation, and shows none when it is empty", () => {
    expect(ratingQuote("es", rating)).toBe("Un vin d'une grande fraîcheur.");
    expect(ratingQuote("fr", { critic: "Concours Imaginaire", score: "gold", quote: "" })).toBe("");
  });

  it("shows points the language's way and medals by their name in the catalog", () => {
    expect(scoreLabel(i18nFor("en"), "17.5/20")).toBe("17.5/20");
    expect(scoreLabel(i18nFor("fr"), "17.5/20")).toBe("17,5/20");
    expect(scoreLabel(i18nFor("en"), "95/100")).toBe("95/100");
    expect(scoreLabel(i18nFor("en"), "gold")).toBe("Gold Medal");
    expect(scoreLabel(i18nFor("en"), "silver")).toBe("Silver Medal");
    expect(scoreLabel(i18nFor("fr"), "gold")).toBe("Médaille d'or");
    expect(scoreLabel(i18nFor("fr"), "silver")).toBe("Médaille d'argent");
    expect(scoreLabel(i18nFor("ja"), "gold")).toBe("金賞");
    expect(scoreLabel(i18nFor("ja"), "silver")).toBe("銀賞");
  });

  it("has screen readers hear a score as a score and a medal by its name alone, never as a score", () => {
    expect(ratingSeal(i18nFor("en"), "95/100")).toEqual({ label: "95/100", spoken: "Score: 95/100" });
    expect(ratingSeal(i18nFor("fr"), "17.5/20")).toEqual({ label: "17,5/20", spoken: "Note\u00a0: 17,5/20" });
    expect(ratingSeal(i18nFor("zh"), "95/100")).toEqual({ label: "95/100", spoken: "评分：95/100" });
    expect(ratingSeal(i18nFor("es"), "95/100")).toEqual({ label: "95/100", spoken: "Puntuación: 95/100" });
    expect(ratingSeal(i18nFor("ja"), "95/100")).toEqual({ label: "95/100", spoken: "スコア：95/100" });
    expect(ratingSeal(i18nFor("en"), "gold")).toEqual({ label: "Gold Medal", spoken: "Gold Medal" });
    expect(ratingSeal(i18nFor("fr"), "gold")).toEqual({ label: "Médaille d'or", spoken: "Médaille d'or" });
    expect(ratingSeal(i18nFor("zh"), "silver")).toEqual({ label: "银奖", spoken: "银奖" });
    expect(ratingSeal(i18nFor("es"), "gold")).toEqual({ label: "Medalla de oro", spoken: "Medalla de oro" });
  });
});

describe("specifications", () => {
  it("write the blend with each language's grape names and percentages", () => {
    expect(formatBlend(i18nFor("en"), wine.blend, grapes)).toBe("70% Merlot, 30% Cabernet Franc");
    expect(formatBlend(i18nFor("fr"), wine.blend, grapes)).toBe("70\u00a0% Merlot, 30\u00a0% Cabernet franc");
    expect(formatBlend(i18nFor("zh"), wine.blend, grapes)).toBe("梅洛 70%、品丽珠 30%");
    expect(formatBlend(i18nFor("ja"), "Merlot, Cabernet Franc", grapes)).toBe("メルロー、カベルネ・フラン");
  });

  it("keep the name of a grape without names of its own", () => {
    expect(formatBlend(i18nFor("ja"), "60% Merlot, 40% Malbec", grapes)).toBe("メルロー60%、Malbec40%");
  });

  it("write the alcohol by volume the language's way", () => {
    expect(formatAbv(i18nFor("en"), "14%")).toBe("14%");
    expect(formatAbv(i18nFor("fr"), "14%")).toBe("14\u00a0%");
    expect(formatAbv(i18nFor("en"), "13.5%")).toBe("13.5%");
  });
});

describe("the summary sheet", () => {
  it("is served per language and saved as <estate>-<vintage>-Summary.jpg", () => {
    expect(summaryPath("ja", "chateau-2019")).toBe("/summaries/ja/chateau-2019.jpg");
    expect(summaryFileName("Château L'Hermitage Lescours", 2020)).toBe("Château L'Hermitage Lescours-2020-Summary.jpg");
    expect(wineTitle({ name: "Cuvée 9", vintage: 2020 })).toBe("Cuvée 9 2020");
  });
});
