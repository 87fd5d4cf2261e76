/**
 * Run inside a copy made by ./stub-language.ts (`npx tsx tests/support/stub-language-probe.ts
 * <content folder without the language>`): what the copy's build would read and write for the
 * stub language, printed as JSON for tests/sixth-language.test.ts.
 */
import { content, readContent } from "#content";
import { formatDate, formatEventDate, formatPrice, formatTime } from "#core/format";
import { languages, languageTags, ogLocales, type Language } from "#core/languages";
import { translator } from "#locales";
import { prerenderPaths } from "../../app/lib/site-paths.server";
import { structuredData } from "../../pipeline/structured-data";

const lang = languages.at(-1) as Language;
const withoutIt = process.argv[2];

const problems = (() => {
  try {
    readContent(withoutIt, { pictures: false });
    return [];
  } catch (error) {
    return (error as Error).message.split("\n").filter((line) => line.includes(`→ ${lang}:`));
  }
})();

const winery = structuredData({ content, lang, path: "/", absolute: (path) => `https://example.com${path}` }).find(
  (item) => (item as { "@type"?: string })["@type"] === "Winery",
) as { contactPoint: { availableLanguage?: string[] }[] } | undefined;

console.log(
  JSON.stringify({
    languages,
    tag: languageTags[lang],
    ogLocale: ogLocales[lang],
    pages: prerenderPaths(content).filter((path) => path === `/${lang}` || path.startsWith(`/${lang}/`)),
    home: translator(lang).t("nav.home"),
    date: formatDate("2027-03-01", lang),
    eventDate: formatEventDate("2027-03-01", lang),
    time: formatTime("09:30", lang),
    price: formatPrice(149.5, lang),
    availableLanguage: winery?.contactPoint[0]?.availableLanguage,
    contentWithoutIt: problems,
  }),
);
