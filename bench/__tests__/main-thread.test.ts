import { describe, expect, it } from "vitest";
import { cpuAfterFirstPaint, mainCause, mainThreadTasks, type TraceEvent } from "../main-thread";

/** A complete event on the renderer's main thread (pid 1, tid 2), times in microseconds. */
const x = (name: string, ts: number, dur: number, tdur: number, url?: string): TraceEvent => ({
  name,
  ph: "X",
  ts,
  dur,
  tdur,
  pid: 1,
  tid: 2,
  ...(url ? { args: { data: { url } } } : {}),
});

const trace: TraceEvent[] = [
  { name: "navigationStart", ph: "R", ts: 1_000_000, pid: 1, tid: 2 },
  // Another process's work is ignored.
  { ...x("RunTask", 1_000_500, 90_000, 90_000), pid: 9 },
  // Before the first paint: layout.
  x("RunTask", 1_010_000, 30_000, 20_000),
  x("Layout", 1_011_000, 25_000, 18_000),
  { name: "firstContentfulPaint", ph: "R", ts: 1_050_000, pid: 1, tid: 2 },
  // After it: a script evaluation stretched by another job (wall 120 ms, CPU 40 ms), with a style recalculation inside.
  x("RunTask", 1_100_000, 120_000, 40_000),
  x("v8.evaluateModule", 1_100_100, 110_000, 36_000, "http://localhost/assets/framework-DzDylt6z.js"),
  x("UpdateLayoutTree", 1_150_000, 20_000, 6_000),
  // A paint, after it.
  x("RunTask", 1_300_000, 5_000, 4_000),
  x("Paint", 1_300_100, 4_000, 3_000),
];

describe("main-thread tasks from a trace", () => {
  it("lists the page's top-level tasks with wall-clock and CPU time, from navigation start, and the first paint", () => {
    const { firstPaint, tasks } = mainThreadTasks(trace);
    expect(firstPaint).toBe(50);
    expect(tasks.map(({ start, wall, cpu }) => ({ start, wall, cpu }))).toEqual([
      { start: 10, wall: 30, cpu: 20 },
      { start: 100, wall: 120, cpu: 40 },
      { start: 300, wall: 5, cpu: 4 },
    ]);
  });

  it("times the first paint from its own navigation's start, not from another navigation of the same renderer", () => {
    // As Chromium traces a page opened on about:blank and then navigated: the page's navigation
    // and two more of the renderer, one of them between the page's start and its first paint.
    const navigations: TraceEvent[] = [
      { name: "navigationStart", ph: "R", ts: 900_000, pid: 1, tid: 2, args: { data: { navigationId: "blank" } } },
      { name: "navigationStart", ph: "R", ts: 1_000_000, pid: 1, tid: 2, args: { data: { navigationId: "page" } } },
      { name: "navigationStart", ph: "R", ts: 1_040_000, pid: 1, tid: 2, args: { data: { navigationId: "other" } } },
    ];
    const paint = { name: "firstContentfulPaint", ph: "R", ts: 1_050_000, pid: 1, tid: 2, args: { data: { navigationId: "page" } } };
    const events = [...navigations, ...trace.filter((event) => !/navigationStart|firstContentfulPaint/.test(event.name)), paint];
    const { firstPaint, tasks } = mainThreadTasks(events);
    expect(firstPaint).toBe(50);
    expect(tasks[0]!.start).toBe(10);
  });

  it("gives each nested event's own CPU time to its cause, and script time to its script without the content hash", () => {
    const [layout, evaluation, paint] = mainThreadTasks(trace).tasks;
    expect(layout!.causes).toEqual({ "style and layout": 18, other: 2 });
    expect(evaluation!.causes).toEqual({ script: 30, "style and layout": 6, other: 4 });
    expect(evaluation!.scripts).toEqual({ "framework.js": 30 });
    expect(mainCause(evaluation!)).toBe("script: framework.js");
    expect(mainCause(paint!)).toBe("paint");
  });

  it("adds up the CPU time of the tasks after the first paint, in all and by cause, leaving out the work before it", () => {
    const after = cpuAfterFirstPaint(mainThreadTasks(trace));
    expect(after.total).toBe(44);
    expect(after.causes).toEqual({ script: 30, "style and layout": 6, paint: 3, other: 5 });
  });
});
