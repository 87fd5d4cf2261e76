/**
 * Page titles as the built pages carry them (`pageMeta`, from the language layout's data): every
 * title names the estate, the 404 page's included, and Chinese and Japanese titles name it as
 * site.json writes it in those languages (莱斯库尔隐庐酒庄), so that it is found by its own name.
 */
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { languages, type Language } from "#core/languages";
import { catalogs, type MessageId } from "#locales";
import { createI18n } from "~/lib/i18n/context";
import { packMessages } from "~/lib/i18n/packed-messages";
import { pageMeta } from "~/lib/meta";
import { siteView } from "~/lib/site.server";
import { readCatalog } from "../../../pipeline/i18n/catalogs";

const { site } = content;
/** The estate's name in each language, as site.json gives it (with the typographic apostrophe, ’, where it is Latin). */
const estateIn: Record<Language, string> = {
  en: site.estateName.replace("'", "’"),
  fr: site.estateName.replace("'", "’"),
  es: site.estateName.replace("'", "’"),
  zh: site.estateNameLocal.zh!,
  ja: site.estateNameLocal.ja!,
};

/** The `<title>` a page gets in a language, its loaders' data as the build hands it over. */
function titleOf(lang: Language, title: MessageId, path = "/somewhere"): string {
  const matches = [
    { id: `${lang}/layout`, loaderData: { lang, messages: packMessages(catalogs[lang]), site: siteView(content, createI18n(lang, catalogs[lang])) } },
    { id: `${lang}/page`, loaderData: {} },
  ];
  const tags = pageMeta(matches, { title, description: "notFound.title", path, noindex: true });
  return (tags.find((tag) => "title" in tag) as { title: string }).title;
}

describe("page titles", () => {
  it.each(languages)("give the 404 page in %s a title with the estate's name", (lang) => {
    expect(titleOf(lang, "notFound.metaTitle")).toContain(estateIn[lang]);
    expect(titleOf(lang, "wine.notFound.metaTitle")).toContain(estateIn[lang]);
  });

  it("give the Chinese 404 page 「页面不存在 — 莱斯库尔隐庐酒庄」", () => {
    expect(titleOf("zh", "notFound.metaTitle")).toBe(`页面不存在 — ${site.estateNameLocal.zh}`);
  });

  it.each(languages)("name the estate in every page's title in %s, as the language writes it", (lang) => {
    const titles = [...readCatalog("en").keys()].filter((id) => id.endsWith(".meta.title") && id !== "wine.meta.title") as MessageId[];
    expect(titles.length).toBeGreaterThan(10);
    expect(titles.filter((id) => !titleOf(lang, id).includes(estateIn[lang]))).toEqual([]);
  });

  it("lead the Chinese home page's title with the Chinese name, then the Latin one", () => {
    expect(titleOf("zh", "home.meta.title").startsWith(`${site.estateNameLocal.zh} ${site.estateName.replace("'", "’")}`)).toBe(true);
  });

  it("give a wine's page the title and description the editor wrote for search engines, in its link previews too", async () => {
    const { wineSearchFields } = await import("~/components/wine/views.server");
    const wine = {
      ...content.wines.find((entry) => entry.id === "chateau-2020")!,
      seo: { title: { fr: "Château 2020, le millésime solaire" }, description: { fr: "Un Saint-Émilion Grand Cru de sables et graves." } },
    };
    const written = (lang: Language) => wineSearchFields(wine, lang);
    expect(written("en")).toEqual({});
    const matches = [
      { id: "fr/layout", loaderData: { lang: "fr", messages: packMessages(catalogs.fr), site: siteView(content, createI18n("fr", catalogs.fr)) } },
      { id: "fr/page", loaderData: {} },
    ];
    const tags = pageMeta(matches, { title: "wine.meta.title", description: "wine.meta.description", path: "/shop/chateau-2020", written: written("fr") });
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: "Château 2020, le millésime solaire" },
        { name: "description", content: "Un Saint-Émilion Grand Cru de sables et graves." },
        { property: "og:title", content: "Château 2020, le millésime solaire" },
      ]),
    );
  });
});
