/**
 * Paint first (docs/performance.md): a prerendered page paints from its HTML, its CSS and one font
 * before any framework byte arrives. React Router writes `modulepreload` links for all of a page's
 * JavaScript into `<head>` and an inline module script that imports it at once; on a slow network
 * those downloads share the line with what the first paint needs. This rewrites each page so that
 * nothing of the framework is requested until the `load` event and the frame after it, or the
 * visitor's first interaction (pointer, key, touch, focus) if that comes earlier: then the same modules load, in the same way,
 * and the page hydrates. Run by pipeline/postbuild.ts before the inline scripts are hashed for the
 * Content-Security-Policy. `PAINT_FIRST=0` keeps React Router's head (for side-by-side benchmarks).
 */

const modulePreload = /<link rel="modulepreload" href="[^"]*"\/?>/g;
const bootScript = /<script type="module" async="">([\s\S]*?window\.__reactRouterRouteModules[\s\S]*?)<\/script>/;

/** Events that mean the visitor is about to use the page: start the framework at once. */
export const interactionEvents = ["pointerdown", "keydown", "touchstart", "focusin"] as const;

/** What React Router's inline module script imports: its manifest, each route module, the client entry. */
export interface BootImports {
  manifest: string;
  routes: { id: string; url: string }[];
  entry: string;
}

/** Reads React Router's inline module script (`import "…manifest…"; import * as route0 from "…"; … import("…entry…")`). */
export function parseBootScript(code: string): BootImports {
  const manifest = /^import "([^"]+)";/m.exec(code)?.[1];
  const entry = /import\("([^"]+)"\);?\s*$/.exec(code.trim())?.[1];
  const modules = new Map([...code.matchAll(/^import \* as (route\d+) from "([^"]+)";/gm)].map((m) => [m[1]!, m[2]!]));
  const table = /window\.__reactRouterRouteModules = (\{[^}]*\});/.exec(code)?.[1];
  if (!manifest || !entry || !table) throw new Error(`paint-first: React Router's boot script changed shape:\n${code}`);
  const routes = [...table.matchAll(/"([^"]+)":(route\d+)/g)].map(([, id, name]) => {
    const url = modules.get(name!);
    if (!url) throw new Error(`paint-first: no import for ${name}`);
    return { id: id!, url };
  });
  return { manifest, routes, entry };
}

/**
 * The inline module script that replaces React Router's: it waits for `load` and the next frame, or a
 * first interaction, then imports the manifest and the route modules together, registers the route
 * modules as React Router's own script does, and imports the client entry, which hydrates.
 */
export function deferredBootScript({ manifest, routes, entry }: BootImports): string {
  const urls = JSON.stringify([manifest, ...routes.map((route) => route.url)]);
  const ids = JSON.stringify(routes.map((route) => route.id));
  const events = JSON.stringify(interactionEvents);
  return (
    `const u=${urls},d=${ids},e=${events},o={capture:true,passive:true};let s=false;` +
    `function go(){if(s)return;s=true;for(const t of e)removeEventListener(t,go,o);` +
    `Promise.all(u.map(x=>import(x))).then(m=>{const r={};d.forEach((id,i)=>{r[id]=m[i+1]});window.__reactRouterRouteModules=r;return import(${JSON.stringify(entry)})})}` +
    // After load, one more frame: requested from a task after the next rendering, the framework
    // cannot share the line with the first paint even when the load event comes before it (a page
    // from cache, a fast network). A hidden page paints nothing, so it starts at once.
    `function later(){document.hidden?go():requestAnimationFrame(()=>setTimeout(go,0))}` +
    `if(document.readyState==="complete")later();else{addEventListener("load",later,{once:true});for(const t of e)addEventListener(t,go,o)}`
  );
}

/** A prerendered page with its framework deferred: no `modulepreload`, the boot script waiting for load. */
export function paintFirst(html: string): string {
  const boot = bootScript.exec(html);
  if (!boot) throw new Error("paint-first: no React Router boot script in the page");
  const deferred = deferredBootScript(parseBootScript(boot[1]!));
  return html.replace(modulePreload, "").replace(boot[0], `<script type="module">${deferred}</script>`);
}
