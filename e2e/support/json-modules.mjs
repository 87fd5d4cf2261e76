import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/**
 * A module hook for the browser tests' processes, registered by playwright.config.ts. The app,
 * the scripts and the unit tests import JSON files without `with { type: "json" }` (Vite and tsx
 * allow it; locales/index.ts reads the compiled catalogs so); Node's own module loader, which
 * Playwright's runner uses, refuses such an import. This loads a JSON file imported that way as a
 * module whose default export is its value, as Vite and tsx do.
 */
export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".json") || context.importAttributes?.type === "json") return nextLoad(url, context);
  const text = await readFile(fileURLToPath(url), "utf8");
  return { format: "module", source: `export default ${text};`, shortCircuit: true };
}
