import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeLoaderDataInATaskOfItsOwn } from "../loader-data";

/** React Router's context as the page's HTML writes it: a stream of the loader data, already enqueued and closed. */
function pageContext(...chunks: string[]) {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  vi.stubGlobal("window", { __reactRouterContext: { stream } });
  return window.__reactRouterContext!;
}

const microtasks = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};
const aTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.unstubAllGlobals());

describe("the loader data, decoded in a task of its own", () => {
  it("hands React Router the same bytes, then the end of the stream", async () => {
    const context = pageContext('[{"_1":2},"loaderData"]\n', "P1:[3]\n");
    decodeLoaderDataInATaskOfItsOwn();
    const text = await new Response(context.stream).text();
    expect(text).toBe('[{"_1":2},"loaderData"]\nP1:[3]\n');
  });

  it("answers a read only in a task after it, not in the reader's own task", async () => {
    const context = pageContext("[1]\n");
    decodeLoaderDataInATaskOfItsOwn();
    const reader = context.stream!.getReader();
    let read: ReadableStreamReadResult<Uint8Array> | undefined;
    void reader.read().then((result) => (read = result));
    await microtasks();
    expect(read).toBeUndefined();
    await aTask();
    await microtasks();
    expect(new TextDecoder().decode(read?.value)).toBe("[1]\n");
  });

  it("reads nothing ahead: bytes asked for long after the start still come a task after the read", async () => {
    const context = pageContext("[1]\n");
    decodeLoaderDataInATaskOfItsOwn();
    await aTask();
    await aTask();
    const reader = context.stream!.getReader();
    let read: ReadableStreamReadResult<Uint8Array> | undefined;
    void reader.read().then((result) => (read = result));
    await microtasks();
    expect(read).toBeUndefined();
    await aTask();
    await microtasks();
    expect(read?.done).toBe(false);
  });

  it("leaves a page without loader data as it is", () => {
    vi.stubGlobal("window", {});
    expect(() => decodeLoaderDataInATaskOfItsOwn()).not.toThrow();
    expect(window.__reactRouterContext).toBeUndefined();
  });
});
