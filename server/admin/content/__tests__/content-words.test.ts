import { describe, expect, it } from "vitest";
import { languages } from "#core/languages";
import { adminCatalog, adminTranslator } from "#locales/admin";
import { changeField, describeChanges } from "../changes";
import { draftOf, formOf, momentFromParis, parisLocalOf, valueOf, type FieldNode } from "../form-model";
import { choiceLabel, choiceMessage, fieldLabel, itemTitle } from "../labels";
import { cropRegion } from "../../../pictures";
import { searchLength } from "../search-length";
import { contentType, contentTypes } from "../types";

/**
 * The editor in the staff member's words: what changed between two
 * versions, in French and English; every field and choice of every content type named in both
 * languages (no code name, no raw value); titles in the staff member's language; moments typed on
 * the estate's clock; a search-engine text's length as Google counts it; a crop around a focus.
 */
const fr = { lang: "fr", t: adminTranslator("fr").t } as const;
const en = { lang: "en", t: adminTranslator("en").t } as const;
const wine = contentType("wines")!;
const news = contentType("news")!;

describe("what changed, in words", () => {
  it("says a price change in euros, a text added in a language, a list entry removed, in French with its typography", () => {
    const before = { price: 175, title: { en: "Harvest", fr: "Vendanges" }, ratings: [{ critic: "A" }, { critic: "B" }] };
    const after = { price: 185, title: { en: "Harvest", fr: "Vendanges", ja: "収穫" }, ratings: [{ critic: "A" }] };
    expect(describeChanges(fr, before, after)).toEqual([
      "Prix\u00a0: 175\u00a0€ → 185\u00a0€",
      "Ajout — Titre (japonais)\u00a0: «\u00a0収穫\u00a0»",
      `Suppression — ${fieldLabel(fr, "ratings")} 2`,
    ]);
    expect(describeChanges(en, before, after)[0]).toBe("Price: €175 → €185");
    expect(describeChanges(en, before, after)[1]).toBe("Added — Title (Japanese): “収穫”");
  });

  it("quotes long texts shortly, writes dates and moments on the estate's clock, and says how many more changes there are", () => {
    const long = "Un texte très long ".repeat(20);
    const lines = describeChanges(
      fr,
      { content: { fr: "court" }, date: "2026-10-09", publishAt: undefined },
      { content: { fr: long }, date: "2026-10-10", publishAt: "2026-12-01T10:30:00+01:00" },
    );
    expect(lines[0]).toMatch(/^Texte complet.* \(français\)\u00a0: «\u00a0court\u00a0» → «\u00a0Un texte très long.*…\u00a0»$/);
    expect(lines[0]!.length).toBeLessThan(200);
    expect(lines[1]).toBe("Jour\u00a0: ven. 9 oct. 2026 → sam. 10 oct. 2026");
    expect(lines[2]).toBe("Ajout — Mise en ligne le\u00a0: mar. 1er déc. 2026 à 10\u00a0h\u00a030");
    const many = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`f${i}`, i]));
    expect(describeChanges(en, {}, many, 12).at(-1)).toBe("and 3 other changes");
  });

  it("names a nested field with its list entry and language", () => {
    expect(changeField(fr, ["ratings", 1, "translations", "ja"])).toBe(`${fieldLabel(fr, "ratings")} 2 — ${fieldLabel(fr, "translations")} (japonais)`);
  });
});

