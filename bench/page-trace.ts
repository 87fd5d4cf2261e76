/**
 * One traced first visit of a page, as a visitor's browser runs it: Chromium driven through the
 * DevTools pipe of bench/cdp.ts with the Runtime domain left off, the page opened in a browser
 * context of its own (no HTTP or V8 code cache), at full speed. Used by `npm run bench:trace` (what
 * each task is made of) and `npm run bench:lighthouse` (the CPU time after the first paint, next to
 * Lighthouse's numbers).
 */
import { evaluate, type CdpBrowser } from "./cdp";
import { pause, phone } from "./lab-inp";
import { mainThreadTasks, type MainThread, type TraceEvent } from "./main-thread";

/** The fields of V8's sampled profile in a trace (`Profile` and `ProfileChunk` events). */
export interface ProfileEvent extends TraceEvent {
  id?: string;
  args?: TraceEvent["args"] & {
    data?: {
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: { functionName: string; url?: string; lineNumber?: number } }[]; samples?: number[] };
    };
  };
}

export interface PageTrace {
  events: ProfileEvent[];
  thread: MainThread;
}

/**
 * Loads `url` once, traced, and waits until its framework has started (or, on a page without body
 * scripts, its load) and two seconds more, so that hydration is over. `profile` adds V8's sampled
 * profile (function names), which also changes what it measures: with it on, a chunk V8 would
 * compile on a background thread is compiled on the main thread. `categories` adds trace categories
 * (Chromium's own, such as "fonts" or "blink"), to see inside the style and layout tasks.
 */
export async function tracePage(
  browser: CdpBrowser,
  url: string,
  { profile = false, categories: more = [] }: { profile?: boolean; categories?: string[] } = {},
): Promise<PageTrace> {
  const page = await browser.newPage({ fresh: true });
  try {
    await page.send("Emulation.setDeviceMetricsOverride", phone);
    // `blink.user_timing` carries the navigation's start, from which the first paint and each task are timed.
    const categories = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute", "loading", "v8", ...more];
    if (profile) categories.push("disabled-by-default-v8.cpu_profiler");
    const events: ProfileEvent[] = [];
    const stop = browser.session.on<{ value: ProfileEvent[] }>("Tracing.dataCollected", ({ value }) => void events.push(...value));
    await browser.session.send("Tracing.start", { traceConfig: { includedCategories: categories }, transferMode: "ReportEvents" });
    await page.send("Page.enable");
    const loaded = page.once("Page.loadEventFired");
    await page.send("Page.navigate", { url });
    await loaded;
    // The framework starts after load and the first paint (pipeline/paint-first.ts); a page
    // without scripts in its body (bench/script-free-copy.ts) has nothing to wait for.
    for (const started = Date.now(); !(await evaluate<boolean>(page, `"__reactRouterRouteModules" in window || !document.querySelector("body script")`));) {
      if (Date.now() - started > 60_000) throw new Error(`${url} did not start its framework within a minute`);
      await pause(100);
    }
    await pause(2000);
    const complete = browser.session.once("Tracing.tracingComplete");
    await browser.session.send("Tracing.end");
    await complete;
    stop();
    return { events, thread: mainThreadTasks(events) };
  } finally {
    await page.close();
  }
}
