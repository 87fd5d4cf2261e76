/**
 * Every image of the site, processed at build by vite-imagetools (sharp) from the sources in
 * content/images/ into AVIF, WebP and JPEG at the widths each place needs, with hashed names.
 * Components ask for an image by name; a new file in a folder is a new name.
 */
export interface Picture {
  /** Format (`avif`, `webp`, `jpeg`) to srcset. */
  sources: Record<string, string>;
  img: { src: string; w: number; h: number };
}

type Glob = Record<string, Picture>;

// Bottles are shown at 356×504 (spec §2) and twice that on dense screens.
const bottleFiles: Glob = import.meta.glob("@content-images/bottles/*.png", {
  query: { w: "356;712", format: "avif;webp;jpg", jpegQuality: "75", as: "picture" },
  import: "default",
  eager: true,
});

// Scenes fill anything from a card on a phone to a full-width hero. (The home poster repeats this
// query in app/components/media/hero-poster.ts, to load only its own file: keep the two equal.)
const sceneFiles: Glob = import.meta.glob("@content-images/scenes/*.jpg", {
  query: { w: "480;800;1200;1600;2000", format: "avif;webp;jpg", jpegQuality: "75", as: "picture" },
  import: "default",
  eager: true,
});

function byName(files: Glob): Record<string, Picture> {
  return Object.fromEntries(
    Object.entries(files).map(([path, picture]) => [path.replace(/^.*\/([^/]+)\.\w+$/, "$1"), picture]),
  );
}

const bottles = byName(bottleFiles);
const scenePictures = byName(sceneFiles);

/** The bottle picture of a wine, by wine id. */
export function bottleImage(wineId: string): Picture | undefined {
  return bottles[wineId];
}

/** A photo of content/images/scenes by file name; the content loader checks the names content files use. */
export function sceneImage(name: string): Picture {
  const picture = scenePictures[name];
  if (!picture) throw new Error(`No scene image named ${name} in content/images/scenes/`);
  return picture;
}

/** Scene pictures by name, for the loaders of the pages that draw them. */
export function scenes<const N extends string>(names: readonly N[]): Record<N, Picture> {
  return Object.fromEntries(names.map((name) => [name, sceneImage(name)])) as Record<N, Picture>;
}
