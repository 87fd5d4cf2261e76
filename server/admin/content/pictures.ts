/**
 * The content editor's photographs: an upload waits in the data folder (../../pictures.ts
 * `UploadStore`) until the item that names it is saved; the save commits it to the content
 * folder's `images/originals/` and, cut to 16:9 around the focus the editor chose and as tight as
 * the zoom asks, to `images/scenes/`, where the build makes its responsive sizes like every other
 * scene (app/lib/images.ts). Changing the focus or the zoom cuts the scene again from the original.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { scenePattern } from "#content/schemas/scene";
import { cropScene, UploadStore, type Framing } from "../../pictures";
import type { ExtraFile } from "./repository";

/** A picture an item names, with where its scene is cut from the original. */
export interface PictureUse {
  scene: string;
  framing: Framing;
}

const sameFraming = (a: Framing, b: Framing) =>
  (a.zoom ?? 1) === (b.zoom ?? 1) && (a.focus?.x ?? 0.5) === (b.focus?.x ?? 0.5) && (a.focus?.y ?? 0.5) === (b.focus?.y ?? 0.5);

/**
 * Uploaded pictures waiting for the save that names them, in `<dataDir>/content-uploads/` (the
 * whole original, `UploadStore`), and the originals and scenes of the content folder.
 */
export class PictureStore {
  private readonly uploads: UploadStore;

  constructor(
    private readonly contentDir: string,
    dataDir: string,
  ) {
    this.uploads = new UploadStore(join(dataDir, "content-uploads"));
  }

  /** Keeps a processed original until a save names it; returns its scene name. */
  keep(jpeg: Buffer): Promise<string> {
    return this.uploads.keep(jpeg);
  }

  /** The whole picture a scene is cut from: its original (saved, or waiting), else the scene itself (a picture older than originals). */
  async original(name: string): Promise<Buffer | null> {
    if (!scenePattern.test(name)) return null;
    for (const file of [this.originalFile(name), this.uploads.file(name), this.sceneFile(name)]) {
      if (existsSync(file)) return readFile(file);
    }
    return null;
  }

  /** The scene of a name as the site shows it now (saved), or as a save would cut it from a waiting original; null for anything else. */
  async read(name: string, framing: Framing = {}): Promise<Buffer | null> {
    if (!scenePattern.test(name)) return null;
    if (existsSync(this.sceneFile(name))) return readFile(this.sceneFile(name));
    const waiting = this.uploads.file(name);
    return existsSync(waiting) ? cropScene(await readFile(waiting), framing) : null;
  }

  /**
   * The files a save writes (relative to the content folder) and commits with the item: the
   * originals of new uploads, each scene cut again where it is new or its framing changed since
   * `before`, and (bytes null) the scenes and originals the item no longer names and no other
   * content file does.
   */
  async changes(after: readonly PictureUse[], before: readonly PictureUse[], elsewhere: (name: string) => Promise<boolean>): Promise<ExtraFile[]> {
    const files: ExtraFile[] = [];
    for (const use of after) {
      if (!scenePattern.test(use.scene)) continue;
      const waiting = this.uploads.file(use.scene);
      const hasOriginal = existsSync(this.originalFile(use.scene));
      const hasScene = existsSync(this.sceneFile(use.scene));
      if (!hasScene && !hasOriginal && !existsSync(waiting)) continue;
      const earlier = before.find((old) => old.scene === use.scene);
      if (hasScene && earlier && sameFraming(earlier.framing, use.framing)) continue;
      if (hasScene && !earlier && !hasOriginal && sameFraming(use.framing, {})) continue;
      // The whole picture to cut from: a waiting upload's, the saved original, or (a scene older than originals) the scene as it is, kept as its original.
      const original = hasOriginal
        ? await readFile(this.originalFile(use.scene))
        : existsSync(waiting)
          ? await readFile(waiting)
          : await readFile(this.sceneFile(use.scene));
      if (!hasOriginal) files.push({ path: `images/originals/${use.scene}.jpg`, bytes: original });
      files.push({ path: `images/scenes/${use.scene}.jpg`, bytes: await cropScene(original, use.framing) });
    }
    for (const old of before) {
      if (after.some((use) => use.scene === old.scene) || !old.scene.startsWith("upload-") || (await elsewhere(old.scene))) continue;
      for (const path of [`images/scenes/${old.scene}.jpg`, `images/originals/${old.scene}.jpg`]) {
        if (existsSync(join(this.contentDir, path))) files.push({ path, bytes: null });
      }
    }
    return files;
  }

  private sceneFile(name: string): string {
    return join(this.contentDir, "images", "scenes", `${name}.jpg`);
  }

  private originalFile(name: string): string {
    return join(this.contentDir, "images", "originals", `${name}.jpg`);
  }
}
