/**
 * Rules every word of the site obeys, in every language: the content files and the message
 * catalogs alike (issue 15). The sample content must be plausible for the place, and French law
 * (Loi Évin, Code de la santé publique L3323-4) lets wine be described by its origin, its making
 * and its taste, never tied to conviviality, social success or seduction.
 */
import { describe, expect, it } from "vitest";
import { content, readContent } from "#content";
import { languages } from "#core/languages";
import { readCatalog } from "../../pipeline/i18n/catalogs";

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
});
