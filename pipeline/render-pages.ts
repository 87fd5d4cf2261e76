/**
 * Rendering pages with a build's kept server bundle (./renderer.ts), as React Router's own
 * prerender does at build (`@react-router/dev`, `handlePrerender`): the page's data first
 * (`/news.data`), then its HTML with that data in the `X-React-Router-Prerender-Data` header, both
 * through the bundle's request handler, each request handed the content to draw from as its load
 * context (app/lib/content.server.ts). Used by a quick build (./quick-build.ts: every page again,
 * with the content as it is now) and by the editor's live preview (./render-service.ts: one page,
 * with an editor's draft of one item).
 */
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import type { Content } from "#content";
import type { RenderedPicture } from "./renderer";
import { rendererDir } from "./renderer";

/** What the server entry exports for renderers (app/lib/renderer-hooks.server.ts). */
interface RendererHooks {
  addPictures: (pictures: Record<string, RenderedPicture>) => void;
}

/** A server build as React Router's request handler takes it; only the fields read here are typed. */
interface ServerBuild {
  prerender: string[];
  entry: { module: { rendererHooks?: RendererHooks } };
}

export interface Renderer {
  hooks: RendererHooks;
  /** Renders one path (`/fr/news`) from `content`: its `.data` and its HTML. Throws naming the path on any status but 200. */
  render: (path: string, content: Content) => Promise<{ html: string; data: string }>;
}

/** Where a page's data and HTML go, relative to `client/`, as React Router writes them. */
export const dataFileOf = (path: string) => (path === "/" ? "_root.data" : `${path.slice(1)}.data`);
export const htmlFileOf = (path: string) => (path === "/" ? "index.html" : `${path.slice(1)}/index.html`);

/**
 * Loads a build's kept bundle, for rendering `paths` (the prerender list of the content as it is
 * now: a new wine's page is not in the bundle's own list, which its handler would refuse).
 */
export async function loadRenderer(buildDir: string, paths: () => readonly string[]): Promise<Renderer> {
  // React Router reads the prerender header only in a build's request (its own prerender sets this too).
  process.env.IS_RR_BUILD_REQUEST = "yes";
  const module = (await import(pathToFileURL(join(rendererDir(buildDir), "index.js")).href)) as ServerBuild;
  const hooks = module.entry.module.rendererHooks;
  if (!hooks) throw new Error(`${buildDir}: its server bundle exports no renderer hooks (built before they existed)`);
  const { createRequestHandler } = await import("react-router");
  let handlerFor: { paths: readonly string[]; handler: (request: Request, context: { content: Content }) => Promise<Response> } | null = null;
  const handler = () => {
    const current = paths();
    if (handlerFor?.paths !== current) {
      // The module namespace is read-only: a copy with the current list.
      const build = { ...module, prerender: [...current] } as unknown as Parameters<typeof createRequestHandler>[0];
      handlerFor = { paths: current, handler: createRequestHandler(build, "production") };
    }
    return handlerFor.handler;
  };
  return {
    hooks,
    render: async (path, content) => {
      const dataPath = path === "/" ? "/_root.data" : `${path}.data`;
      const dataResponse = await handler()(new Request(`http://localhost${dataPath}`), { content });
      const data = await dataResponse.text();
      if (dataResponse.status !== 200 && dataResponse.status !== 202)
        throw new Error(`${path}: its data answered ${dataResponse.status}\n${data.slice(0, 2000)}`);
      const pagePath = `${path}/`.replace(/\/\/+/g, "/");
      const response = await handler()(new Request(`http://localhost${pagePath}`, { headers: { "X-React-Router-Prerender-Data": encodeURI(data) } }), {
        content,
      });
      const html = await response.text();
      if (response.status !== 200) throw new Error(`${path}: its page answered ${response.status}\n${html.slice(0, 2000)}`);
      return { html, data };
    },
  };
}
