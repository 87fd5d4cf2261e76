/**
 * `npm run bench:trace -- <build> <path> [slowdown]`: one load of a page, traced, then every
 * main-thread task after the first paint whose CPU time times the slowdown reaches MIN ms (default
 * 30), with the functions that held it (inclusive samples of V8's profiler). Run it on a build made
 * with `NO_MINIFY=1` to read React's and React Router's own function names.
 *
 * A diagnostic, not a measurement (bench:lighthouse is that): it shows what a long task is made
 * of. On shared cores, read the CPU time, not the wall-clock time (bench/main-thread.ts). The
 * slowdown only multiplies: the page runs at full speed, and the CPU time times N is what the task
 * takes N times slower. (Chromium's own CPU throttling cannot be used for that: the time it holds
 * the main thread counts as the thread's CPU time, so a task traced at 8× already shows about eight
 * times its CPU time, and multiplying again gave 64 times.)
 *
 * The page runs as a visitor's does: Chromium is driven through the DevTools pipe of bench/cdp.ts,
 * with the Runtime domain left off. Playwright turns it on, and with it V8 records a detailed stack
 * for every Error a page creates; React DOM creates some while its module evaluates, and V8 then
 * re-parses the framework to find source positions: 50–60 ms of CPU that no visitor spends
 * (docs/performance.md).
 */
import { evaluate, launchCdpBrowser } from "./cdp";
import { pause, phone } from "./lab-inp";
import { startServer } from "../e2e/support/server";
import { mainThreadTasks, type TraceEvent } from "./main-thread";

/** The fields of V8's sampled profile in a trace (`Profile` and `ProfileChunk` events). */
interface ProfileEvent extends TraceEvent {
  id?: string;
  args?: TraceEvent["args"] & {
    data?: {
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: { functionName: string; url?: string; lineNumber?: number } }[]; samples?: number[] };
    };
  };
}

const [buildDir = "build", path = "/", slow = "1"] = process.argv.slice(2);
const slowdown = Number(slow);
const minimum = Number(process.env.MIN ?? 30);
const top = Number(process.env.TOP ?? 12);

/** Samples by time, and each profile node's name and parent. */
function profileOf(events: ProfileEvent[], pid: number) {
  const nodes = new Map<number, { name: string; parent?: number }>();
  const samples: { ts: number; node: number }[] = [];
  for (const profile of events.filter((event) => event.name === "Profile" && event.pid === pid)) {
    let clock = profile.args?.data?.startTime ?? 0;
    for (const chunk of events.filter((event) => event.name === "ProfileChunk" && event.pid === pid && event.id === profile.id)) {
      const data = chunk.args?.data;
      for (const node of data?.cpuProfile?.nodes ?? []) {
        const file = String(node.callFrame.url ?? "").split("/").pop();
        nodes.set(node.id, { name: `${node.callFrame.functionName || "(anonymous)"} ${file}:${node.callFrame.lineNumber ?? ""}`, parent: node.parent });
      }
      (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
        clock += data?.timeDeltas?.[index] ?? 0;
        samples.push({ ts: clock, node });
      });
    }
  }
  return { nodes, samples };
}

const server = await startServer({ buildDir });
const browser = launchCdpBrowser();
try {
  const page = await browser.newPage();
  await page.send("Emulation.setDeviceMetricsOverride", phone);
  // V8's sampling profiler names the functions, but it also changes what it measures: with it on,
  // a chunk V8 would compile on a background thread is compiled on the main thread. PROFILE=0
  // leaves it off, for the tasks as a visitor's browser runs them.
  const profiler = process.env.PROFILE === "0" ? [] : ["disabled-by-default-v8.cpu_profiler"];
  // `blink.user_timing` carries the navigation's start, from which the first paint and each task are timed.
  const categories = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute", "loading", "v8", ...profiler];
  const traceEvents: ProfileEvent[] = [];
  browser.session.on<{ value: ProfileEvent[] }>("Tracing.dataCollected", ({ value }) => void traceEvents.push(...value));
  await browser.session.send("Tracing.start", { traceConfig: { includedCategories: categories }, transferMode: "ReportEvents" });
  await page.send("Page.enable");
  const loaded = page.once("Page.loadEventFired");
  await page.send("Page.navigate", { url: `${server.url}${path}` });
  await loaded;
  // The framework starts after load and a frame (pipeline/paint-first.ts); give it time to finish.
  // A page without scripts in its body (bench/script-free-copy.ts) has nothing to wait for.
  for (const started = Date.now(); !(await evaluate<boolean>(page, `"__reactRouterRouteModules" in window || !document.querySelector("body script")`)); ) {
    if (Date.now() - started > 60_000) throw new Error(`${path} did not start its framework within a minute`);
    await pause(100);
  }
  await pause(2000);
  const complete = browser.session.once("Tracing.tracingComplete");
  await browser.session.send("Tracing.end");
  await complete;
  const { firstPaint, tasks } = mainThreadTasks(traceEvents);
  const pid = traceEvents.find((event) => event.name === "firstContentfulPaint")?.pid ?? -1;
  const { nodes, samples } = profileOf(traceEvents, pid);
  console.log(`${path} in ${buildDir}: first paint at ${firstPaint.toFixed(0)} ms; tasks after it of ${minimum} ms or more at ${slowdown}× (CPU time × ${slowdown})`);
  for (const task of tasks.filter((task) => task.start >= firstPaint && task.cpu * slowdown >= minimum)) {
    const within = samples.filter((sample) => sample.ts >= task.absolute && sample.ts <= task.absolute + task.wall * 1000);
    const inclusive = new Map<string, number>();
    for (const sample of within) {
      const seen = new Set<string>();
      for (let id: number | undefined = sample.node; id !== undefined; id = nodes.get(id)?.parent) {
        const name = nodes.get(id)?.name ?? "?";
        if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
        seen.add(name);
      }
    }
    const causes = Object.entries(task.causes).map(([cause, ms]) => `${cause} ${(ms * slowdown).toFixed(0)}`).join(", ");
    const held = [...inclusive.entries()]
      .filter(([name]) => !/^\((root|program|idle)\)/.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => `${name} ${Math.round((100 * count) / within.length)} %`);
    const events = Object.entries(task.events)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${name} ${(ms * slowdown).toFixed(1)}`)
      .join(", ");
    console.log(`- at ${task.start.toFixed(0)} ms: ${(task.cpu * slowdown).toFixed(0)} ms (${causes}; trace events: ${events})\n    ${held.join("\n    ")}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
