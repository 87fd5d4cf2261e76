import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { attribute, elements, parseHtml, textOf } from "../../../__tests__/support/admin";
import { formValues, signedInOnContent } from "../../../__tests__/support/content";
import { closedAfterEachTest } from "../../../__tests__/support/fixtures";
import { describeChanges } from "../changes";

/**
 * Fields that keep what was typed or say why not: a value in braces the site does not fill in
 * (`{x}`, an ICU plural) and invisible characters are refused at the field, in the staff member's
 * language, with what was typed kept; the values a type's pages fill in and the characters a
 * language needs are kept. A framing chosen on the picture says it is not saved yet. What changed
 * leaves out whitespace the site does not show.
 */
const fr = adminTranslator("fr").t;
const editor = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };
const { apps } = closedAfterEachTest();

async function signedIn() {
  const signed = await signedInOnContent(apps, editor);
  await signed.client.post("/admin/language", { lang: "fr", back: "/admin/content" });
  return signed;
}

/** The problem a refused page shows at a field, and the value the field shows again. */
function atField(body: string, name: string): { problem: string | null; shown: string } {
  const all = elements(parseHtml(body));
  const input = all.find((element) => attribute(element, "name") === name);
  const described = input ? all.find((element) => attribute(element, "id") === attribute(input, "aria-describedby")) : undefined;
  return { problem: described ? textOf(described) : null, shown: formValues(body)[name] ?? "" };
}

