/** The part of React Router's context (`window.__reactRouterContext`) read here: the page's loader data, as the HTML streams it. */
declare global {
  interface Window {
    __reactRouterContext?: { stream?: ReadableStream<Uint8Array> };
  }
}

/**
 * React Router decodes the loader data the page was built with while React first renders the page,
 * in the same task: 4–5 ms of CPU on /ja/news, and with React's first slice a task of 8–9 ms, which
 * a phone eight times slower turns into a long task (docs/performance.md, "A quiet main thread").
 * This hands React Router the same bytes, but each one task after it asks for them, so that its
 * decoding runs in a task of its own. What the data says, and how it is decoded, stays React
 * Router's business.
 */
export function decodeLoaderDataInATaskOfItsOwn(): void {
  const context = window.__reactRouterContext;
  if (!context?.stream) return;
  const reader = context.stream.getReader();
  context.stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    },
    // Nothing is read ahead: each wait starts when React Router asks for the next bytes.
    { highWaterMark: 0 },
  );
}
