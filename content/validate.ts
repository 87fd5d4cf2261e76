import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { eventsFileSchema } from "./schemas/event";
import { importerSchema } from "./schemas/importer";
import { newsFileSchema } from "./schemas/news";
import { siteSchema } from "./schemas/site";
import { toursFileSchema } from "./schemas/tour";
import { villaSchema } from "./schemas/villa";
import { winesFileSchema } from "./schemas/wine";

/** Each content file and the schema it must satisfy. Add a line here with each new file. */
export const contentFiles: Record<string, z.ZodType> = {
  "site.json": siteSchema,
  "wines.json": winesFileSchema,
  "tours.json": toursFileSchema,
  "news.json": newsFileSchema,
  "events.json": eventsFileSchema,
  "villa.json": villaSchema,
  "importer.json": importerSchema,
};

/** Raised when a content file breaks its schema; the message names the file, the entry and the field. */
export class ContentError extends Error {
  override name = "ContentError";
}

/** Formats a zod issue path such as `wines.2.price` as `wines[2] (chateau-2018) → price`. */
function describePath(data: unknown, path: readonly PropertyKey[]): string {
  let node: unknown = data;
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") {
      const entry = Array.isArray(node) ? (node[segment] as unknown) : undefined;
      const id = entry && typeof entry === "object" && "id" in entry ? ` (${String(entry.id)})` : "";
      out += `[${segment}]${id}`;
    } else {
      out += out ? ` → ${String(segment)}` : String(segment);
    }
    node = node && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[segment] : undefined;
  }
  return out || "(file)";
}

/** Parses one content value against its schema, throwing a ContentError that names every bad field. */
export function parseContent<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${file}: ${describePath(data, issue.path)}: ${issue.message}`);
  throw new ContentError(`Invalid content\n${lines.join("\n")}`);
}

/** Reads and checks every content file; the build calls this first, so a bad file stops it. */
export function validateContent(dir = fileURLToPath(new URL(".", import.meta.url))): void {
  for (const [file, schema] of Object.entries(contentFiles)) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(`${dir}/${file}`, "utf8"));
    } catch (error) {
      throw new ContentError(`Invalid content\n${file}: not readable JSON: ${(error as Error).message}`);
    }
    const parsed = parseContent(file, schema, data);
    if (file === "wines.json") checkWineFiles(dir, parsed as { wines: { id: string }[] });
  }
}

/** Every wine needs its bottle picture (content/images/bottles/<id>.png): the cards, the page and the summary sheet draw it. */
function checkWineFiles(dir: string, { wines }: { wines: { id: string }[] }): void {
  const lines = wines.flatMap((wine, index) =>
    existsSync(`${dir}/images/bottles/${wine.id}.png`)
      ? []
      : [`wines.json: wines[${index}] (${wine.id}) → id: no bottle image at content/images/bottles/${wine.id}.png`],
  );
  if (lines.length > 0) throw new ContentError(`Invalid content\n${lines.join("\n")}`);
}
