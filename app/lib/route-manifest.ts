import { splitLanguage } from "#core/paths";
import { isRouteOf } from "./route-ids";

/** The part of React Router's route manifest (`window.__reactRouterManifest`) read here. */
declare global {
  interface Window {
    __reactRouterManifest?: { routes: Record<string, unknown> };
  }
}

/**
 * Every page is mounted once per language (app/routes.ts), so the manifest every page loads lists
 * 75 routes, and React Router flattens and ranks all of them, more than once, in the task that
 * creates the router while the page hydrates: 8 of its 13–17 ms of CPU on /ja/news
 * (docs/performance.md, "A quiet main thread"). A page only ever navigates within its own language:
 * the language links load the other language's page as a new document (LanguageLinks). So before
 * the router is made, this drops the other languages' routes from the manifest, leaving the root,
 * the page's language layout and its 14 pages.
 */
export function keepOwnLanguageRoutes(): void {
  const routes = window.__reactRouterManifest?.routes;
  if (!routes) return;
  const { lang } = splitLanguage(window.location.pathname);
  for (const id of Object.keys(routes)) {
    if (id !== "root" && !isRouteOf(lang, id)) delete routes[id];
  }
}
