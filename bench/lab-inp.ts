/**
 * A lab INP: taps on the mobile menu's button while the page hydrates, each timed by the page
 * itself to its next paint (PerformanceObserver `event` entries, as INP is measured in the field),
 * on a phone-sized screen with the CPU slowed down through CDP (`Emulation.setCPUThrottlingRate`).
 * The session has passed the age gate, so the button is not behind the dialog.
 *
 * The taps start at the page's `load` event (a visitor who taps as soon as the page looks ready;
 * the first tap also starts the framework early, as paint-first does on a first interaction) and
 * follow each other every 100 ms until the page has hydrated and two more taps were answered;
 * on a page that never hydrates (the script-free copy), a given number of taps. The result is the
 * longest interaction: INP when a visit has fewer than 50.
 *
 * Each run is a first visit, as Lighthouse's are: a browser context of its own, so no HTTP or V8
 * code cache is left from an earlier run. (In one shared profile, the second load of a script
 * makes V8 write its code cache, one main-thread task of 38–42 ms of CPU here (docs/performance.md),
 * and the third load reads it: three runs measured three different visits.)
 *
 * Then, the page idle (a second after the taps, at the same slowdown), one more tap that opens the
 * menu: what the tap itself costs when nothing else holds the main thread, the floor of the runs.
 */
import { evaluate, type CdpBrowser } from "./cdp";

export interface Interaction {
  /** Milliseconds from the tap to the next paint after its handlers ran. */
  duration: number;
  /** Milliseconds from the tap until its first handler could run (the main thread was busy). */
  inputDelay: number;
  /** When the tap happened, milliseconds after navigation start. */
  start: number;
}

export interface LabInpRun {
  /** The longest interaction (rounded to 8 ms, as the browser reports it). */
  inp: number;
  worst?: Interaction;
  taps: number;
  /** Milliseconds after navigation start at which the page was seen hydrated, if it was. */
  hydratedAt?: number;
  /** The tap that opened the menu on the idle page, afterwards. */
  idle?: Interaction;
}

/** The phone-sized screen both lab measurements use (bench/trace-tasks.ts too). */
export const phone = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };

/** Runs in every document before its own scripts: passes the age gate, records interactions. */
const observer = `try{sessionStorage.setItem("ageVerified","true")}catch(e){}
window.__labInteractions=[];
new PerformanceObserver(function(list){list.getEntries().forEach(function(e){if(e.interactionId)window.__labInteractions.push({id:e.interactionId,duration:e.duration,inputDelay:e.processingStart-e.startTime,start:e.startTime})})}).observe({type:"event",durationThreshold:16,buffered:true});`;

/** True once React Router has hydrated the page: its modules are on window and React owns `<main>`. */
const hydratedExpression = `(function(){var m=document.querySelector("main");return "__reactRouterRouteModules" in window&&!!m&&Object.keys(m).some(function(k){return k.indexOf("__reactFiber")===0})})()`;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens `url` at a CPU slowdown, taps the menu button from the load event on, and returns the
 * longest interaction. `taps` fixes the number of taps (for a page that never hydrates).
 */
export async function measureLabInp(browser: CdpBrowser, url: string, { cpuSlowdown, taps }: { cpuSlowdown: number; taps?: number }): Promise<LabInpRun> {
  const page = await browser.newPage({ fresh: true });
  try {
    await page.send("Emulation.setDeviceMetricsOverride", phone);
    await page.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
    await page.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.send("Page.enable");
    await page.send("Page.addScriptToEvaluateOnNewDocument", { source: observer });
    const loaded = page.once("Page.loadEventFired");
    await page.send("Page.navigate", { url });
    await loaded;
    const button = await evaluate<{ x: number; y: number }>(
      page,
      `(function(){var r=document.querySelector('[popovertarget="mobile-menu"]').getBoundingClientRect();return {x:r.x+r.width/2,y:r.y+r.height/2}})()`,
    );
    const tap = async () => {
      await page.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [button] });
      await page.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    const settled = "new Promise(function(r){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(r,200)})})})";
    let tapped = 0;
    let afterHydration = 0;
    let hydratedAt: number | undefined;
    const started = Date.now();
    while (tapped < (taps ?? 100) && Date.now() - started < 60_000) {
      await tap();
      tapped += 1;
      await pause(100);
      if (taps !== undefined) continue;
      if (hydratedAt === undefined && (await evaluate<boolean>(page, hydratedExpression))) hydratedAt = await evaluate<number>(page, "performance.now()");
      if (hydratedAt !== undefined && ++afterHydration > 2) break;
    }
    // Let the last taps reach their paint, then read what the page recorded.
    await evaluate(page, settled);
    const during = longestByInteraction(await evaluate<(Interaction & { id: number })[]>(page, "window.__labInteractions"));
    const worst = during.sort((a, b) => b.duration - a.duration)[0];
    // The idle page: the menu closed, a second at this slowdown, then the tap that opens it.
    if (await evaluate<boolean>(page, `document.getElementById("mobile-menu").matches(":popover-open")`)) {
      await tap();
      await evaluate(page, settled);
    }
    await pause(1000 * cpuSlowdown);
    const idleFrom = await evaluate<number>(page, "performance.now()");
    await tap();
    await evaluate(page, settled);
    const idle = longestByInteraction(await evaluate<(Interaction & { id: number })[]>(page, "window.__labInteractions")).find(
      (entry) => entry.start >= idleFrom,
    );
    return { inp: worst?.duration ?? 0, worst, taps: tapped, hydratedAt, ...(idle ? { idle } : {}) };
  } finally {
    await page.close();
  }
}

/** Each interaction's longest event (a tap is pointerdown, pointerup and click; INP counts the longest). */
function longestByInteraction(entries: (Interaction & { id: number })[]): Interaction[] {
  const byInteraction = new Map<number, Interaction>();
  for (const { id, ...entry } of entries) {
    const known = byInteraction.get(id);
    if (!known || entry.duration > known.duration) byInteraction.set(id, entry);
  }
  return [...byInteraction.values()];
}
