import { wines, type Wine } from "~/lib/content";

/** The wines of one collection, in the order of content/wines.json. */
export function winesOf(collection: Wine["collection"]): Wine[] {
  return wines.filter((wine) => wine.collection === collection);
}

/** Spec §9: the home page shows at most three Château wines. */
export const homeChateauLimit = 3;
