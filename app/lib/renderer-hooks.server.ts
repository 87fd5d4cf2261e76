/**
 * What a renderer of the kept server bundle (pipeline/render-pages.ts) may change before it
 * renders pages again: the content the loaders read (another folder, or an editor's draft of one
 * item) and the pictures made after the bundle was built. Exported by the server entry, which the
 * renderer reaches as `build.entry.module.rendererHooks`; nothing in the site calls them.
 */
import { replaceContent } from "#content";
import { addPictures } from "~/lib/images";

export const rendererHooks = { replaceContent, addPictures };
