/**
 * Paint first (docs/performance.md): a prerendered page paints from its HTML, its CSS and one font
 * before any framework byte arrives. React Router writes `modulepreload` links for all of a page's
 * JavaScript into `<head>` and an inline module script that imports it at once; on a slow network
 * those downloads share the line with what the first paint needs.
 *
 * This keeps React Router's inline module script byte for byte, but as an inert data block
 * (`<script type="text/x-boot-module">`), and adds a small starter after it that turns the block
 * back into a live module script of the same text when the time comes: after the `load` event and
 * the frame after it, or at the visitor's first interaction (pointer, key, touch, focus) if that
 * comes earlier. What the boot script does (which modules, how it hands them to React Router) stays
 * React Router's business: nothing here reads it. Only the `modulepreload` links are React Router's
 * markup that this file knows about. The live script runs under the same Content-Security-Policy
 * hash as the block, since both hold the same text (pipeline/postbuild.ts hashes every inline
 * script after this rewrite). `PAINT_FIRST=0` keeps React Router's head (for side-by-side
 * benchmarks).
 *
 * When it starts, the starter puts React Router's `modulepreload` links back (kept on the block as
 * `data-preload`), so every chunk downloads at once, then evaluates the framework's chunks
 * (`firstChunks`) one after the other, each in a task of its own, before the boot script: together
 * with the page's modules they were one task of 7–12 ms of CPU, which a phone eight times slower
 * turns into a long task (docs/performance.md, "A quiet main thread").
 */

const modulePreload = /<link rel="modulepreload" href="([^"]*)"\/?>/g;
/** An inline module script: `type="module"`, perhaps `async`, no `src`. React Router writes one per page. */
const inlineModule = /<script type="module"(?: async="")?>([\s\S]*?)<\/script>/g;

/** The `id` of the data block that holds React Router's boot script until it starts. */
export const bootBlockId = "boot-module";
/** Its type: any non-JavaScript MIME type makes a script element a data block that never runs. */
export const bootBlockType = "text/x-boot-module";

/**
 * The framework's chunks (vite.config.ts makes them), in the order the starter evaluates them, each
 * in a task of its own, before the boot script evaluates the page's own modules: React and React
 * DOM first, then React Router and the app modules every page shares.
 */
export const firstChunks = ["react", "framework"] as const;

/** Events that mean the visitor is about to use the page: start the framework at once. */
export const interactionEvents = ["pointerdown", "keydown", "touchstart", "focusin"] as const;

/**
 * The starter, the same on every page: it waits for `load` and the next frame, or a first
 * interaction, then preloads the page's chunks, evaluates the framework's chunks in turn (a task
 * between each), and replaces the data block with a module script of the same text (marked `async`
 * as React Router wrote it, so hydration meets the element React rendered).
 */
export const starterScript =
  `(function(){var b=document.getElementById(${JSON.stringify(bootBlockId)}),e=${JSON.stringify(interactionEvents)},o={capture:true,passive:true},s=false,f,p;` +
  `function go(){if(s)return;s=true;e.forEach(function(t){removeEventListener(t,go,o)});` +
  // Each link starts a download, a fraction of a millisecond of main-thread work, more for the
  // first: the links go in in slices of 3 ms, a task each, the framework's chunks first.
  `f=b.dataset.first.split(" ");p=f.concat(b.dataset.preload.split(" ").filter(function(u){return f.indexOf(u)<0}));` +
  `function links(){var t=performance.now();while(p.length&&performance.now()-t<3){var l=document.createElement("link");l.rel="modulepreload";l.href=p.shift();document.head.appendChild(l)}setTimeout(p.length?links:next,0)}links()}` +
  // A failed chunk still runs the boot script, which fails or retries as React Router's would.
  `function next(){var u=f.shift();u?import(u).then(function(){setTimeout(next,0)},run):run()}` +
  `function run(){var m=document.createElement("script");m.type="module";m.async=true;m.textContent=b.textContent;b.replaceWith(m)}` +
  // After load, the first contentful paint on screen (the browser reports it once the frame is
  // presented, which can come after the main thread has drawn it and after the load event), then
  // one more frame: requested from a task after the next rendering, the framework cannot share
  // the line with the first paint even when the load event comes before it (a page from cache, a
  // fast network). Without paint timing, the frame alone. A hidden page paints nothing, so it
  // starts at once.
  `function later(){if(document.hidden)return go();var n="first-contentful-paint",q=window.PerformanceObserver;` +
  `if(!q||(q.supportedEntryTypes||[]).indexOf("paint")<0||performance.getEntriesByName(n).length)frame();` +
  `else new q(function(l,w){if(l.getEntriesByName(n).length){w.disconnect();frame()}}).observe({type:"paint"})}` +
  `function frame(){requestAnimationFrame(function(){setTimeout(go,0)})}` +
  `if(document.readyState==="complete")later();else{addEventListener("load",later,{once:true});e.forEach(function(t){addEventListener(t,go,o)})}})()`;

/**
 * A prerendered page with its framework deferred: no `modulepreload` in its head, the boot script
 * held until load, with the chunks to preload and the framework's chunks to evaluate first.
 */
export function paintFirst(html: string): string {
  const scripts = [...html.matchAll(inlineModule)];
  if (scripts.length !== 1) throw new Error(`paint-first: expected one inline module script (React Router's boot script), found ${scripts.length}`);
  const [script, code] = scripts[0]!;
  const preload = [...html.matchAll(modulePreload)].map((link) => link[1]!);
  const first = firstChunks.map((name) => {
    const url = preload.find((href) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(href));
    if (!url) throw new Error(`paint-first: the page preloads no "${name}" chunk (vite.config.ts names the framework's chunks)`);
    return url;
  });
  const held =
    `<script type="${bootBlockType}" id="${bootBlockId}" data-preload="${preload.join(" ")}" data-first="${first.join(" ")}">${code}</script>` +
    `<script>${starterScript}</script>`;
  return html.replace(modulePreload, "").replace(script, () => held);
}
