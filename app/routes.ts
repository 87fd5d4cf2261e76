import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { defaultLanguage, languages, type Language } from "#core/languages";
import { pagePaths } from "#core/paths";
import { layoutRouteName, routeId } from "./lib/route-ids";

/**
 * The pages, declared once and mounted for each language: English at the specification's
 * paths, the others under `/fr`, `/zh`, `/es`, `/ja`. Route ids carry the language so that
 * each copy is a distinct route.
 */
function pages(lang: Language) {
  const id = (name: string) => ({ id: routeId(lang, name) });
  const at = (path: string) => path.slice(1);
  return [
    index("routes/home.tsx", id("home")),
    route(at(pagePaths.story), "routes/story.tsx", id("story")),
    route(at(pagePaths.shop), "routes/shop.tsx", id("shop")),
    route("shop/:id", "routes/wine.tsx", id("wine")),
    route(at(pagePaths.wineTours), "routes/wine-tours.tsx", id("wine-tours")),
    route(at(pagePaths.villa), "routes/villa.tsx", id("villa")),
    route(at(pagePaths.contact), "routes/contact.tsx", id("contact")),
    route(at(pagePaths.becomeImporter), "routes/become-importer.tsx", id("become-importer")),
    route(at(pagePaths.news), "routes/news.tsx", id("news")),
    route(at(pagePaths.events), "routes/events.tsx", id("events")),
    route(at(pagePaths.legalNotice), "routes/legal-notice.tsx", id("legal-notice")),
    route(at(pagePaths.privacy), "routes/privacy.tsx", id("privacy")),
    route(at(pagePaths.terms), "routes/terms.tsx", id("terms")),
    route("*", "routes/not-found.tsx", id("not-found")),
  ];
}

function languageLayout(lang: Language) {
  return layout("routes/language-layout.tsx", { id: routeId(lang, layoutRouteName) }, pages(lang));
}

export default [
  languageLayout(defaultLanguage),
  ...languages.filter((lang) => lang !== defaultLanguage).flatMap((lang) => prefix(lang, [languageLayout(lang)])),
] satisfies RouteConfig;
