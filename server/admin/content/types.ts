/**
 * The content types the editor offers, each named once with its schema and where its files live:
 * a collection is a folder of `<id>.json` files (created and deleted in the editor), a single is
 * one file, a fixed set is a known list of files (the legal pages). Their files and schemas are
 * the build's own list (content/files.ts), so a save is checked exactly as the build checks it, and
 * the compiler asks this file for every collection and file the build reads.
 */
import type { z } from "zod";
import { pagePaths, winePath } from "#core/paths";
import { contentCollections, contentFixedSets, contentSingles, type CollectionId, type FixedSetId, type SingleId } from "#content/files";

type ContentKind =
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

/** How the editor shows a collection's items. */
type CollectionView = Pick<ContentType, "titleField" | "sortBy" | "scheduled" | "page">;

/** Each collection of the build, as the editor lists and previews it (the compiler asks for every one). */
const collections: Record<CollectionId, CollectionView> = {
  news: { titleField: "title", sortBy: "date", scheduled: true, page: (id) => ({ path: pagePaths.news, anchor: id }) },
  wines: { titleField: "name", sortBy: "vintage", scheduled: true, page: (id) => ({ path: winePath(id) }) },
  events: { titleField: "title", sortBy: "date", scheduled: true, page: (id) => ({ path: pagePaths.events, anchor: id }) },
};

/**
 * Each single file of the build the editor offers, or false for one edited elsewhere (the reply
 * templates have the inbox's own page).
 */
const singles: Record<SingleId, boolean> = { tours: true, villa: true, story: true, importer: true, site: true, grapes: true, "reply-templates": false };
const fixedSets: Record<FixedSetId, true> = { legal: true };

/** Every type, in the order the editor lists them: the collections, the single files, the fixed sets. */
export const contentTypes: readonly ContentType[] = [
  ...(Object.keys(collections) as CollectionId[]).map((id): ContentType => ({
    id,
    schema: contentCollections[id],
    where: { kind: "collection", folder: id },
    ...collections[id],
  })),
  ...(Object.keys(singles) as SingleId[])
    .filter((id) => singles[id])
    .map((id): ContentType => ({ id, schema: contentSingles[id], where: { kind: "single", file: id } })),
  ...(Object.keys(fixedSets) as FixedSetId[]).map((id): ContentType => ({
    id,
    schema: contentFixedSets[id].schema,
    where: { kind: "fixed", folder: id, ids: contentFixedSets[id].ids },
  })),
];

/** The type of an editor address segment, or undefined: only these names ever reach the file system. */
export function contentType(id: string): ContentType | undefined {
  return contentTypes.find((type) => type.id === id);
}

/** An item id: lower-case letters, digits and dashes (content/index.ts reads no other file name), at most 80. */
export const itemIdPattern = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;
