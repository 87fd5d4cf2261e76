import { describe, expect, it } from "vitest";
import { localizePath, splitLanguage, switchLanguage } from "../paths";
import { prerenderPaths, publicPaths } from "../../app/lib/site-paths.server";
import { content } from "#content";

describe("localizePath", () => {
  it("keeps English at the specification's paths and prefixes the others", () => {
    expect(localizePath("en", "/")).toBe("/");
    expect(localizePath("en", "/shop/chateau-2020")).toBe("/shop/chateau-2020");
    expect(localizePath("fr", "/")).toBe("/fr");
    expect(localizePath("ja", "/wine-tours")).toBe("/ja/wine-tours");
  });
});

describe("splitLanguage", () => {
  it("reads the language prefix and the English path below it", () => {
    expect(splitLanguage("/zh/shop")).toEqual({ lang: "zh", path: "/shop" });
    expect(splitLanguage("/es")).toEqual({ lang: "es", path: "/" });
    expect(splitLanguage("/fr/")).toEqual({ lang: "fr", path: "/" });
    expect(splitLanguage("/story")).toEqual({ lang: "en", path: "/story" });
  });

  it("does not mistake other two-letter segments, or /en, for a language", () => {
    expect(splitLanguage("/de/shop")).toEqual({ lang: "en", path: "/de/shop" });
    expect(splitLanguage("/en/shop")).toEqual({ lang: "en", path: "/en/shop" });
    expect(splitLanguage("/frx")).toEqual({ lang: "en", path: "/frx" });
  });
});

describe("switchLanguage", () => {
  it("keeps the page when the language changes", () => {
    expect(switchLanguage("/fr/shop/chateau-2019", "ja")).toBe("/ja/shop/chateau-2019");
    expect(switchLanguage("/ja/shop/chateau-2019", "en")).toBe("/shop/chateau-2019");
    expect(switchLanguage("/", "es")).toBe("/es");
    expect(switchLanguage("/es", "en")).toBe("/");
    expect(switchLanguage("/villa/", "zh")).toBe("/zh/villa");
  });
});

describe("prerender list", () => {
  it("holds every page of spec §2 and the five wines in every language", () => {
    const paths = new Set(prerenderPaths(content));
    for (const prefix of ["", "/fr", "/zh", "/es", "/ja"]) {
      for (const page of ["/story", "/shop", "/wine-tours", "/villa", "/contact", "/become-importer", "/news", "/events"]) {
        expect(paths.has(`${prefix}${page}`), `${prefix}${page}`).toBe(true);
      }
      for (const id of ["chateau-2020", "chateau-2019", "chateau-2018", "cuvee9-2019", "cuvee9-2020"]) {
        expect(paths.has(`${prefix}/shop/${id}`), `${prefix}/shop/${id}`).toBe(true);
      }
      for (const legal of ["/legal-notice", "/privacy", "/terms"]) expect(paths.has(`${prefix}${legal}`)).toBe(true);
    }
    expect(paths.has("/")).toBe(true);
    expect(paths.has("/fr")).toBe(true);
    // No path may end in a slash: the build refuses them.
    expect([...paths].filter((p) => p !== "/" && p.endsWith("/"))).toEqual([]);
  });

  it("lists each public page once", () => {
    const paths = publicPaths(content).map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(5 * (12 + 5));
  });
});
