/**
 * The sizes of a picture made after the server bundle was built (a photograph uploaded in the
 * editor, published by a quick build): the same widths and formats as the queries of
 * app/lib/images.ts (vite-imagetools, sharp underneath), written into the build's `assets/` with a
 * digest in their names, and described as the app's `Picture`.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import type { RenderedPicture } from "./renderer";

/** The widths app/lib/images.ts asks of each folder (keep the two equal). */
export const pictureWidths = { scenes: [480, 800, 1200, 1600, 2000], bottles: [356, 712] } as const;

const formats = [
  // AVIF at effort 2 rather than sharp's 4: the five sizes of a noisy 2400 px picture took 2.3 s
  // instead of 35.6 s here (and came out 7 % smaller); the next whole build makes them again.
  { key: "avif", extension: "avif", encode: (image: Sharp) => image.avif({ effort: 2 }) },
  { key: "webp", extension: "webp", encode: (image: Sharp) => image.webp() },
  // `jpegQuality=75` of the queries: mozjpeg at quality 75 (vite.config.ts).
  { key: "jpeg", extension: "jpeg", encode: (image: Sharp) => image.jpeg({ quality: 75, mozjpeg: true }) },
] as const;

/** Makes every size and format of `source` into `assetsDir`; returns the picture as the pages use it. */
export async function makePictureSizes(source: Buffer, name: string, folder: keyof typeof pictureWidths, assetsDir: string): Promise<RenderedPicture> {
  mkdirSync(assetsDir, { recursive: true });
  const sources: Record<string, string> = {};
  let largest: RenderedPicture["img"] = { src: "", w: 0, h: 0 };
  // Every size of every format at once: sharp encodes on its own threads, so both cores work.
  const encoded = await Promise.all(
    formats.flatMap((format) =>
      pictureWidths[folder].map(async (width) => {
        const { data, info } = await format.encode(sharp(source).resize({ width })).toBuffer({ resolveWithObject: true });
        const file = `${name}-${createHash("sha256").update(data).digest("base64url").slice(0, 8)}.${format.extension}`;
        writeFileSync(join(assetsDir, file), data);
        return { format: format.key, file, width: info.width, height: info.height };
      }),
    ),
  );
  for (const format of formats) {
    const sizes = encoded.filter((size) => size.format === format.key);
    sources[format.key] = sizes.map((size) => `/assets/${size.file} ${size.width}w`).join(", ");
    for (const size of sizes) if (format.key === "jpeg" && size.width >= largest.w) largest = { src: `/assets/${size.file}`, w: size.width, h: size.height };
  }
  return { sources, img: largest };
}
