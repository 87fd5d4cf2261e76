/**
 * Waiting for a page to have done something, or everything, without a clock. A test that asserts
 * that something did *not* happen first waits for the point where it would have happened: the
 * page idle with no request in flight, or a number of rendered frames.
 */
import type { Page, Request } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Resolves once the page has nothing left to do: a task of the lowest priority (`background`, in
 * the Prioritized Task Scheduling API) runs only when no other task is waiting, so every event,
 * effect, answer handler and due timer queued before has run (and anything it logged or requested
 * has reached the test). A timer set for later is not waited for. (An idle callback says the same
 * in principle, but Chromium runs those only in its idle periods: on the first full run here, with a
 * load average of 17, one did not come for 100 s while the page had nothing to do.)
 */
export async function untilIdle(page: Page): Promise<void> {
  await page.evaluate(() => {
    const { scheduler } = globalThis as unknown as { scheduler: { postTask: (task: () => void, options: { priority: "background" }) => Promise<void> } };
    return scheduler.postTask(() => {}, { priority: "background" });
  });
}

/**
 * Resolves after the page has rendered `count` more frames: what it changed before the call (a
 * font swapped in, an image decoded) has been laid out and painted by then.
 */
export async function afterFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate(async (frames) => {
    for (let i = 0; i < frames; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/** The page's requests, followed from the moment `trackRequests` is called. */
export interface RequestTracker {
  /** The URLs of the requests still waiting for their answer. */
  inFlight(): string[];
  /** The URLs of the main frame's subresources answered so far (documents aside). */
  answered(): string[];
}

/** Follows the page's requests from now on (call it before the navigation it is to watch). */
export function trackRequests(page: Page): RequestTracker {
  const waiting = new Set<Request>();
  const answered: string[] = [];
  page.on("request", (request) => waiting.add(request));
  page.on("requestfailed", (request) => waiting.delete(request));
  page.on("requestfinished", (request) => {
    waiting.delete(request);
    if (request.frame() === page.mainFrame() && request.resourceType() !== "document") answered.push(request.url());
  });
  return { inFlight: () => [...waiting].map((request) => request.url()), answered: () => [...answered] };
}

/**
 * Waits until the page has done everything its events, answers and effects were going to make it
 * do: no request in flight, every answer taken in by the page (its resource timing lists it: the
 * network may be done before the page has read the answer), then idle; and no new request since.
 * The requests `except` matches are left aside (a video streams on).
 */
export async function untilSettled(page: Page, requests: RequestTracker, except?: RegExp): Promise<void> {
  const kept = (urls: string[]) => urls.filter((url) => !except?.test(url));
  for (;;) {
    await expect.poll(() => kept(requests.inFlight())).toEqual([]);
    const answered = kept(requests.answered());
    await expect
      .poll(() =>
        page.evaluate((urls) => {
          const taken = new Set(performance.getEntriesByType("resource").map((entry) => entry.name));
          return urls.filter((url) => !taken.has(url));
        }, answered),
      )
      .toEqual([]);
    await untilIdle(page);
    // What the page did with those answers may have asked for more.
    if (kept(requests.inFlight()).length === 0 && kept(requests.answered()).length === answered.length) return;
  }
}
