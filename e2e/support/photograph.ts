import sharp from "sharp";

/** A photograph as a camera gives it: a JPEG of `width` × `height` with texture (a flat picture would be a few hundred bytes). */
export function photograph(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = 90 + ((x * 7 + y * 3) % 80);
      pixels[i + 1] = 40 + ((x * y) % 50);
      pixels[i + 2] = 50 + ((y * 5) % 60);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
