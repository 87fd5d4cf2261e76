/**
 * The content types the editor offers, each named once with its schema and where its files live:
 * a collection is a folder of `<id>.json` files (created and deleted in the editor), a single is
 * one file, a fixed set is a known list of files (the legal pages). The schemas are the build's
 * own (content/schemas/), so a save is checked exactly as the build checks it.
 */
import type { z } from "zod";
import { pagePaths, winePath } from "#core/paths";
import { eventSchema } from "#content/schemas/event";
import { importerSchema } from "#content/schemas/importer";
import { legalPageIds, legalPageSchema } from "#content/schemas/legal";
import { newsItemSchema } from "#content/schemas/news";
import { siteSchema } from "#content/schemas/site";
import { storySchema } from "#content/schemas/story";
import { toursSchema } from "#content/schemas/tour";
import { villaSchema } from "#content/schemas/villa";
import { grapesSchema, wineSchema } from "#content/schemas/wine";

export type ContentKind =
  /** A folder of items, one file each: `<folder>/<id>.json`. */
  | { kind: "collection"; folder: string }
  /** One file at the content folder's top: `<file>.json`. */
  | { kind: "single"; file: string }
  /** A known set of files in a folder: `<folder>/<id>.json` for each id. */
  | { kind: "fixed"; folder: string; ids: readonly string[] };

export interface ContentType {
  /** Its address in the editor (`/admin/content/<id>`). */
  id: string;
  schema: z.ZodType;
  where: ContentKind;
  /** A field whose value names an item in the list (a collection's), localized or not. */
  titleField?: string;
  /** How a collection's items are listed (the site's own order): by this field, newest first. */
  sortBy?: string;
  /** Its items may be scheduled (`publishAt`, `unpublishAt`: ./schedule.ts). */
  scheduled?: boolean;
  /**
   * The page that shows an item, for the live preview beside its form (English path; the item's
   * anchor when it is a card of a list page).
   */
  page?: (id: string) => { path: string; anchor?: string };
}

/** Every type, in the order the editor lists them. */
export const contentTypes: readonly ContentType[] = [
  { id: "news", schema: newsItemSchema, where: { kind: "collection", folder: "news" }, titleField: "title", sortBy: "date", scheduled: true, page: (id) => ({ path: pagePaths.news, anchor: id }) },
  { id: "wines", schema: wineSchema, where: { kind: "collection", folder: "wines" }, titleField: "name", sortBy: "vintage", scheduled: true, page: (id) => ({ path: winePath(id) }) },
  { id: "events", schema: eventSchema, where: { kind: "collection", folder: "events" }, titleField: "title", sortBy: "date", scheduled: true, page: (id) => ({ path: pagePaths.events, anchor: id }) },
  { id: "tours", schema: toursSchema, where: { kind: "single", file: "tours" } },
  { id: "villa", schema: villaSchema, where: { kind: "single", file: "villa" } },
  { id: "story", schema: storySchema, where: { kind: "single", file: "story" } },
  { id: "importer", schema: importerSchema, where: { kind: "single", file: "importer" } },
  { id: "site", schema: siteSchema, where: { kind: "single", file: "site" } },
  { id: "grapes", schema: grapesSchema, where: { kind: "single", file: "grapes" } },
  { id: "legal", schema: legalPageSchema, where: { kind: "fixed", folder: "legal", ids: legalPageIds } },
];

/** The type of an editor address segment, or undefined: only these names ever reach the file system. */
export function contentType(id: string): ContentType | undefined {
  return contentTypes.find((type) => type.id === id);
}

/** An item id: lower-case letters, digits and dashes (content/index.ts reads no other file name), at most 80. */
export const itemIdPattern = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;
