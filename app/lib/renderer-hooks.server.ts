/**
 * What a renderer of the kept server bundle (pipeline/render-pages.ts) may change before it
 * renders pages again: the pictures made after the bundle was built. (The content the loaders
 * read is not changed here: the renderer hands it to each request, app/lib/content.server.ts.)
 * Exported by the server entry, which the renderer reaches as `build.entry.module.rendererHooks`;
 * nothing in the site calls them.
 */
import { addPictures } from "~/lib/images";

export const rendererHooks = { addPictures };
