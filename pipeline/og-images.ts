/**
 * Link-preview images (Open Graph, 1200×630): one for the estate, one per wine (its bottle on
 * the estate's cream); and each news item's photograph at 1200×675 (16:9, as uploaded), the image
 * of its NewsArticle. Written at build into build/client/og/.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { content, contentFile } from "#content";
import { newsImagePath } from "./structured-data";

const width = 1200;
const height = 630;
const images = `${contentFile("images")}/`;

export async function writeOpenGraphImages(outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await sharp(`${images}scenes/estate-hero.jpg`)
    .resize(width, height, { fit: "cover" })
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(`${outDir}/estate.jpg`);
  const background = await sharp(`${images}scenes/cellar.jpg`).resize(width, height, { fit: "cover" }).blur(12).modulate({ brightness: 0.55 }).toBuffer();
  for (const wine of content.wines) {
    const bottle = await sharp(`${images}bottles/${wine.id}.png`).resize({ height: 560 }).toBuffer();
    const { width: bottleWidth = 395 } = await sharp(bottle).metadata();
    await sharp(background)
      .composite([{ input: bottle, top: 35, left: Math.round((width - bottleWidth) / 2) }])
      .jpeg({ quality: 78, mozjpeg: true })
      .toFile(`${outDir}/${wine.id}.jpg`);
  }
  // outDir is served at /og/: a news item's picture at newsImagePath (/og/news/<id>.jpg), which its JSON-LD names.
  mkdirSync(join(outDir, "news"), { recursive: true });
  for (const item of content.news) {
    if (!item.photo) continue;
    const file = join(outDir, newsImagePath(item.id).replace(/^\/og\//, ""));
    await sharp(`${images}scenes/${item.photo.scene}.jpg`).resize(width, 675, { fit: "cover" }).jpeg({ quality: 78, mozjpeg: true }).toFile(file);
  }
}
