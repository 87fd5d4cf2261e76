/**
 * The renderer's main-thread tasks in a Chromium trace (Lighthouse's, or one recorded over CDP),
 * each with its wall-clock length, the CPU time the thread spent in it (`tdur`), and what that
 * time went to. On these shared cores a task's wall-clock length grows with the machine's load
 * (another process holds the core); its CPU time does not, so the CPU time times a slowdown is
 * what the same task would take on a slower, unshared CPU.
 */

/** A Chromium trace event (the fields used here). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string; navigationId?: string } };
}

/** What a task's CPU time went to. */
export type TaskCause = "script" | "style and layout" | "paint" | "HTML parsing" | "garbage collection" | "other";

export interface MainThreadTask {
  /** Milliseconds after navigation start. */
  start: number;
  /** The trace's own timestamp of the start (microseconds), to match other events of the trace. */
  absolute: number;
  /** Wall-clock milliseconds. */
  wall: number;
  /** Milliseconds of CPU time on the main thread. */
  cpu: number;
  /** CPU milliseconds by cause. */
  causes: Partial<Record<TaskCause, number>>;
  /** CPU milliseconds of script by file name (without the content hash), the page itself for inline scripts. */
  scripts: Record<string, number>;
  /** CPU milliseconds by trace event name (each event's own time, less its children's). */
  events: Record<string, number>;
}

export interface MainThread {
  /** Observed first contentful paint, milliseconds after navigation start. */
  firstPaint: number;
  tasks: MainThreadTask[];
}

const causeOf = (name: string): TaskCause | undefined => {
  if (
    /^(EvaluateScript|FunctionCall|v8\.evaluateModule|v8\.compile|v8\.compileModule|V8\.CompileCode|TimerFire|FireAnimationFrame|FireIdleCallback|EventDispatch|RunMicrotasks|v8\.run|V8\.Execute)$/.test(
      name,
    )
  )
    return "script";
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|Layout|UpdateLayout|IntersectionObserverController::computeIntersections)$/.test(name))
    return "style and layout";
  if (/^(Paint|PrePaint|Layerize|Commit|CompositeLayers|UpdateLayer|PaintImage|Decode Image|ImageDecodeTask)$/.test(name)) return "paint";
  if (name === "ParseHTML") return "HTML parsing";
  if (/^(MajorGC|MinorGC|V8\.GC|BlinkGC)/.test(name)) return "garbage collection";
  return undefined;
};

const isTopLevelTask = (name: string) =>
  /^(RunTask|ThreadControllerImpl::RunTask|ThreadControllerImpl::DoWork|TaskQueueManager::ProcessTaskFromWorkQueue)$/.test(name);

/** A script's name for the tables: its file name without the content hash. */
export const scriptName = (url: string) => {
  const path = url.startsWith("http") ? new URL(url).pathname : url;
  const file = path.split("/").pop() || path;
  return /\.js$/.test(file) ? file.replace(/-[\w-]{8}\.js$/, ".js") : `${path} (inline)`;
};

/** The page's renderer main thread: the one that painted first. */
function mainThreadOf(events: TraceEvent[]): { pid: number; tid: number; firstPaint: number; navigation: number } {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!paint) throw new Error("the trace has no first contentful paint");
  // A renderer starts more than one navigation (about:blank first, then others): the page's is the
  // one its paint names; traces without navigation ids fall back to the last start before the paint.
  const starts = events.filter((event) => event.name === "navigationStart" && event.pid === paint.pid && event.ts <= paint.ts);
  const id = paint.args?.data?.navigationId;
  const navigation = (id && starts.findLast((event) => event.args?.data?.navigationId === id)) || starts.at(-1);
  return { pid: paint.pid, tid: paint.tid, firstPaint: paint.ts, navigation: navigation?.ts ?? paint.ts };
}

/**
 * The top-level tasks of the page's main thread, with each nested event's own CPU time (its
 * `tdur` less its children's) given to a cause, and script time to the script it ran.
 */
export function mainThreadTasks(events: TraceEvent[]): MainThread {
  const { pid, tid, firstPaint, navigation } = mainThreadOf(events);
  const timed = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === "X" && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks: MainThreadTask[] = [];
  const stack: { event: TraceEvent; children: number; task: MainThreadTask; cause?: TaskCause; url?: string }[] = [];
  const close = (until: number) => {
    for (let open = stack.at(-1); open && open.event.ts + open.event.dur! <= until; open = stack.at(-1)) {
      stack.pop();
      const cpu = (open.event.tdur ?? open.event.dur!) / 1000;
      const own = Math.max(0, cpu - open.children);
      const cause = open.cause ?? "other";
      open.task.causes[cause] = (open.task.causes[cause] ?? 0) + own;
      open.task.events[open.event.name] = (open.task.events[open.event.name] ?? 0) + own;
      if (cause === "script" && open.url) open.task.scripts[scriptName(open.url)] = (open.task.scripts[scriptName(open.url)] ?? 0) + own;
      const parent = stack.at(-1);
      if (parent) parent.children += cpu;
    }
  };
  for (const event of timed) {
    close(event.ts);
    const parent = stack.at(-1);
    if (!parent) {
      if (!isTopLevelTask(event.name)) continue;
      const task: MainThreadTask = {
        start: (event.ts - navigation) / 1000,
        absolute: event.ts,
        wall: event.dur! / 1000,
        cpu: (event.tdur ?? event.dur!) / 1000,
        causes: {},
        scripts: {},
        events: {},
      };
      tasks.push(task);
      stack.push({ event, children: 0, task });
      continue;
    }
    const cause = causeOf(event.name) ?? parent.cause;
    stack.push({ event, children: 0, task: parent.task, cause, url: event.args?.data?.url || parent.url });
  }
  close(Infinity);
  return { firstPaint: (firstPaint - navigation) / 1000, tasks };
}

/** The cause that took most of a task's CPU time, and the script if it was script. */
export function mainCause(task: MainThreadTask): string {
  const [cause] = Object.entries(task.causes).sort((a, b) => b[1] - a[1])[0] ?? ["other"];
  if (cause !== "script") return cause;
  const [script] = Object.entries(task.scripts).sort((a, b) => b[1] - a[1])[0] ?? [];
  return script ? `script: ${script}` : "script";
}

/** CPU milliseconds the main thread spent after the first paint, in all and by cause. */
export interface AfterFirstPaint {
  total: number;
  causes: Partial<Record<TaskCause, number>>;
}

/**
 * The CPU time of every task that starts at or after the first paint, added up, in all and by
 * cause: "script" is what the page's scripts cost once it is on screen (on the script-free copy,
 * none), "style and layout" what the page is laid out again for.
 */
export function cpuAfterFirstPaint({ firstPaint, tasks }: MainThread): AfterFirstPaint {
  const after: AfterFirstPaint = { total: 0, causes: {} };
  for (const task of tasks.filter((task) => task.start >= firstPaint)) {
    after.total += task.cpu;
    for (const [cause, ms] of Object.entries(task.causes) as [TaskCause, number][]) after.causes[cause] = (after.causes[cause] ?? 0) + ms;
  }
  return after;
}
