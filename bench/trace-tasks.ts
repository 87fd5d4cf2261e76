/**
 * `npm run bench:trace -- <build>[,<other build>…] <path> [slowdown]`: a page loaded and traced
 * (RUNS times, default 1; with several builds, alternately, a load of each in turn), then for each
 * load the CPU time the main thread spent after the first paint (in script, in style and layout, in
 * all) and every task after the first paint whose CPU time times the slowdown reaches MIN ms
 * (default 30), with the functions that held it (inclusive samples of V8's profiler; PROFILE=0
 * leaves the profiler off). Run it on a build made with `NO_MINIFY=1` to read React's and React
 * Router's own function names.
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
import { launchCdpBrowser } from "./cdp";
import { startServer, type RunningServer } from "../e2e/support/server";
import { cpuAfterFirstPaint, type MainThreadTask } from "./main-thread";
import { tracePage, type ProfileEvent } from "./page-trace";

const [builds = "build", path = "/", slow = "1"] = process.argv.slice(2);
const buildDirs = builds.split(",");
const slowdown = Number(slow);
const minimum = Number(process.env.MIN ?? 30);
const top = Number(process.env.TOP ?? 12);
const runs = Number(process.env.RUNS ?? 1);

/** Samples by time, and each profile node's name and parent. */
function profileOf(events: ProfileEvent[], pid: number) {
  const nodes = new Map<number, { name: string; parent?: number }>();
  const samples: { ts: number; node: number }[] = [];
  for (const profile of events.filter((event) => event.name === "Profile" && event.pid === pid)) {
    let clock = profile.args?.data?.startTime ?? 0;
    for (const chunk of events.filter((event) => event.name === "ProfileChunk" && event.pid === pid && event.id === profile.id)) {
      const data = chunk.args?.data;
      for (const node of data?.cpuProfile?.nodes ?? []) {
        const file = String(node.callFrame.url ?? "")
          .split("/")
          .pop();
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

/** One task: its CPU time by cause and trace event, and the functions that held it. */
function describeTask(task: MainThreadTask, profile: ReturnType<typeof profileOf>): string {
  const within = profile.samples.filter((sample) => sample.ts >= task.absolute && sample.ts <= task.absolute + task.wall * 1000);
  const inclusive = new Map<string, number>();
  for (const sample of within) {
    const seen = new Set<string>();
    for (let id: number | undefined = sample.node; id !== undefined; id = profile.nodes.get(id)?.parent) {
      const name = profile.nodes.get(id)?.name ?? "?";
      if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
      seen.add(name);
    }
  }
  const causes = Object.entries(task.causes)
    .map(([cause, ms]) => `${cause} ${(ms * slowdown).toFixed(0)}`)
    .join(", ");
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
  return `- at ${task.start.toFixed(0)} ms: ${(task.cpu * slowdown).toFixed(1)} ms (${causes}; trace events: ${events})${held.length ? `\n    ${held.join("\n    ")}` : ""}`;
}

const servers: RunningServer[] = [];
const browser = launchCdpBrowser();
const scriptTimes = new Map<string, number[]>(buildDirs.map((dir) => [dir, []]));
try {
  for (const dir of buildDirs) servers.push(await startServer({ buildDir: dir, env: { LOG_LEVEL: "error" } }));
  for (let run = 1; run <= runs; run += 1) {
    for (const [index, dir] of buildDirs.entries()) {
      const { events, thread } = await tracePage(browser, `${servers[index]!.url}${path}`, { profile: process.env.PROFILE !== "0" });
      const after = cpuAfterFirstPaint(thread);
      const cpu = (cause: keyof typeof after.causes) => ((after.causes[cause] ?? 0) * slowdown).toFixed(1);
      scriptTimes.get(dir)!.push((after.causes.script ?? 0) * slowdown);
      console.log(
        `${path} in ${dir} (#${run}): first paint at ${thread.firstPaint.toFixed(0)} ms; CPU after it at ${slowdown}×: script ${cpu("script")} ms, ` +
          `style and layout ${cpu("style and layout")} ms, in all ${(after.total * slowdown).toFixed(1)} ms ` +
          `(${Object.entries(after.causes)
            .map(([cause, ms]) => `${cause} ${(ms * slowdown).toFixed(1)}`)
            .join(", ")}); tasks after it of ${minimum} ms or more:`,
      );
      const pid = events.find((event) => event.name === "firstContentfulPaint")?.pid ?? -1;
      const profile = profileOf(events, pid);
      for (const task of thread.tasks.filter((task) => task.start >= thread.firstPaint && task.cpu * slowdown >= minimum))
        console.log(describeTask(task, profile));
    }
  }
  if (runs > 1 || buildDirs.length > 1) {
    for (const [dir, times] of scriptTimes) {
      const sorted = [...times].sort((a, b) => a - b);
      const middle = sorted.length / 2;
      const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
      console.log(
        `${dir}: script CPU after the first paint at ${slowdown}×, ${runs} loads: median ${median.toFixed(1)} ms, ${sorted[0]!.toFixed(1)}–${sorted.at(-1)!.toFixed(1)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}
