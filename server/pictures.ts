/**
 * Photographs the staff upload, in the content editor and in the newsletter. A file is taken only
 * when its bytes are a JPEG, PNG, WebP or AVIF picture (sniffed by `file-type`; its name and
 * declared type are ignored), within the size and pixel limits; it is then decoded and written
 * again by sharp as a JPEG, which keeps no metadata (EXIF, GPS, XMP, comments) and nothing else the
 * original carried. That whole picture waits in the data folder (`UploadStore`) until what names it
 * is saved; it is cut to 16:9 around the focus the staff chose and as tight as the zoom asks
 * (`cropRegion`, `cropScene`). An SVG, a web page or any other file is refused before sharp sees it.
 * The content editor keeps its pictures in the content folder (server/admin/content/pictures.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

/** What the editor accepts, by the type its bytes show. */
const pictureTypes: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/webp", "image/avif"]);

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

/** The widest scene kept: the build's largest size is 2000 px; a little more leaves it room. */
const keptWidth = 2400;
/** The longest side of an original kept: room to zoom into it twice and still fill the largest size. */
const originalSide = 4000;

/** Where a scene is cut from its original: the subject's point (fractions from the top left) and how tight (1: the widest 16:9 frame). */
export interface Framing {
  focus?: { x: number; y: number };
  zoom?: number;
}

/** The 16:9 region of a `width` × `height` original for a framing: as wide as the zoom allows, centred on the focus, kept inside. */
export function cropRegion(
  width: number,
  height: number,
  { focus = { x: 0.5, y: 0.5 }, zoom = 1 }: Framing,
): { left: number; top: number; width: number; height: number } {
  const frameWidth = Math.max(16, Math.floor(Math.min(width, (height * 16) / 9) / Math.max(1, zoom)));
  const frameHeight = Math.max(9, Math.floor((frameWidth * 9) / 16));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    left: clamp(focus.x * width - frameWidth / 2, width - frameWidth),
    top: clamp(focus.y * height - frameHeight / 2, height - frameHeight),
    width: frameWidth,
    height: frameHeight,
  };
}

/** The scene of an original: its 16:9 region for the framing, at most 2400 px wide, as a JPEG. */
export async function cropScene(original: Buffer, framing: Framing, width = keptWidth): Promise<Buffer> {
  const { width: w = 0, height: h = 0 } = await sharp(original).metadata();
  const region = cropRegion(w, h, framing);
  const outWidth = Math.min(width, region.width);
  return sharp(original)
    .extract(region)
    .resize({ width: outWidth, height: Math.round((outWidth * 9) / 16), fit: "cover" })
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}

/** Why a file was refused, for the staff message at its field. */
export type PictureRefusal =
  | { reason: "type" }
  | { reason: "tooLarge"; maxMegabytes: number }
  | { reason: "tooManyPixels"; maxMegapixels: number }
  | { reason: "tooSmall"; minWidth: number; minHeight: number }
  | { reason: "unreadable" };

/** A file as the multipart parser hands it over (server/admin/index.ts `onFile`). */
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
 * Checks an uploaded file and re-encodes it: a JPEG without metadata, turned upright, whole, at
 * most 4000 px on its longest side (the original a scene is cut from); or why it was refused. One
 * picture at a time (`decoding`).
 */
export function processPicture(file: UploadedFile): Promise<{ ok: true; jpeg: Buffer } | { ok: false; refusal: PictureRefusal }> {
  const next = decoding.then(() => decodePicture(file));
  decoding = next.catch(() => undefined);
  return next;
}

async function decodePicture(file: UploadedFile): Promise<{ ok: true; jpeg: Buffer } | { ok: false; refusal: PictureRefusal }> {
  if (file.truncated || file.bytes.length > pictureLimits.maxBytes)
    return { ok: false, refusal: { reason: "tooLarge", maxMegabytes: pictureLimits.maxBytes / 1024 / 1024 } };
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
    if (width * height > pictureLimits.maxPixels)
      return { ok: false, refusal: { reason: "tooManyPixels", maxMegapixels: pictureLimits.maxPixels / 1_000_000 } };
    if (width < pictureLimits.minWidth || height < pictureLimits.minHeight) {
      return { ok: false, refusal: { reason: "tooSmall", minWidth: pictureLimits.minWidth, minHeight: pictureLimits.minHeight } };
    }
    // No `withMetadata`/`keepMetadata`: sharp writes none of the original's EXIF, GPS, XMP or ICC.
    const jpeg = await input()
      .rotate()
      .resize({ width: originalSide, height: originalSide, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer();
    return { ok: true, jpeg };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message))
      return { ok: false, refusal: { reason: "tooManyPixels", maxMegapixels: pictureLimits.maxPixels / 1_000_000 } };
    return { ok: false, refusal: { reason: "unreadable" } };
  }
}

/**
 * Uploaded pictures waiting for the save that names them, in a folder of the data folder, each the
 * whole original. A name is `upload-` and a digest of the original's bytes, so the same picture
 * uploaded twice is one file.
 */
export class UploadStore {
  constructor(readonly dir: string) {}

  /**
   * Keeps a processed original until a save names it; returns its name. The same picture sent twice
   * at once (a double click on Save) is written twice, each through a temporary file of its own,
   * and the second rename replaces the first's file with the same bytes; a picture already kept is
   * not written again.
   */
  async keep(jpeg: Buffer): Promise<string> {
    const name = `upload-${createHash("sha256").update(jpeg).digest("hex").slice(0, 16)}`;
    const file = this.file(name);
    if (existsSync(file)) return name;
    await mkdir(this.dir, { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, jpeg);
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
    return name;
  }

  /** Whether a picture of this name waits here. */
  has(name: string): boolean {
    return uploadPattern.test(name) && existsSync(this.file(name));
  }

  /** The whole picture of a name, or null. */
  async original(name: string): Promise<Buffer | null> {
    return this.has(name) ? readFile(this.file(name)) : null;
  }

  /** Its file (for a name of the pattern only). */
  file(name: string): string {
    return join(this.dir, `${name}.jpg`);
  }
}

/** The name of an uploaded picture. */
export const uploadPattern = /^upload-[0-9a-f]{16}$/;

/** The folder of DATA_DIR that keeps the photographs uploaded for the newsletter (mail programs fetch them as long as an issue is read; backed up). */
export const newsletterPicturesFolder = "newsletter-pictures";
