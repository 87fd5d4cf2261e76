/**
 * Link-preview images (Open Graph, 1200×630): one for the estate, one per wine (its bottle on
 * the estate's cream); and each news item's photograph at 1200×675 (16:9, as uploaded), the image
 * of its NewsArticle. Written at build into build/client/og/.
 *
 * Each picture's inputs (its source files' bytes and how it is drawn) are digested; given the
 * og/ folder of an earlier build and that build's digests, a picture whose inputs did not change
 * is copied from there instead of drawn again (a publish from the content editor, which passes
 * the served build: most of its pictures never change).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import sharp from "sharp";
import type { ContentSource } from "#content";
import { newsImagePath, newsImageShapes, newsShapePath } from "./structured-data";

const width = 1200;
const height = 630;

/** Digests of each picture's inputs, by its path under og/ (`estate.jpg`, `news/harvest-2026.jpg`). */
export type OpenGraphInputs = Record<string, string>;

/** An earlier build's og/ folder and the digests it was drawn from. */
export interface EarlierOpenGraph {
  dir: string;
  inputs: OpenGraphInputs;
}

/** Bumped when the drawing below changes, so that no earlier picture is reused. */
const drawing = "1";

/**
 * The region of a `width` × `height` picture to cut for a `shape` (width / height), as large as it
 * fits, centred on the focus (fractions of the picture; its middle without one) and kept inside.
 */
export function cutAround(width: number, height: number, shape: number, focus: { x: number; y: number } = { x: 0.5, y: 0.5 }) {
  const cutWidth = Math.min(width, Math.round(height * shape));
  const cutHeight = Math.min(height, Math.round(cutWidth / shape));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    left: clamp(focus.x * width - cutWidth / 2, width - cutWidth),
    top: clamp(focus.y * height - cutHeight / 2, height - cutHeight),
    width: cutWidth,
    height: cutHeight,
  };
}

const digest = (...parts: (string | Buffer)[]) => {
  const hash = createHash("sha256").update(drawing);
  for (const part of parts) hash.update(createHash("sha256").update(part).digest());
  return hash.digest("hex");
};

/**
 * Draws every picture of `source` (its wines and news, its folder's pictures) into `outDir`, or
 * copies it from `earlier` when its inputs are the same; returns the digests.
 */
export async function writeOpenGraphImages(outDir: string, { content, dir }: ContentSource, earlier?: EarlierOpenGraph): Promise<OpenGraphInputs> {
  const images = `${join(dir, "images")}/`;
  mkdirSync(join(outDir, "news"), { recursive: true });
  const inputs: OpenGraphInputs = {};
  let background: Buffer | undefined;
  const cellar = readFileSync(`${images}scenes/cellar.jpg`);

  /** Copies the picture from the earlier build when its inputs match; otherwise draws it. */
  const picture = async (name: string, key: string, draw: (file: string) => Promise<unknown>) => {
    inputs[name] = key;
    const file = join(outDir, name);
    const before = earlier && earlier.inputs[name] === key ? join(earlier.dir, name) : null;
    if (before && existsSync(before)) copyFileSync(before, file);
    else await draw(file);
  };

  const hero = readFileSync(`${images}scenes/estate-hero.jpg`);
  await picture("estate.jpg", digest("estate", hero), (file) =>
    sharp(hero).resize(width, height, { fit: "cover" }).jpeg({ quality: 78, mozjpeg: true }).toFile(file),
  );
  for (const wine of content.wines) {
    const bottlePng = readFileSync(`${images}bottles/${wine.id}.png`);
    await picture(`${wine.id}.jpg`, digest("wine", cellar, bottlePng), async (file) => {
      background ??= await sharp(cellar).resize(width, height, { fit: "cover" }).blur(12).modulate({ brightness: 0.55 }).toBuffer();
      const bottle = await sharp(bottlePng).resize({ height: 560 }).toBuffer();
      const { width: bottleWidth = 395 } = await sharp(bottle).metadata();
      await sharp(background)
        .composite([{ input: bottle, top: 35, left: Math.round((width - bottleWidth) / 2) }])
        .jpeg({ quality: 78, mozjpeg: true })
        .toFile(file);
    });
  }
  // outDir is served at /og/: a news item's picture at newsImagePath (/og/news/<id>.jpg), which its JSON-LD names.
  for (const item of content.news) {
    if (!item.photo) continue;
    const photo = readFileSync(`${images}scenes/${item.photo.scene}.jpg`);
    const focus = item.photo.focus;
    await picture(newsImagePath(item.id).replace(/^\/og\//, ""), digest("news", photo), (file) =>
      sharp(photo).resize(width, 675, { fit: "cover" }).jpeg({ quality: 78, mozjpeg: true }).toFile(file),
    );
    // The other shapes are cut around the photograph's focus, so its subject stays in frame.
    for (const [shape, [shapeWidth, shapeHeight]] of Object.entries(newsImageShapes)) {
      await picture(
        newsShapePath(item.id, shape as keyof typeof newsImageShapes).replace(/^\/og\//, ""),
        digest("news", shape, photo, JSON.stringify(focus ?? null)),
        async (file) => {
          const { width: w = 0, height: h = 0 } = await sharp(photo).metadata();
          const region = cutAround(w, h, shapeWidth / shapeHeight, focus);
          await sharp(photo).extract(region).resize(shapeWidth, shapeHeight, { fit: "cover" }).jpeg({ quality: 78, mozjpeg: true }).toFile(file);
        },
      );
    }
  }
  return inputs;
}
