/**
 * The editor's live preview: a long-lived child process of the server
 * (server/admin/content/live-preview.ts) that renders one page of the site with the served build's
 * kept server bundle (./render-pages.ts), the content of CONTENT_DIR and an editor's unsaved draft
 * of one item in place of its file, so the page beside the form is the site's own page, with its
 * styles, fonts and pictures. Asked over the IPC channel:
 * `{ id, build, path, overrides, pictures }` → `{ id, html }` or `{ id, problem }` (a draft the
 * schemas refuse) or `{ id, error }`.
 */
import { ContentError, readContent } from "#content";
import { loadRenderer, type Renderer } from "./render-pages";
import { readRendererManifest, type RenderedPicture } from "./renderer";

export interface RenderRequest {
  id: number;
  /** The served build, whose bundle renders. */
  build: string;
  /** The page (`/fr/news`). */
  path: string;
  /** Content files as the draft has them (`news/x.json` → value). */
  overrides: Record<string, unknown>;
  /** Pictures the bundle lacks, as URLs the staff area serves (`scenes/upload-…` → picture). */
  pictures: Record<string, RenderedPicture>;
}

export type RenderAnswer = { id: number; html: string } | { id: number; problem: string } | { id: number; error: string };

let loaded: { build: string; renderer: Renderer; added: Record<string, RenderedPicture> } | null = null;
let paths: string[] = [];
/** One render at a time: the bundle's pictures are set for each (its content is handed to the render). */
let queue: Promise<unknown> = Promise.resolve();

async function render(request: RenderRequest): Promise<RenderAnswer> {
  if (loaded?.build !== request.build) {
    const manifest = readRendererManifest(request.build);
    if (!manifest) return { id: request.id, error: "the served build kept no server bundle" };
    const added = Object.fromEntries(Object.entries(manifest.added).map(([file, { picture }]) => [file.replace(/\.\w+$/, ""), picture]));
    // A new import per build: a publish's bundle is another file, so a fresh module with its own content.
    loaded = { build: request.build, renderer: await loadRenderer(request.build, () => paths), added };
  }
  let content;
  try {
    // Every item as the draft would show it, scheduled or not: the preview is of the item itself.
    content = readContent(undefined, { overrides: request.overrides, asOf: null, pictures: false });
  } catch (error) {
    if (error instanceof ContentError) return { id: request.id, problem: error.message.split("\n").slice(1).join("\n") };
    throw error;
  }
  paths = [request.path];
  loaded.renderer.hooks.addPictures({ ...loaded.added, ...request.pictures });
  const { html } = await loaded.renderer.render(request.path, content);
  return { id: request.id, html };
}

/**
 * Sends to the server. A server gone meanwhile (killed, or stopped while a render ran) ends this
 * process quietly, as its closing the channel does: without the callback, the failed write would
 * be an unhandled EPIPE (./__tests__/render-service.test.ts).
 */
function tellServer(message: RenderAnswer | { ready: true }): void {
  if (!process.connected) process.exit(0);
  process.send?.(message, (error: Error | null) => {
    if (error) process.exit(0);
  });
}

process.on("message", (message: RenderRequest) => {
  const next = queue.then(async () => {
    let answer: RenderAnswer;
    try {
      answer = await render(message);
    } catch (error) {
      answer = { id: message.id, error: (error as Error).message.slice(0, 2000) };
    }
    tellServer(answer);
  });
  queue = next.catch(() => undefined);
});
// The server closing the channel (it stopped, or no longer needs a preview) ends this process.
process.on("disconnect", () => process.exit(0));
tellServer({ ready: true });
