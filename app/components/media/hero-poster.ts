import type { Picture } from "~/lib/images";

// Only the poster, not app/lib/images.ts: that module lists every image of the site, and the
// home page's JavaScript would carry all their URLs. The query is the scenes' query in
// app/lib/images.ts, so both produce the same files.
const files: Record<string, Picture> = import.meta.glob("@content-images/scenes/estate-hero.jpg", {
  query: { w: "480;800;1200;1600;2000", format: "avif;webp;jpg", jpegQuality: "75", as: "picture" },
  import: "default",
  eager: true,
});

/** The home hero's poster (content/images/scenes/estate-hero.jpg), the first frame of its video. */
export const heroPoster: Picture = Object.values(files)[0]!;
