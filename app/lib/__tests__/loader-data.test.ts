import { afterEach, describe, expect, it, vi } from "vitest";
import { aTaskLater } from "../../../tests/support/pacing";
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
const aTask = () => aTaskLater();

/** Reads the stream's first bytes, checking that they come in a later task, not in the microtasks of this one. */
async function readATaskLater(stream: ReadableStream<Uint8Array>): Promise<Uint8Array | undefined> {
  let read: ReadableStreamReadResult<Uint8Array> | undefined;
  void stream
    .getReader()
    .read()
    .then((result) => (read = result));
  await microtasks();
  expect(read).toBeUndefined();
  await aTask();
  await microtasks();
  expect(read?.done).toBe(false);
  return read?.value;
}

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
    expect(new TextDecoder().decode(await readATaskLater(context.stream!))).toBe("[1]\n");
  });

  it("reads nothing ahead: bytes asked for long after the start still come a task after the read", async () => {
    const context = pageContext("[1]\n");
    decodeLoaderDataInATaskOfItsOwn();
    await aTask();
    await aTask();
    expect(await readATaskLater(context.stream!)).toBeDefined();
  });

  it("leaves a page without loader data as it is", () => {
    vi.stubGlobal("window", {});
    expect(() => decodeLoaderDataInATaskOfItsOwn()).not.toThrow();
    expect(window.__reactRouterContext).toBeUndefined();
  });
});
