/**
 * The small logo at the head of every e-mail: the site's own icon (public/favicon.svg) drawn as a
 * PNG with sharp once at start-up, since mail programs do not show SVG. The sender attaches it to
 * each e-mail whose HTML names it (`cid:`, ./layout.tsx), so the outbox does not store it per row.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { projectDir } from "../project";
import { logoCid } from "./layout";

/** An inline picture as the sender attaches it. */
export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Read from the project, never beside this module: bundled into build-server/main.js, `../../public` named the folder above the project. */
const icon = join(projectDir, "public", "favicon.svg");

/** The logo at twice its shown size (36 px), for sharp screens. */
export async function mailLogo(): Promise<InlineImage> {
  const content = await sharp(await readFile(icon), { density: 300 })
    .resize(72, 72)
    .png()
    .toBuffer();
  return { cid: logoCid, filename: "logo.png", contentType: "image/png", content };
}
