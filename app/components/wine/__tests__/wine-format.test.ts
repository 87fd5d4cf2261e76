import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { wines, type Rating, type Wine } from "~/lib/content";
import { createI18n } from "~/lib/i18n/context";
import type { Language } from "#core/languages";
import type { MessageTree } from "~/lib/i18n/translate";
import {
  cartItemData,
  formatAbv,
  formatBlend,
  ratingQuote,
  scoreLabel,
  summaryFileName,
  summaryPath,
  tastingNotes,
  wineTitle,
  winePrice,
} from "../wine-format";

function i18nFor(lang: Language, override?: (messages: MessageTree) => void) {
  const dir = new URL(`../../../../locales/${lang}/`, import.meta.url);
  const messages: MessageTree = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    Object.assign(messages, JSON.parse(readFileSync(new URL(file, dir), "utf8")) as MessageTree);
  }
  override?.(messages);
  return createI18n(lang, messages);
}

const wine = (id: string): Wine => wines.find((w) => w.id === id)!;

describe("a wine's cart data (spec §7)", () => {
  it("carries id, name and vintage, a two-decimal price, the page's path, image, tasting notes and categories", () => {
    const fr = i18nFor("fr");
    expect(cartItemData(fr, wine("chateau-2020"), "/assets/chateau-2020.jpeg")).toEqual({
      "data-item-id": "chateau-2020",
      "data-item-name": "Château L'Hermitage Lescours 2020",
      "data-item-price": "175.00",
      "data-item-url": "/fr/shop/chateau-2020",
      "data-item-image": "/assets/chateau-2020.jpeg",
      "data-item-description": tastingNotes(fr, wine("chateau-2020")),
      "data-item-categories": "Wine|Saint-Émilion Grand Cru",
    });
    expect(tastingNotes(fr, wine("chateau-2020"))).toMatch(/^Robe grenat/);
    const en = cartItemData(i18nFor("en"), wine("cuvee9-2019"), "/x.jpeg");
    expect(en["data-item-url"]).toBe("/shop/cuvee9-2019");
    expect(en["data-item-price"]).toBe("75.00");
    expect(en["data-item-name"]).toBe("Cuvée 9 2019");
  });

  it("prices in euros the language's way", () => {
    expect(winePrice(i18nFor("en"), wine("chateau-2018"))).toBe("€150.00");
    expect(winePrice(i18nFor("fr"), wine("chateau-2018"))).toBe("150,00\u00a0€");
  });
});

describe("a rating", () => {
  const rating: Rating = { critic: "Revue des Coteaux Girondins", score: "17.5/20", quote: "Un 2020 d'une grande fraîcheur" };

  it("uses the quote translated for the page's language when there is one", () => {
    expect(ratingQuote(i18nFor("en"), wine("chateau-2020"), rating)).toMatch(/^A 2020 of great freshness/);
    expect(ratingQuote(i18nFor("ja"), wine("chateau-2020"), rating)).toMatch(/^際立つフレッシュさを備えた2020年/);
  });

  it("falls back to the original quote without a translation, and shows none when it is empty", () => {
    const untranslated = i18nFor("es", (messages) => {
      const content = messages.wineContent as MessageTree;
      delete ((content["chateau-2020"] as MessageTree).ratings as MessageTree)["Revue des Coteaux Girondins"];
    });
    expect(ratingQuote(untranslated, wine("chateau-2020"), rating)).toBe("Un 2020 d'une grande fraîcheur");
    expect(ratingQuote(i18nFor("en"), wine("chateau-2018"), { critic: "Concours Lumière des Vignes", score: "gold", quote: "" })).toBe("");
  });

  it("shows points the language's way and medals by their translated name", () => {
    expect(scoreLabel(i18nFor("en"), "17.5/20")).toBe("17.5/20");
    expect(scoreLabel(i18nFor("fr"), "17.5/20")).toBe("17,5/20");
    expect(scoreLabel(i18nFor("en"), "95/100")).toBe("95/100");
    expect(scoreLabel(i18nFor("en"), "gold")).toBe("Gold Medal");
    expect(scoreLabel(i18nFor("fr"), "gold")).toBe("Médaille d'or");
    expect(scoreLabel(i18nFor("ja"), "silver")).toBe("銀賞");
  });
});

describe("specifications", () => {
  it("write the blend with each language's grape names and percentages", () => {
    const blend = "80% Merlot, 15% Cabernet Sauvignon, 5% Cabernet Franc";
    expect(formatBlend(i18nFor("en"), blend)).toBe(blend);
    expect(formatBlend(i18nFor("fr"), blend)).toBe("80\u00a0% Merlot, 15\u00a0% Cabernet Sauvignon, 5\u00a0% Cabernet Franc");
    expect(formatBlend(i18nFor("zh"), blend)).toBe("梅洛 80%、赤霞珠 15%、品丽珠 5%");
    expect(formatBlend(i18nFor("ja"), "Merlot, Cabernet Franc, Cabernet Sauvignon")).toBe("メルロー、カベルネ・フラン、カベルネ・ソーヴィニヨン");
    expect(formatBlend(i18nFor("ja"), "60% Merlot, 40% Malbec")).toBe("メルロー60%、Malbec40%");
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
