import type { Language } from "#core/languages";

/**
 * Every page is mounted once per language (app/routes.ts), and a route's id says which: its
 * language, a slash, and its name (`ja/news`, `fr/layout`). Made and read only here.
 */
export const routeId = (lang: Language, name: string) => `${lang}/${name}`;

/** The name of the language layout's route: its loader holds the page's language and strings. */
export const layoutRouteName = "layout";

/** The language layout's route, in whichever language. */
export const isLayoutRoute = (id: string) => id.endsWith(`/${layoutRouteName}`);

/** A route of the pages of `lang` (the root route belongs to none). */
export const isRouteOf = (lang: Language, id: string) => id.startsWith(`${lang}/`);
