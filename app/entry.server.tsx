import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";

export { rendererHooks } from "~/lib/renderer-hooks.server";

/** How long a loader's deferred data may take at build before the render gives up on it. */
export const streamTimeout = 5_000;

/**
 * Renders a page at build (every page is prerendered; docs/architecture.md). React Router's
 * default streams the shell as soon as it is ready; here the whole page waits until everything is
 * rendered (`onAllReady`) and no Suspense boundary is ever moved out of place
 * (`progressiveChunkSize`). React 19.2 otherwise writes each boundary larger than 12.8 KB as an
 * empty placeholder, its content in a hidden `<div>` at the end of the body and an inline script
 * that moves it into place, batched up to 300 ms after the first paint: the layout's regions are
 * Suspense boundaries (for selective hydration), and their content must be in the HTML where it
 * belongs, painted at once and readable without any script.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        rendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            callback();
          },
        });
        headers.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      },
      onShellError: reject,
      onError(error: unknown) {
        // An error after the shell was rendered fails the page; before it, React Router reports it.
        status = 500;
        if (rendered) console.error(error);
      },
    });
  });
}