describe("a text the site would not show as typed", () => {
  it("refuses a value in braces the site does not fill in, at its field, keeping what was typed; keeps the values its pages fill in", async () => {
    const { client, dir } = await signedIn();
    const path = "/admin/content/news/harvest-2026";
    const form = formValues((await client.get(path)).body);
    const before = readFileSync(join(dir, "news/harvest-2026.json"), "utf8");
    for (const title of ["Vendanges {x} 2026", "Vendanges {n, plural, one {# x} other {# y}} 2026", "Vendanges {count, number}"]) {
      const refused = await client.post(path, { ...form, "title.fr": title, _op: "save" });
      expect(refused.statusCode, title).toBe(400);
      const value = /^Vendanges \{(\w+)/.exec(title)![1]!;
      expect(atField(refused.body, "title.fr"), title).toEqual({
        problem: fr("content.issue.unknownValue", { value, known: "{appellation}, {estate}, {sisterEstate}" }),
        shown: title,
      });
    }
    expect(readFileSync(join(dir, "news/harvest-2026.json"), "utf8")).toBe(before);
    // The estate's name, which every text may name, and a brace quoted as text are kept.
    expect((await client.post(path, { ...form, "title.fr": "Vendanges 2026 au {estate} '{'sic'}'", _op: "save" })).statusCode).toBe(303);
    // The story's pages fill in the hectares: its paragraphs may name them.
    const story = formValues((await client.get("/admin/content/story/story")).body);
    const paragraph = Object.keys(story).find((name) => story[name]!.includes("{hectares, number}") && name.endsWith(".fr"))!;
    const kept = `${story[paragraph]!} Soit {hectares, number} hectares.`;
    expect((await client.post("/admin/content/story/story", { ...story, [paragraph]: kept, _op: "save" })).statusCode).toBe(303);
  });

  it("refuses invisible characters at the field, naming them: every format character in a one-line field, all but direction marks and line breaks in a text of several lines", async () => {
    const { client } = await signedIn();
    const path = "/admin/content/news/harvest-2026";
    const form = formValues((await client.get(path)).body);
    for (const [character, name] of [
      ["\uFEFF", "U+FEFF"],
      ["\u200B", "U+200B"],
      ["\u200C", "U+200C"],
      ["\u200D", "U+200D"],
      ["\u200E", "U+200E"],
      ["\u200F", "U+200F"],
      ["\u2028", "U+2028"],
      ["\u2029", "U+2029"],
      ["\u202A", "U+202A"],
      ["\u202E", "U+202E"],
      ["\u2060", "U+2060"],
      ["\uFFFD", "U+FFFD"],
    ] as const) {
      const title = `Vendanges${character} 2026`;
      const refused = await client.post(path, { ...form, "title.fr": title, _op: "save" });
      expect(refused.statusCode, name).toBe(400);
      expect(atField(refused.body, "title.fr"), name).toEqual({ problem: fr("content.issue.controlsOneLine", { characters: name }), shown: title });
    }
    // Several at once are each named once, in order.
    const many = await client.post(path, { ...form, "title.ja": "\uFEFF収穫\u200B\u200B2026", _op: "save" });
    expect(atField(many.body, "title.ja").problem).toBe(fr("content.issue.controlsOneLine", { characters: "U+FEFF, U+200B" }));
    // A text of several lines refuses a zero-width space, keeps a direction mark and its line breaks.
    const body = await client.post(path, { ...form, "content.fr": "Premier paragraphe.\u200B\n\nSecond.", _op: "save" });
    expect(atField(body.body, "content.fr").problem).toBe(fr("content.issue.controls", { characters: "U+200B" }));
    // A soft hyphen (a word's break point) and a direction mark in a long text are kept.
    expect(
      (await client.post(path, { ...form, "title.fr": "Vendanges ex\u00ADceptionnelles", "content.fr": "Rihla \u200Fرحلة.\n\nFin.", _op: "save" })).statusCode,
    ).toBe(303);
  });
});

describe("a framing chosen on the picture", () => {
  it("says it is not saved yet until the save, without a script as with one (the picker carries the saved framing)", async () => {
    const { client } = await signedIn();
    const path = "/admin/content/news/harvest-2026";
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 120, g: 40, b: 60 } } })
      .jpeg()
      .toBuffer();
    const form = formValues((await client.get(path)).body);
    const alt = Object.fromEntries(["en", "fr", "zh", "es", "ja"].map((lang) => [`photo.alt.${lang}`, `Le chai (${lang})`]));
    const uploaded = await client.postMultipart(
      path,
      { ...form, ...alt, _op: "save" },
      { "photo.scene.upload": { name: "IMG_1.JPG", type: "image/jpeg", bytes: photo } },
    );
    expect(uploaded.statusCode, [...uploaded.body.matchAll(/id="problem-([^"]+)"[^>]*>([^<]*)/g)].map((m) => `${m[1]!}: ${m[2]!}`).join("; ")).toBe(303);
    const saved = await client.get(path);
    const hint = (body: string) => elements(parseHtml(body)).find((element) => element.attrs.some((attr) => attr.name === "data-focus-unsaved"))!;
    const picker = (body: string) => elements(parseHtml(body)).find((element) => attribute(element, "data-focus-picker") === "photo")!;
    expect(hint(saved.body).attrs.some((attr) => attr.name === "hidden")).toBe(true);
    expect([attribute(picker(saved.body), "data-saved-x"), attribute(picker(saved.body), "data-saved-zoom")]).toEqual(["0.5", "1"]);
    // A click on the picture without a script posts the form: the focus moves, nothing is saved, and the page says so.
    const clicked = await client.postMultipart(path, { ...formValues(saved.body), "_focus:photo.x": "80", "_focus:photo.y": "60" }, {});
    expect(clicked.statusCode).toBe(200);
    expect(hint(clicked.body).attrs.some((attr) => attr.name === "hidden")).toBe(false);
    expect(textOf(hint(clicked.body))).toBe(fr("content.picture.framingUnsaved"));
    expect(formValues(clicked.body)["photo.focus.x"]).toBe("0.25");
  });
});

describe("what changed, in words", () => {
  it("leaves out whitespace the site does not show, and says a new paragraph", () => {
    const view = { lang: "fr", t: fr } as const;
    const before = { title: { fr: "Les vendanges" }, content: { fr: "Un.\n\nDeux." } };
    expect(describeChanges(view, before, { title: { fr: "Les vendanges " }, content: { fr: "Un.\r\n\r\nDeux.  " } })).toEqual([]);
    expect(describeChanges(view, before, { title: { fr: "Les  vendanges" }, content: { fr: "Un.\n\n\n\nDeux." } })).toEqual([]);
    expect(describeChanges(view, before, { title: { fr: "Les vendanges" }, content: { fr: "Un. Deux." } })).toHaveLength(1);
    expect(describeChanges(view, before, { title: { fr: "Les vendanges 2026" }, content: { fr: "Un.\r\n\r\nDeux." } })).toEqual([
      fr("content.change.changed", {
        field: "Titre (français)",
        before: fr("content.change.quoted", { text: "Les vendanges" }),
        after: fr("content.change.quoted", { text: "Les vendanges 2026" }),
      }),
    ]);
  });
});
