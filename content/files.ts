/**
 * The content folder's files, each kind named once with its schema: the reader (./index.ts
 * `readContent`) and the editor (server/admin/content/types.ts) both build from this list, so a
 * new collection or file is read, checked and offered for editing from one entry here.
 */
import { eventSchema } from "./schemas/event";
import { importerSchema } from "./schemas/importer";
import { legalPageIds, legalPageSchema } from "./schemas/legal";
import { newsItemSchema } from "./schemas/news";
import { replyTemplatesSchema } from "./schemas/reply-templates";
import { siteSchema } from "./schemas/site";
import { storySchema } from "./schemas/story";
import { toursSchema } from "./schemas/tour";
import { villaSchema } from "./schemas/villa";
import { grapesSchema, wineSchema } from "./schemas/wine";

/** Folders of items, one `<folder>/<id>.json` each (the id is the file's name and the item's address). */
export const contentCollections = { wines: wineSchema, news: newsItemSchema, events: eventSchema } as const;

/** Single files at the folder's top: `<name>.json`. */
export const contentSingles = {
  site: siteSchema,
  grapes: grapesSchema,
  tours: toursSchema,
  villa: villaSchema,
  importer: importerSchema,
  story: storySchema,
  "reply-templates": replyTemplatesSchema,
} as const;

/** Known sets of files in a folder: `<folder>/<id>.json` for each id. */
export const contentFixedSets = { legal: { schema: legalPageSchema, ids: legalPageIds } } as const;

export type CollectionId = keyof typeof contentCollections;
export type SingleId = keyof typeof contentSingles;
export type FixedSetId = keyof typeof contentFixedSets;
