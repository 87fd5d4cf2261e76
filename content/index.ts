/**
 * The one way into the content: every file of this folder parsed once with its zod schema, cross-
 * checked (pictures exist, grapes are named, ids are unique) and exported as typed data. Route
 * loaders (at build), scripts and the server import it; components receive its data through the
 * loaders and never read a content file (eslint.config.js forbids it). A broken file stops the
 * build, `npm run dev` and the server with one line per problem naming the file and the field.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { contentCollections, contentFixedSets, contentSingles, type CollectionId, type SingleId } from "./files";
import type { EstateEvent } from "./schemas/event";
import type { Importer } from "./schemas/importer";
import type { LegalPage, LegalPageId } from "./schemas/legal";
import type { NewsItem } from "./schemas/news";
import type { ReplyTemplate } from "./schemas/reply-templates";
import type { Site } from "./schemas/site";
import type { Story } from "./schemas/story";
import type { Tours } from "./schemas/tour";
import type { Villa } from "./schemas/villa";
import type { Grapes, Wine } from "./schemas/wine";

export type { EstateEvent, EventType } from "./schemas/event";
export type { Importer } from "./schemas/importer";
export type { LegalPage, LegalPageId } from "./schemas/legal";
export type { Localized } from "./schemas/localized";
export type { NewsCategory, NewsIcon, NewsItem } from "./schemas/news";
export type { ReplyTemplate } from "./schemas/reply-templates";
export type { Site } from "./schemas/site";
export type { Story } from "./schemas/story";
export type { TourFacts, TourPackage, Tours } from "./schemas/tour";
export type { Villa } from "./schemas/villa";
export type { Grapes, Medal, Rating, Wine } from "./schemas/wine";

/** Everything the site says that is not an interface label, parsed and typed. */
export interface Content {
  site: Site;
  /** By collection (Château first), newest vintage first within each. */
  wines: Wine[];
  grapes: Grapes;
  /** Newest first. */
  news: NewsItem[];
  /** Upcoming soonest first, then past latest first. */
  events: EstateEvent[];
  tours: Tours;
  villa: Villa;
  importer: Importer;
  story: Story;
  legal: Record<LegalPageId, LegalPage>;
  /** The inbox's reply templates, in every language (the staff area reads them; no page shows them). */
  replyTemplates: ReplyTemplate[];
}

/** Raised when content breaks its schema; the message has one line per problem, naming file, entry and field. */
export class ContentError extends Error {
  override name = "ContentError";
}

/** Formats a zod issue path such as `ratings.2.score` as `ratings[2] → score`. */
function describePath(path: readonly PropertyKey[]): string {
  return (
    path.reduce<string>((out, segment) => (typeof segment === "number" ? `${out}[${segment}]` : out ? `${out} → ${String(segment)}` : String(segment)), "") ||
    "(file)"
  );
}

/**
 * The folder holding site.json: `CONTENT_DIR` when set (a copy to try changes on, the tests), else
 * this file's own, found by walking up so that it also works from a bundle.
 */
function locateContentDir(): string {
  if (process.env.CONTENT_DIR) return process.env.CONTENT_DIR;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "site.json")) && existsSync(join(dir, "schemas"))) return dir;
    if (existsSync(join(dir, "content", "site.json"))) return join(dir, "content");
    const parent = dirname(dir);
    if (parent === dir) throw new ContentError("Invalid content\ncontent/: folder not found");
    dir = parent;
  }
}

/** Lower-case letters, digits and dashes: a file name that is also a URL segment. */
const idPattern = /^[a-z0-9-]+$/;

/** How `readContent` reads a folder. */
export interface ReadOptions {
  /** `false` skips the check that named pictures exist. */
  pictures?: boolean;
  /**
   * Files read as these values instead of the folder's (`news/x.json` → its value, or null for a
   * file taken away): an editor's draft of one item, shown in the live preview before it is saved.
   */
  overrides?: Readonly<Record<string, unknown>>;
  /**
   * The moment the site is built for: an item whose `publishAt` is later, or whose `unpublishAt`
   * is not later, is left out (content/schemas/publishing.ts). `CONTENT_AS_OF` (ISO 8601) when
   * set, else now; null keeps every item (the editor's live preview of a scheduled one).
   */
  asOf?: Date | null;
}

