/**
 * The JSON-LD each page's script carries (pipeline/structured-data.ts), in the page's language:
 * the estate and the appellation named as Chinese and Japanese write them, the Latin name kept as
 * the alternate, and the bottle's volume with the offer.
 */
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { structuredData } from "../structured-data";

const { site } = content;
const absolute = (path: string) => `https://www.example.test${path}`;

type Named = { name: string; alternateName?: string };
const winery = (lang: "en" | "fr" | "zh" | "es" | "ja") => structuredData({ lang, path: "/", absolute })[0] as Named & { subOrganization: Named };
const product = (lang: "en" | "fr" | "zh" | "es" | "ja") =>
  structuredData({ lang, path: "/shop/chateau-2020", absolute })[0] as { brand: Named; additionalProperty: { name: string; value: unknown; unitCode?: string }[] };
const property = (lang: "en" | "fr" | "zh" | "es" | "ja", name: string) => product(lang).additionalProperty.find((p) => p.name === name);

describe("structured data", () => {
  it("names the estate and its sister estate in Chinese and Japanese, the Latin names as alternates", () => {
    expect(winery("zh")).toMatchObject({ name: "莱斯库尔隐庐酒庄", alternateName: site.estateName, subOrganization: { name: "蒙吉隆酒庄", alternateName: "Château Mongiron" } });
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

  it("states the bottle's volume in millilitres (UN/CEFACT MLT)", () => {
    expect(property("en", "Volume")).toMatchObject({ value: 750, unitCode: "MLT" });
  });
});
