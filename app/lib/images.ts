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
  return Object.fromEntries(Object.entries(files).map(([path, picture]) => [path.replace(/^.*\/([^/]+)\.\w+$/, "$1"), picture]));
}

const bottles = byName(bottleFiles);
const scenePictures = byName(sceneFiles);

/**
 * Pictures made after this bundle was built, by folder and name (`scenes/upload-…`): a quick
 * publish or preview renders the pages again with the bundle (pipeline/quick-build.ts) and makes
 * the sizes of a new or changed picture itself; they take precedence over the bundle's own.
 */
const added: { scenes: Record<string, Picture>; bottles: Record<string, Picture> } = { scenes: {}, bottles: {} };

/** Registers pictures made after the bundle (`scenes/<name>` or `bottles/<wine id>` → picture); replaces earlier ones. */
export function addPictures(pictures: Record<string, Picture>): void {
  added.scenes = {};
  added.bottles = {};
  for (const [key, picture] of Object.entries(pictures)) {
    const [folder, name] = key.split("/");
    if ((folder === "scenes" || folder === "bottles") && name) added[folder][name] = picture;
  }
}

/** The bottle picture of a wine, by wine id. */
export function bottleImage(wineId: string): Picture | undefined {
  return added.bottles[wineId] ?? bottles[wineId];
}

/** A photo of content/images/scenes by file name; the content loader checks the names content files use. */
export function sceneImage(name: string): Picture {
  const picture = added.scenes[name] ?? scenePictures[name];
  if (!picture) throw new Error(`No scene image named ${name} in content/images/scenes/`);
  return picture;
}

/** Scene pictures by name, for the loaders of the pages that draw them. */
export function scenes<const N extends string>(names: readonly N[]): Record<N, Picture> {
  return Object.fromEntries(names.map((name) => [name, sceneImage(name)])) as Record<N, Picture>;
}
