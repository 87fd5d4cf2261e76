/**
 * Makes the home page's hero video from the estate-hero artwork: the layers of the drawing
 * (sky, clouds, hills, château, vines) drift at different speeds and come back, so the clip
 * loops without a seam, and its first frame is the poster. Frames are drawn by sharp, then
 * ffmpeg encodes VP9 WebM and H.264 MP4 (faststart), muted, no audio track.
 *
 *   npm run hero-video
 *
 * The files are committed under public/media/ with a content hash in their names (the server
 * caches /media/ for a year) and their URLs are written to app/components/media/hero-video-files.ts.
 * Needs ffmpeg on the PATH (Debian: apt-get install ffmpeg).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { estateHeroSvg, loadSharp, W } from "./generate-artwork";

const width = 1280;
const height = 720;
const fps = 24;
const seconds = 7;
/** Each file must stay under this (issue: at most 1.5 MB). */
const maxBytes = 1.5 * 1024 * 1024;

const root = new URL("..", import.meta.url).pathname;
const mediaDir = join(root, "public/media");
const listing = join(root, "app/components/media/hero-video-files.ts");

async function renderFrames(dir: string): Promise<void> {
  const sharp = await loadSharp();
  const frames = fps * seconds;
  for (let i = 0; i < frames; i += 1) {
    const svg = Buffer.from(estateHeroSvg(i / frames));
    // librsvg draws at 72 dpi by default: scale the density so the frame is drawn at 1280 wide.
    await sharp(svg, { density: (72 * width) / W })
      .resize(width, height, { fit: "cover" })
      .png({ compressionLevel: 1 })
      .toFile(join(dir, `frame-${String(i).padStart(4, "0")}.png`));
  }
}

function ffmpeg(args: string[]): void {
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: "inherit" });
}

function encode(dir: string): { webm: string; mp4: string } {
  const input = ["-framerate", String(fps), "-i", join(dir, "frame-%04d.png")];
  const webm = join(dir, "hero.webm");
  const mp4 = join(dir, "hero.mp4");
  // Two-pass constant quality VP9; -an: no audio track at all.
  const vp9 = ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "34", "-row-mt", "1", "-pix_fmt", "yuv420p", "-an"];
  ffmpeg([...input, ...vp9, "-pass", "1", "-passlogfile", join(dir, "vp9"), "-f", "null", "/dev/null"]);
  ffmpeg([...input, ...vp9, "-pass", "2", "-passlogfile", join(dir, "vp9"), webm]);
  ffmpeg([
    ...input,
    ...["-c:v", "libx264", "-preset", "veryslow", "-crf", "23", "-profile:v", "high", "-pix_fmt", "yuv420p"],
    ...["-movflags", "+faststart", "-an", mp4],
  ]);
  return { webm, mp4 };
}

function publish(file: string, ext: string): string {
  const size = statSync(file).size;
  if (size > maxBytes) throw new Error(`${ext} is ${size} bytes, over the ${maxBytes}-byte budget`);
  const hash = createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 10);
  const name = `hero-estate-${hash}.${ext}`;
  renameSync(file, join(mediaDir, name));
  console.log(`public/media/${name}: ${(size / 1024).toFixed(0)} KB`);
  return `/media/${name}`;
}

const work = mkdtempSync(join(tmpdir(), "hero-video-"));
try {
  await renderFrames(work);
  const { webm, mp4 } = encode(work);
  mkdirSync(mediaDir, { recursive: true });
  for (const old of readdirSync(mediaDir).filter((name) => name.startsWith("hero-estate-"))) rmSync(join(mediaDir, old));
  const urls = { webm: publish(webm, "webm"), mp4: publish(mp4, "mp4") };
  writeFileSync(
    listing,
    `// Written by generators/make-hero-video.ts: the hero video's files in public/media/ (hashed names, cached for a year).\n` +
      `export const heroVideoFiles = ${JSON.stringify(urls, null, 2)} as const;\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
