import type { Content } from "#content";
import { languages, type Language } from "#core/languages";
import { localizePath, pagePaths, winePath } from "#core/paths";

/** The English path of every public page: the fixed pages and one page per wine. */
export function englishPagePaths(content: Content): string[] {
  return [...Object.values(pagePaths), ...content.wines.map((wine) => winePath(wine.id))];
}

/**
 * Paths rendered only to become error pages (pipeline/postbuild.ts moves them out of the public
 * folder): the "page not found" page, and the "wine not found" view of the wine route.
 */
export const errorPagePaths = {
  notFound: "/__not-found",
  wineNotFound: "/shop/__not-found",
} as const;

/** Every public page in every language, as URL paths. */
export function publicPaths(content: Content): { lang: Language; english: string; path: string }[] {
  return languages.flatMap((lang) => englishPagePaths(content).map((english) => ({ lang, english, path: localizePath(lang, english) })));
}

/** What the build prerenders: the public pages and the error pages, in every language. */
export function prerenderPaths(content: Content): string[] {
  const errors = languages.flatMap((lang) => Object.values(errorPagePaths).map((p) => localizePath(lang, p)));
  return [...publicPaths(content).map((p) => p.path), ...errors];
}
