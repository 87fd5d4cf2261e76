/**
 * The JSON-LD each page's script carries (pipeline/structured-data.ts), in the page's language:
 * the estate and the appellation named as Chinese and Japanese write them, the Latin name kept as
 * the alternate, and the bottle's volume with the offer.
 */
import { describe, expect, it } from "vitest";
import { content, readContent, type Content } from "#content";
import { structuredData } from "../structured-data";

const { site } = content;
const absolute = (path: string) => `https://www.example.test${path}`;

type Named = { name: string; alternateName?: string };
const winery = (lang: "en" | "fr" | "zh" | "es" | "ja") => structuredData({ content, lang, path: "/", absolute })[0] as Named & { subOrganization: Named };
const product = (lang: "en" | "fr" | "zh" | "es" | "ja") =>
  structuredData({ content, lang, path: "/shop/chateau-2020", absolute })[0] as {
    brand: Named;
    additionalProperty: { name: string; value: unknown; unitCode?: string }[];
  };
const property = (lang: "en" | "fr" | "zh" | "es" | "ja", name: string) => product(lang).additionalProperty.find((p) => p.name === name);

describe("structured data", () => {
  it("names the estate and its sister estate in Chinese and Japanese, the Latin names as alternates", () => {
    expect(winery("zh")).toMatchObject({
      name: "莱斯库尔隐庐酒庄",
      alternateName: site.estateName,
      subOrganization: { name: "蒙吉隆酒庄", alternateName: "Château Mongiron" },
    });
    expect(winery("ja")).toMatchObject({ name: "シャトー・レルミタージュ・レスクール", alternateName: site.estateName });
    expect(product("zh").brand).toEqual({ "@type": "Brand", name: "莱斯库尔隐庐酒庄", alternateName: site.estateName });
  });

  it("keeps the Latin name alone where the language writes it so", () => {
    expect(winery("fr").name).toBe(site.estateName);
    expect(winery("fr").alternateName).toBeUndefined();
  });

  it("gives the appellation as the page's language writes it", () => {
    expect(property("zh", "Appellation")?.value).toBe("圣埃美隆特级园");
    expect(property("ja", "Appellation")?.value).toBe("サンテミリオン・グラン・クリュ");
    expect(property("es", "Appellation")?.value).toBe("Saint-Émilion Grand Cru");
  });

  it("names a wine as the page's heading does, the Latin name as its alternate, and its blend with the language's grape names (N12)", () => {
    const wine = content.wines.find((one) => one.id === "chateau-2020")!;
    const named = (lang: "en" | "fr" | "zh" | "es" | "ja") => structuredData({ content, lang, path: "/shop/chateau-2020", absolute })[0] as Named;
    expect(named("zh")).toMatchObject({ name: `${site.estateNameLocal.zh} ${wine.vintage}`, alternateName: `${wine.name} ${wine.vintage}` });
    expect(named("ja")).toMatchObject({ name: `${site.estateNameLocal.ja} ${wine.vintage}`, alternateName: `${wine.name} ${wine.vintage}` });
    expect(named("fr")).toEqual(expect.objectContaining({ name: `${wine.name} ${wine.vintage}` }));
    expect(named("fr").alternateName).toBeUndefined();
    for (const [grape, names] of Object.entries(content.grapes).filter(([name]) => wine.blend.includes(name))) {
      expect(property("zh", "Blend")?.value).toContain(names.zh);
      expect(property("ja", "Blend")?.value).toContain(names.ja);
      expect(property("en", "Blend")?.value).toContain(grape);
    }
    expect(property("zh", "Blend")?.value).not.toContain("Merlot");
  });

  it("states the bottle's volume in millilitres (UN/CEFACT MLT)", () => {
    expect(property("en", "Volume")).toMatchObject({ value: 750, unitCode: "MLT" });
  });

  describe("with the editor's search-engine fields and a photograph's shapes", () => {
    /** The content with one item's file edited, as the editor's draft would have it. */
    const withDraft = (file: string, edit: (item: Record<string, unknown>) => Record<string, unknown>): Content => {
      const [folder, id] = file.replace(/\.json$/, "").split("/") as [string, string];
      const list = (content as unknown as Record<string, { id: string }[]>)[folder]!;
      const { id: _id, ...item } = list.find((entry) => entry.id === id)! as unknown as Record<string, unknown>;
      return readContent(undefined, { overrides: { [file]: edit(item) } });
    };

    it("gives a news item's written title and description, in the languages it has them, and the other languages its own", () => {
      const draft = withDraft("news/harvest-2026.json", (item) => ({ ...item, seo: { title: { ja: "収穫の記録" }, description: { ja: "三週間の手摘み。" } } }));
      const article = (lang: "ja" | "fr") =>
        (structuredData({ content: draft, lang, path: "/news", absolute }) as { url: string; headline: string; description: string }[]).find((data) =>
          data.url.endsWith("#harvest-2026"),
        )!;
      expect(article("ja")).toMatchObject({ headline: "収穫の記録", description: "三週間の手摘み。" });
      expect(article("fr").headline).toBe(content.news.find((item) => item.id === "harvest-2026")!.title.fr);
    });

    it("gives a wine's written description to its Product, and an event's to its Event", () => {
      const wine = withDraft("wines/chateau-2020.json", (item) => ({ ...item, seo: { description: { en: "A written description." } } }));
      expect((structuredData({ content: wine, lang: "en", path: "/shop/chateau-2020", absolute })[0] as { description: string }).description).toBe(
        "A written description.",
      );
      const event = withDraft("events/harvest-blessing-2026.json", (item) => ({ ...item, seo: { title: { fr: "Bénédiction des vendanges 2026" } } }));
      const events = structuredData({ content: event, lang: "fr", path: "/events", absolute }) as { name: string }[];
      expect(events.map((event) => event.name)).toContain("Bénédiction des vendanges 2026");
    });

    it("names a news photograph in the three shapes search engines ask for", () => {
      const draft = withDraft("news/harvest-2026.json", (item) => ({
        ...item,
        photo: { scene: "cellar", alt: { en: "a", fr: "a", zh: "a", es: "a", ja: "a" }, focus: { x: 0.2, y: 0.5 } },
      }));
      const article = (structuredData({ content: draft, lang: "en", path: "/news", absolute }) as { url: string; image: unknown }[]).find((data) =>
        data.url.endsWith("#harvest-2026"),
      )!;
      expect(article.image).toEqual([
        absolute("/og/news/harvest-2026.jpg"),
        absolute("/og/news/harvest-2026-4x3.jpg"),
        absolute("/og/news/harvest-2026-1x1.jpg"),
      ]);
    });
  });
});