/** The moment a build is for: `CONTENT_AS_OF` (the publisher passes its own clock), else now. */
function defaultAsOf(): Date {
  const given = process.env.CONTENT_AS_OF ? new Date(process.env.CONTENT_AS_OF) : null;
  return given && !Number.isNaN(given.getTime()) ? given : new Date();
}

/** Whether an item is on the site at `asOf` (always, without a moment). */
export function onSiteAt(item: { publishAt?: string; unpublishAt?: string }, asOf: Date | null): boolean {
  if (asOf === null) return true;
  const at = asOf.getTime();
  return (item.publishAt === undefined || Date.parse(item.publishAt) <= at) && (item.unpublishAt === undefined || Date.parse(item.unpublishAt) > at);
}

/**
 * Reads and checks every content file under `dir`, collecting every problem before throwing, so an
 * editor sees all mistakes at once.
 */
export function readContent(dir: string = locateContentDir(), { pictures = true, overrides = {}, asOf = defaultAsOf() }: ReadOptions = {}): Content {
  const problems: string[] = [];

  const parse = <T>(file: string, schema: z.ZodType<T>): T | undefined => {
    let data: unknown;
    try {
      data = Object.hasOwn(overrides, file) ? overrides[file] : JSON.parse(readFileSync(join(dir, file), "utf8"));
    } catch (error) {
      problems.push(`${file}: not readable JSON: ${(error as Error).message}`);
      return undefined;
    }
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    for (const issue of result.error.issues) problems.push(`${file}: ${describePath(issue.path)}: ${issue.message}`);
    return undefined;
  };

  /** Every `<folder>/<id>.json`, its id from the file name. */
  const collection = <T>(folder: string, schema: z.ZodType<T>): (T & { id: string })[] => {
    const onDisk = existsSync(join(dir, folder)) ? readdirSync(join(dir, folder)).filter((name) => name.endsWith(".json")) : [];
    const overridden = Object.keys(overrides)
      .filter((file) => file.startsWith(`${folder}/`) && !file.slice(folder.length + 1).includes("/"))
      .map((file) => file.slice(folder.length + 1));
    const files = [...new Set([...onDisk, ...overridden])].filter((name) => overrides[`${folder}/${name}`] !== null).sort();
    if (files.length === 0) problems.push(`${folder}/: no content files`);
    return files.flatMap((name) => {
      const id = name.slice(0, -".json".length);
      if (!idPattern.test(id)) {
        problems.push(`${folder}/${name}: file name must be lower-case letters, digits and dashes (it is the item's address)`);
        return [];
      }
      const item = parse(`${folder}/${name}`, schema);
      return item === undefined ? [] : [{ ...item, id }];
    });
  };

  // Every kind of file of ./files.ts, the list the editor offers too.
  const single = <T>(name: SingleId, schema: z.ZodType<T>) => parse(`${name}.json`, schema);
  const site = single("site", contentSingles.site);
  const grapes = single("grapes", contentSingles.grapes);
  const wines = collection("wines" satisfies CollectionId, contentCollections.wines);
  const news = collection("news" satisfies CollectionId, contentCollections.news);
  const events = collection("events" satisfies CollectionId, contentCollections.events);
  const tours = single("tours", contentSingles.tours);
  const villa = single("villa", contentSingles.villa);
  const importer = single("importer", contentSingles.importer);
  const story = single("story", contentSingles.story);
  const replies = single("reply-templates", contentSingles["reply-templates"]);
  const { legal: legalSet } = contentFixedSets;
  const legal = Object.fromEntries(legalSet.ids.map((id) => [id, parse(`legal/${id}.json`, legalSet.schema)]));

  // What one file cannot check alone: the pictures a file names exist, every grape has its names.
  for (const wine of wines) {
    if (pictures && !existsSync(join(dir, "images", "bottles", `${wine.id}.png`))) {
      problems.push(`wines/${wine.id}.json: no bottle picture at content/images/bottles/${wine.id}.png`);
    }
    for (const grape of grapeNames(wine.blend)) {
      if (grapes && !Object.hasOwn(grapes, grape)) problems.push(`wines/${wine.id}.json: blend: "${grape}" has no names in grapes.json`);
    }
  }
  // The wines a tour pours are wines of the shop (the thank-you e-mail after a visit links to them).
  for (const tour of tours?.packages ?? []) {
    for (const wine of tour.wines)
      if (!wines.some((known) => known.id === wine)) problems.push(`tours.json: packages → ${tour.id} → wines: "${wine}" is no wine of wines/`);
  }
  const scenes: [string, string][] = [
    ...(villa?.gallery.map((view, i): [string, string] => [`villa.json: gallery[${i}] → scene`, view.scene]) ?? []),
    ...news.flatMap((item): [string, string][] => (item.photo ? [[`news/${item.id}.json: photo → scene`, item.photo.scene]] : [])),
    ...(story?.chapters.flatMap((chapter, c) =>
      chapter.photos.map((photo, p): [string, string] => [`story.json: chapters[${c}] → photos[${p}] → scene`, photo.scene]),
    ) ?? []),
  ];
  for (const [where, scene] of scenes) {
    if (pictures && !existsSync(join(dir, "images", "scenes", `${scene}.jpg`))) problems.push(`${where}: no picture at content/images/scenes/${scene}.jpg`);
  }

  if (problems.length > 0 || !site || !grapes || !tours || !villa || !importer || !story || !replies) {
    throw new ContentError(`Invalid content\n${problems.join("\n")}`);
  }
  // Scheduled items outside their time are left out, after every check (a mistake shows at once).
  const shown = <T extends { publishAt?: string; unpublishAt?: string }>(items: T[]) => items.filter((item) => onSiteAt(item, asOf));
  return {
    site,
    wines: shown(wines).sort((a, b) => collectionOrder.indexOf(a.collection) - collectionOrder.indexOf(b.collection) || b.vintage - a.vintage),
    grapes,
    news: shown(news).sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id)),
    events: [
      ...shown(events)
        .filter((e) => e.status === "upcoming")
        .sort((a, b) => a.date.localeCompare(b.date)),
      ...shown(events)
        .filter((e) => e.status === "past")
        .sort((a, b) => b.date.localeCompare(a.date)),
    ],
    tours,
    villa,
    importer,
    story,
    legal: legal as Record<LegalPageId, LegalPage>,
    replyTemplates: replies.templates,
  };
}