describe("the editor's words for the content's fields and choices", () => {
  const walk = (node: FieldNode, name: string, found: { fields: Set<string>; choices: Set<string> }) => {
    if (name !== "" && !/^\d+$/.test(name)) found.fields.add(name);
    if (node.kind === "group") for (const [key, child] of node.fields) walk(child, key, found);
    if (node.kind === "list") walk(node.item, name, found);
    if (node.kind === "choice") node.options.forEach((option) => found.choices.add(option));
    return found;
  };
  const found = contentTypes.reduce((all, type) => walk(formOf(type.schema), "", all), { fields: new Set<string>(), choices: new Set<string>() });

  it("names every field and every choice of every content type in English and French: none shows its code name or raw value", () => {
    for (const lang of ["en", "fr"] as const) {
      const catalog = adminCatalog(lang);
      expect(
        [...found.fields].filter((name) => catalog[`content.field.${name}`] === undefined),
        lang,
      ).toEqual([]);
      expect(
        [...found.choices].filter((value) => catalog[choiceMessage(value)] === undefined),
        lang,
      ).toEqual([]);
    }
    expect(choiceLabel(fr, "leaf")).toBe("Feuille de vigne");
    expect(choiceLabel(fr, "acquisition")).not.toBe("acquisition");
  });

  it("titles an item in the staff member's language where it has one", () => {
    const item = { title: { en: "Harvest 2026 is in the cellar", fr: "Les vendanges 2026 sont rentrées" } };
    expect(itemTitle(fr, news, "harvest-2026", item)).toBe("Les vendanges 2026 sont rentrées");
    expect(itemTitle(en, news, "harvest-2026", item)).toBe("Harvest 2026 is in the cellar");
    expect(itemTitle(fr, news, "harvest-2026", { title: { en: "Only English" } })).toBe("Only English");
    expect(itemTitle(fr, wine, "chateau-2020", { name: "Château L'Hermitage Lescours", vintage: 2020 })).toBe("Château L'Hermitage Lescours 2020");
  });
});

describe("moments on the estate's clock", () => {
  it("reads a datetime-local value as Paris time, with that day's offset, on both sides of a change of hour", () => {
    expect(momentFromParis("2026-12-01T10:30")).toBe("2026-12-01T10:30:00+01:00");
    expect(momentFromParis("2027-07-14T08:00")).toBe("2027-07-14T08:00:00+02:00");
    expect(momentFromParis("2027-02-30T08:00")).toBeNull();
    expect(momentFromParis("tomorrow")).toBeNull();
    expect(parisLocalOf("2026-12-01T09:30:00Z")).toBe("2026-12-01T10:30");
    expect(parisLocalOf("2027-07-14T08:00:00+02:00")).toBe("2027-07-14T08:00");
  });

  it("goes from the file to the form and back unchanged, and leaves what is no moment for the schema to refuse", () => {
    const node = formOf(news.schema);
    const item = { publishAt: "2026-12-01T10:30:00+01:00" };
    const draft = draftOf(node, item) as Record<string, unknown>;
    expect(draft.publishAt).toBe("2026-12-01T10:30");
    expect((valueOf(node, draft as never) as Record<string, unknown>).publishAt).toBe("2026-12-01T10:30:00+01:00");
    expect((valueOf(node, { ...draft, publishAt: "soon" } as never) as Record<string, unknown>).publishAt).toBe("soon");
    expect(news.schema.safeParse({ publishAt: "soon" }).success).toBe(false);
  });
});

describe("lengths and crops", () => {
  it("counts a search-engine text as Google does: a Chinese or Japanese character counts two", () => {
    expect(searchLength("Harvest 2026")).toBe(12);
    expect(searchLength("土曜日はセラーへ")).toBe(16);
    expect(searchLength("２０２６年 Harvest")).toBe(10 + 1 + 7);
    expect(languages).toContain("ja");
  });

  it("cuts the widest 16:9 frame the zoom allows around the focus, kept inside the picture", () => {
    expect(cropRegion(2400, 1800, {})).toEqual({ left: 0, top: 225, width: 2400, height: 1350 });
    expect(cropRegion(2400, 1800, { focus: { x: 0.25, y: 0.25 }, zoom: 2 })).toEqual({ left: 0, top: 113, width: 1200, height: 675 });
    expect(cropRegion(2400, 1800, { focus: { x: 1, y: 1 }, zoom: 2 })).toEqual({ left: 1200, top: 1125, width: 1200, height: 675 });
    expect(cropRegion(1600, 2400, { focus: { x: 0.5, y: 0.1 } })).toEqual({ left: 0, top: 0, width: 1600, height: 900 });
  });
});
