/** The footer's tagline cut around the names a line must not split (JN1), worked out at build. */
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { localNames } from "#content/names";
import { translator } from "#locales";
import { keptPhrases } from "../kept-phrases";

describe("text cut around phrases kept whole", () => {
  it("keeps the Japanese appellation whole in the tagline, the rest of the text as it is", () => {
    const tagline = translator("ja").t("site.tagline");
    const names = localNames(content.site, "ja");
    const pieces = keptPhrases(tagline, [names.appellation, names.estate]);
    expect(pieces.map((piece) => piece.text).join("")).toBe(tagline);
    expect(pieces.filter((piece) => piece.keep).map((piece) => piece.text)).toEqual([names.appellation]);
  });

  it("keeps the longer of two phrases that overlap, and gives back a text without them whole", () => {
    expect(keptPhrases("サンテミリオン・グラン・クリュの畑", ["グラン・クリュ", "サンテミリオン・グラン・クリュ"])).toEqual([
      { text: "サンテミリオン・グラン・クリュ", keep: true },
      { text: "の畑", keep: false },
    ]);
    expect(keptPhrases("Saint-Émilion Grand Cru (a.b)", ["(a.b)"])).toEqual([
      { text: "Saint-Émilion Grand Cru ", keep: false },
      { text: "(a.b)", keep: true },
    ]);
    expect(keptPhrases("nothing to keep", ["absent", ""])).toEqual([{ text: "nothing to keep", keep: false }]);
  });
});