/** The collections in the order the shop shows them. */
const collectionOrder: readonly Wine["collection"][] = ["chateau", "cuvee9"];

/** The grape names of a blend: "80% Merlot, 20% Cabernet Franc" → Merlot, Cabernet Franc. */
export function grapeNames(blend: string): string[] {
  return blend.split(",").map((part) => part.trim().replace(/^\d{1,3}%\s+/, ""));
}

/** The content folder as read once, on first use: nothing can replace it. */
const readOnce = (() => {
  let read: Content | undefined;
  return () => (read ??= readContent());
})();

/**
 * The site's content as the build reads its folder: read and checked on first use (not on import,
 * so that `npm run artwork` can read the wines before their pictures exist), and never replaced.
 * What draws pages from other content (a quick build's folder as it is now, an editor's draft, a
 * test's edit) is handed that content: the pages' loaders by their request's load context
 * (app/lib/content.server.ts), the structured data by its argument.
 */
export const content: Content = new Proxy({} as Content, {
  get: (_target, key) => readOnce()[key as keyof Content],
});

/** Content with the folder it was read from (its pictures): what a build step draws from. */
export interface ContentSource {
  content: Content;
  dir: string;
}

/** The folder the build reads and its content (`content`): what the build's own steps draw from. */
export const buildSource = (): ContentSource => ({ content, dir: locateContentDir() });

/** A file of the content folder (a bottle picture, a scene), wherever the folder is. */
export function contentFile(...segments: string[]): string {
  return join(locateContentDir(), ...segments);
}

export function findWine(id: string): Wine | undefined {
  return content.wines.find((wine) => wine.id === id);
}
