/**
 * Rules every word of the site obeys, in every language: the content files and the message
 * catalogs alike. The sample content must be plausible for the place, and French law
 * (Loi Évin, Code de la santé publique L3323-4) lets wine be described by its origin, its making
 * and its taste, never tied to conviviality, social success or seduction.
 */
import { describe, expect, it } from "vitest";
import { content, readContent } from "#content";
import { localNames, wineNameIn } from "#content/names";
import { languages, type Language } from "#core/languages";
import { adminDomain, catalogFile, readCatalog } from "../../pipeline/i18n/catalogs";

/** Every string of the content (every language of every field) and of every catalog. */
function allText(): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  // `content` reads its files lazily behind a proxy; readContent() gives the plain object to walk.
  walk(readContent(undefined, { pictures: false }));
  for (const lang of languages) for (const entry of readCatalog(lang).values()) out.push(entry.text);
  return out;
}

const texts = allText();

/**
 * Every text in one language: its catalog's translations and each content field written in it.
 * French also counts the health message every catalog carries, and a critic's quote that French
 * pages show as it is (it has no French translation, so it is French).
 */
function textsIn(lang: Language): string[] {
  const out = [...readCatalog(lang).values()].map((entry) => entry.text);
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      for (const [key, child] of Object.entries(record)) {
        if (key === lang && typeof child === "string") out.push(child);
        else if (lang === "fr" && key === "quote" && typeof child === "string" && child && !(record.translations as Record<string, unknown> | undefined)?.fr)
          out.push(child);
        else walk(child);
      }
    }
  };
  // site.json's names (莱斯库尔隐庐酒庄) are facts, not text written in the language.
  const { site: _facts, ...written } = readContent(undefined, { pictures: false });
  walk(written);
  if (lang === "fr") for (const other of languages) out.push(readCatalog(other).get("footer.healthMessage")!.text);
  return out;
}

it("reads the content and the catalogs (a walk that found nothing would prove nothing)", () => {
  expect(texts.length).toBeGreaterThan(2000);
  expect(texts.some((text) => text.includes(content.site.estateName))).toBe(true);
});
const offending = (pattern: RegExp) => texts.filter((text) => pattern.test(text));

describe("the site's copy", () => {
  it("describes the soils Saint-Sulpice-de-Faleyrens has: sand and gravel on the Dordogne's terraces, no limestone plateau or steep slopes", () => {
    const limestoneOrHills = /limestone|calcaire|calcáre|caliza|石灰|plateau|meseta|台地|steep|pentus|empinad|陡峭|急な|coteaux argilo|laderas|缓坡|斜面/i;
    expect(offending(limestoneOrHills)).toEqual([]);
    // The terroir chapter names what the vines grow on, in every language.
    const terroir = content.story.chapters.find((chapter) => chapter.id === "terroir")!;
    for (const lang of languages) expect(terroir.paragraphs[0]![lang]).toMatch(/gravel|graves|grava|砾石|砂礫/);
  });

  it("ties no wine to good company, sharing, festive success or seduction (Loi Évin)", () => {
    const conviviality =
      /good company|good times|made to be shared|moments entre amis|bons moments|partagée autour|buena compañía|buenos momentos|compartirse en torno|好友共享|与人分享|仲間との食卓|分かち合われる|seduct|séduisant|seductor|魅惑/i;
    expect(offending(conviviality)).toEqual([]);
  });

  it("raises no toast, and sells no birthday or wedding among the vines (Loi Évin, the readers of 24 November 2026)", () => {
    const festive =
      /raised a glass|to the health of the king|brind[óa]|porter un toast|举杯|祝酒|健康を祝|乾杯|birthday among the vines|wedding dinner|anniversaire dans les vignes|dîner de mariage|cumpleaños entre viñas|cena de boda|生日会|婚宴|誕生日会|ウェディングディナー/i;
    expect(offending(festive)).toEqual([]);
  });
});

