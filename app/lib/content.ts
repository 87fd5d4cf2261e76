/**
 * The one boundary between content files and components. The files are checked against their
 * zod schemas at build (content/validate.ts), so here they are only typed, which keeps zod out
 * of the visitor's JavaScript.
 */
import siteJson from "../../content/site.json";
import winesJson from "../../content/wines.json";
import type { Site } from "../../content/schemas/site";
import type { Wine } from "../../content/schemas/wine";

export type { Rating, Wine } from "../../content/schemas/wine";
export type { Site } from "../../content/schemas/site";

export const site: Site = siteJson as Site;

export const wines: readonly Wine[] = winesJson.wines as Wine[];

export function findWine(id: string): Wine | undefined {
  return wines.find((wine) => wine.id === id);
}

/** One line postal address, as the footer and contact page show it. */
export function postalAddress(s: Site = site): string {
  const { street, postalCode, locality, country } = s.address;
  return `${street}, ${postalCode} ${locality}, ${country}`;
}
