/**
 * The content's items as a publish names them: `news/harvest-2026` (its type and id), the files
 * that make it (its JSON file, the pictures it names, a wine's bottle), and which items' drafts
 * differ from their published versions: what the publish page offers to put online.
 */
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { sameReading } from "./changes";
import { formOf, sceneNamesOf, type FieldNode } from "./form-model";
import type { PublishedContent, PublishedFiles } from "./published";
import type { ContentRepository } from "./repository";
import { contentType, contentTypes, itemIdPattern, type ContentType } from "./types";

/** An item: its type and id. */
export interface ItemRef {
  type: ContentType;
  id: string;
}

const forms = new Map<string, FieldNode>();
/** A type's form tree, made once. */
export function formFor(type: ContentType): FieldNode {
  let node = forms.get(type.id);
  if (!node) forms.set(type.id, (node = formOf(type.schema)));
  return node;
}

/** An item's name in a publish (`news/harvest-2026`, `site/site`). */
export const itemKey = (item: ItemRef) => `${item.type.id}/${item.id}`;

/** The item a key names, or null for anything else (only known types and well-formed ids). */
export function itemOfKey(key: string): ItemRef | null {
  const [typeId = "", id = "", ...rest] = key.split("/");
  const type = contentType(typeId);
  if (!type || rest.length > 0 || !itemIdPattern.test(id)) return null;
  if (type.where.kind === "single" && id !== type.where.file) return null;
  if (type.where.kind === "fixed" && !type.where.ids.includes(id)) return null;
  return { type, id };
}

/** An item's file, relative to the content folder. */
export function itemFile({ type, id }: ItemRef): string {
  return type.where.kind === "single" ? `${type.where.file}.json` : `${type.where.folder}/${id}.json`;
}

/**
 * The files a publish of an item takes from the folder: its own file, the scenes (and their
 * originals) its draft and its published version name, and a wine's bottle. A picture the draft
 * stopped naming is taken off the published content when the folder no longer has it (the save
 * removed it, no draft naming it).
 */
export function itemFiles(item: ItemRef, draft: unknown, published: unknown): string[] {
  const node = formFor(item.type);
  const scenes = new Set([...sceneNamesOf(node, draft), ...sceneNamesOf(node, published)]);
  return [
    itemFile(item),
    ...[...scenes].flatMap((scene) => [`images/scenes/${scene}.jpg`, `images/originals/${scene}.jpg`]),
    ...(item.type.id === "wines" ? [`images/bottles/${item.id}.png`] : []),
  ];
}

/** An item whose draft differs from its published version. */
export interface PendingItem extends ItemRef {
  /** The draft's value (undefined: deleted), and the published one (undefined: never published). */
  draft: unknown;
  published: unknown;
}

const parse = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A file that is no JSON (written by hand): a draft to show as changed, which the build refuses.
    return text;
  }
};

/**
 * Every item whose draft (the folder's file) differs from its published version in what a reader
 * sees (whitespace the site does not show left aside: ./changes.ts `sameReading`), in the editor's
 * order of types; new and deleted items included. None before anything is published.
 */
export async function pendingItems(repository: ContentRepository, published: PublishedContent): Promise<PendingItem[]> {
  const current = await published.current();
  if (!current) return [];
  const files = await published.files(current.commit);
  const candidates: ItemRef[] = [];
  for (const type of contentTypes) {
    const ids = new Set(await repository.ids(type));
    if (type.where.kind === "collection") {
      const folder = `${type.where.folder}/`;
      for (const file of files.keys()) {
        const id = file.startsWith(folder) && file.endsWith(".json") ? file.slice(folder.length, -".json".length) : null;
        if (id !== null && !id.includes("/") && itemIdPattern.test(id)) ids.add(id);
      }
    }
    for (const id of [...ids].sort()) candidates.push({ type, id });
  }
  const differing: { item: ItemRef; draft: string | undefined; blob: string | undefined }[] = [];
  for (const item of candidates) {
    const file = itemFile(item);
    const full = join(repository.root, file);
    const bytes = existsSync(full) ? await readFile(full) : undefined;
    const blob = files.get(file);
    if (bytes === undefined && blob === undefined) continue;
    if (bytes !== undefined && blob !== undefined && (await published.blobIdOf(bytes)) === blob) continue;
    differing.push({ item, draft: bytes?.toString("utf8"), blob });
  }
  const texts = await published.blobs(differing.flatMap(({ blob }) => (blob ? [blob] : [])));
  return differing
    .map(({ item, draft, blob }) => ({ ...item, draft: parse(draft), published: parse(blob ? texts.get(blob) : undefined) }))
    .filter((item) => item.draft === undefined || item.published === undefined || !sameReading(item.draft, item.published));
}

/** The published value of an item, or undefined (never published, or nothing published yet). */
/** What reading the published content takes (./published.ts's `PublishedContent`). */
export type PublishedReader = Pick<PublishedContent, "current" | "files" | "blobs">;

export async function publishedValue(published: PublishedReader, item: ItemRef, files?: PublishedFiles): Promise<unknown> {
  const current = files ? null : await published.current();
  const listing = files ?? (current ? await published.files(current.commit) : null);
  const blob = listing?.get(itemFile(item));
  if (!blob) return undefined;
  return parse((await published.blobs([blob])).get(blob));
}