describe("typography the native readers asked for", () => {
  const han = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}";

  it("writes Chinese counts of time, distance and area in Arabic digits (全程 60 分钟, not 六十分钟)", () => {
    // Han numerals right before a unit of time, distance or area, or naming a month. Not counts:
    // 四周 "all around", 数百年 "centuries", 葡萄藤的一年 "the vine's year", 年复一年 "year after year".
    const hanCount =
      /(?<![数几的复])[一二两三四五六七八九十百千]+多?(分钟|小时|个月|公顷|公里|千米|(?<!四)周(?!围|环)|天|年)|(?<![数几])(十[一二]?|[一二三四五六七八九])月/u;
    const zh = textsIn("zh").filter((text) => hanCount.test(text));
    expect(zh).toEqual([]);
  });

  it("sets no space inside a Chinese or Japanese date (2026年10月9日, 于9月14日, 2020年份)", () => {
    // A year has four digits; "2 年" is a duration, spaced like "60 分钟".
    const spaced = /\d{4}\s+年|\d\s+[月日]|[年月]\s+\d|于\s+\d{1,4}[年月]/u;
    for (const lang of ["zh", "ja"] as const)
      expect(
        textsIn(lang).filter((text) => spaced.test(text)),
        lang,
      ).toEqual([]);
  });

  it("joins no Chinese or Japanese sentences with an ASCII comma", () => {
    const asciiComma = new RegExp(`[${han}。、」）]\\s*,\\s|,\\s*[${han}]`, "u");
    for (const lang of ["zh", "ja"] as const)
      expect(
        textsIn(lang).filter((text) => asciiComma.test(text)),
        lang,
      ).toEqual([]);
  });

  it("names French places in Chinese first, the French name after it in brackets (圣叙尔皮斯-德法莱朗（Saint-Sulpice-de-Faleyrens）)", () => {
    const bare = /(?<!（)Saint-Sulpice-de-Faleyrens|(?<!（)Libourne/u;
    expect(textsIn("zh").filter((text) => bare.test(text))).toEqual([]);
  });

  it("names the estate in Chinese and Japanese only through site.json's field, so that the owner's choice changes every page", () => {
    for (const lang of ["zh", "ja"] as const) {
      const name = content.site.estateNameLocal[lang]!;
      expect(
        textsIn(lang).filter((text) => text.includes(name)),
        lang,
      ).toEqual([]);
    }
  });

  it("sets the estate's and the wines' names with the typographic apostrophe in every language, in the copy and wherever they are filled in (F6, SN3)", () => {
    for (const lang of languages) {
      expect(
        textsIn(lang).filter((text) => text.includes("L'Hermitage")),
        lang,
      ).toEqual([]);
      expect(localNames(content.site, lang).estate, lang).not.toContain("'");
      for (const wine of content.wines) expect(wineNameIn(content.site, wine, lang), `${lang} ${wine.id}`).not.toContain("'");
    }
  });

  it("writes the French apostrophe as ’, keeping the estate's name as site.json writes it", () => {
    const names = [content.site.estateName, content.site.sisterEstate.name];
    const straight = textsIn("fr").filter((text) => names.reduce((rest, name) => rest.split(name).join(""), text).includes("'"));
    expect(straight).toEqual([]);
  });

  it("keeps French punctuation with its word: a no-break space before : ; ? ! » and after « (« Rappel : », not a colon alone at a line's start)", () => {
    // A URL's colon (https:) and an ICU argument's ({count, plural, …}) have no space before them.
    const loose = textsIn("fr").filter((text) => / [:;?!»]|« /.test(text));
    expect(loose).toEqual([]);
  });

  it("writes the staff area's French around a name it does not know: no « de » or « la » before it (« Réservation de visite — Elena Castro », FN6, FN7)", () => {
    // « de Elena » needs elision and « Ouvrez-la » a gender the message cannot know: the name stands apart, the verb neutral.
    const staffFrench = [...readCatalog("fr", catalogFile("fr", adminDomain)).values()].map((entry) => entry.text);
    expect(staffFrench.length).toBeGreaterThan(1000);
    expect(staffFrench.filter((text) => /\b(de|du|la|le) \{name\}|Ouvrez-la/.test(text))).toEqual([]);
  });
});
