/**
 * Link-preview images (Open Graph, 1200×630): one for the estate, one per wine (its bottle on
 * the estate's cream). Written at build into build/client/og/.
 */
import { mkdirSync } from "node:fs";
import sharp from "sharp";
import { content, contentFile } from "#content";

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
}
