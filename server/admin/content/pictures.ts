/**
 * Photographs uploaded in the content editor. A file is taken only when its bytes are a JPEG, PNG,
 * WebP or AVIF picture (sniffed by `file-type`; its name and declared type are ignored), within the
 * size and pixel limits; it is then decoded and written again by sharp as a 16:9 JPEG, which keeps
 * no metadata (EXIF, GPS, XMP, comments) and nothing else the original carried. The result waits
 * in the data folder until the item that names it is saved, then moves into the content folder's
 * `images/scenes/`, where the build makes its responsive sizes like every other scene
 * (app/lib/images.ts). An SVG, a web page or any other file is refused before sharp sees it.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { scenePattern } from "#content/schemas/scene";
import type { ExtraFile } from "./repository";

/** What the editor accepts, by the type its bytes show. */
export const pictureTypes: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/webp", "image/avif"]);

/** The limits of an upload (docs/security.md, "Content editing"). */
export const pictureLimits = {
  /** Bytes of one file: a phone's photograph is 3–12 MB. */
  maxBytes: 25 * 1024 * 1024,
  /** Pixels of one picture, checked from its header before it is decoded (a 100 MP camera's). */
  maxPixels: 100_000_000,
  /** The smallest picture: the build makes scenes up to 2000 px wide (content/README.md). */
  minWidth: 1600,
  minHeight: 900,
} as const;

/** The widest picture kept: the build's largest size is 2000 px; a little more leaves it room. */
const keptWidth = 2400;

/** Why a file was refused, for the staff message at its field. */
export type PictureRefusal =
  | { reason: "type" }
  | { reason: "tooLarge"; maxMegabytes: number }
  | { reason: "tooManyPixels"; maxMegapixels: number }
  | { reason: "tooSmall"; minWidth: number; minHeight: number }
  | { reason: "unreadable" };

/** A file as the multipart parser hands it over (server/admin/routes/content.ts). */
export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly bytes: Buffer,
    /** The file was longer than the size limit (its bytes are cut at the limit). */
    readonly truncated: boolean,
  ) {}

  /** A file input left empty: browsers still send it, with no bytes (an empty file is no picture either). */
  get empty(): boolean {
    return this.bytes.length === 0 && !this.truncated;
  }
}

/**
 * Uploads are decoded one at a time. A picture within the limits may still be costly: a 9999 ×
 * 9999 PNG of 292 KB took 6 s and 300 MB to decode, and six sent at once doubled the server's
 * memory. In a queue, the sixth waits for the five before it and the memory holds one.
 */
let decoding: Promise<unknown> = Promise.resolve();

/**
 * Checks an uploaded file and re-encodes it: a JPEG without metadata, cropped about its centre to
 * 16:9, at most 2400 px wide; or why it was refused. One picture at a time (`decoding`).
 */
export function processPicture(file: UploadedFile): Promise<{ ok: true; jpeg: Buffer } | { ok: false; refusal: PictureRefusal }> {
  const next = decoding.then(() => decodePicture(file));
  decoding = next.catch(() => undefined);
  return next;
}

async function decodePicture(file: UploadedFile): Promise<{ ok: true; jpeg: Buffer } | { ok: false; refusal: PictureRefusal }> {
  if (file.truncated || file.bytes.length > pictureLimits.maxBytes) return { ok: false, refusal: { reason: "tooLarge", maxMegabytes: pictureLimits.maxBytes / 1024 / 1024 } };
  const sniffed = await fileTypeFromBuffer(file.bytes);
  if (!sniffed || !pictureTypes.has(sniffed.mime)) return { ok: false, refusal: { reason: "type" } };
  try {
    // `limitInputPixels` makes sharp refuse a bigger picture from its header, before decoding it.
    const input = () => sharp(file.bytes, { limitInputPixels: pictureLimits.maxPixels, failOn: "error" });
    const meta = await input().metadata();
    // Width and height as the picture is seen (a portrait photo is stored sideways with an EXIF turn).
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    if (width * height > pictureLimits.maxPixels) return { ok: false, refusal: { reason: "tooManyPixels", maxMegapixels: pictureLimits.maxPixels / 1_000_000 } };
    if (width < pictureLimits.minWidth || height < pictureLimits.minHeight) {
      return { ok: false, refusal: { reason: "tooSmall", minWidth: pictureLimits.minWidth, minHeight: pictureLimits.minHeight } };
    }
    const outWidth = Math.min(keptWidth, width, Math.floor((height * 16) / 9));
    const outHeight = Math.round((outWidth * 9) / 16);
    // No `withMetadata`/`keepMetadata`: sharp writes none of the original's EXIF, GPS, XMP or ICC.
    const jpeg = await input().rotate().resize({ width: outWidth, height: outHeight, fit: "cover" }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    return { ok: true, jpeg };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) return { ok: false, refusal: { reason: "tooManyPixels", maxMegapixels: pictureLimits.maxPixels / 1_000_000 } };
    return { ok: false, refusal: { reason: "unreadable" } };
  }
}

/**
 * Uploaded pictures waiting for the save that names them, in `<dataDir>/content-uploads/`, and
 * put into the content folder's `images/scenes/` by that save. A name is `upload-` and a digest
 * of the picture's bytes, so the same picture uploaded twice is one file.
 */
export class PictureStore {
  private readonly pending: string;

  constructor(
    private readonly contentDir: string,
    dataDir: string,
  ) {
    this.pending = join(dataDir, "content-uploads");
  }

  /**
   * Keeps a processed picture until a save names it; returns its scene name. The same picture
   * sent twice at once (a double click on Save) is written twice, each through a temporary file
   * of its own, and the second rename replaces the first's file with the same bytes; a picture
   * already kept is not written again.
   */
  async keep(jpeg: Buffer): Promise<string> {
    const name = `upload-${createHash("sha256").update(jpeg).digest("hex").slice(0, 16)}`;
    const file = join(this.pending, `${name}.jpg`);
    if (existsSync(file)) return name;
    await mkdir(this.pending, { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, jpeg);
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
    return name;
  }

  /** The picture of a scene name (published or waiting), or null; only names of the scene pattern reach the disk. */
  async read(name: string): Promise<Buffer | null> {
    if (!scenePattern.test(name)) return null;
    for (const file of [this.sceneFile(name), join(this.pending, `${name}.jpg`)]) {
      if (existsSync(file)) return readFile(file);
    }
    return null;
  }

  /**
   * The files a value's scene names need that the content folder lacks and that wait here: the
   * save writes them (relative to the content folder) and commits them with the item.
   */
  async waiting(names: readonly string[]): Promise<ExtraFile[]> {
    const files: ExtraFile[] = [];
    for (const name of new Set(names)) {
      if (!scenePattern.test(name) || existsSync(this.sceneFile(name))) continue;
      const waiting = join(this.pending, `${name}.jpg`);
      if (existsSync(waiting)) files.push({ path: `images/scenes/${name}.jpg`, bytes: await readFile(waiting) });
    }
    return files;
  }

  private sceneFile(name: string): string {
    return join(this.contentDir, "images", "scenes", `${name}.jpg`);
  }
}
