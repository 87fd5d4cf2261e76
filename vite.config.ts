import { cpSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { imagetools } from "vite-imagetools";
import { compileHint } from "./pipeline/compile-hint";
import { firstChunks } from "./pipeline/paint-first";
import { keepRenderer } from "./pipeline/renderer";

// The Snipcart key and the public origin are read from the build's environment under their documented names.
process.env.VITE_SNIPCART_PUBLIC_KEY = process.env.SNIPCART_PUBLIC_KEY ?? "";
process.env.VITE_SITE_URL = process.env.SITE_URL ?? "";
process.env.VITE_BUILD_YEAR = String(new Date().getFullYear());

/**
 * The pictures the build processes (app/lib/images.ts globs `@content-images/…`): those of the
 * content folder the build reads, CONTENT_DIR when set (a publish from the content editor, whose
 * uploads land there), else the project's own.
 */
const projectContentDir = fileURLToPath(new URL("./content", import.meta.url));
const contentDir = resolve(process.env.CONTENT_DIR ?? projectContentDir);
const contentImagesDir = resolve(contentDir, "images");

/**
 * The encoded pictures of the project's own content, committed (pipeline/encoded-images/README.md):
 * a fresh clone's build reads them instead of encoding every AVIF again (docs/performance.md,
 * "Images"). Each file is named by a hash of its source's pixels and of the transform, so a
 * changed or new picture is encoded and written there, and one no build uses any more is removed
 * at the build's end (`retention: 0`). A full publish from the editor's own content (CONTENT_DIR)
 * keeps its encodes in node_modules/.cache, out of the project's tree, first copying there the
 * committed ones it lacks: the pictures it shares with the project are not encoded again.
 */
const committedImagesDir = fileURLToPath(new URL("./pipeline/encoded-images/files", import.meta.url));
const committedImages = contentDir === projectContentDir;
const publishImagesDir = fileURLToPath(new URL("./node_modules/.cache/imagetools", import.meta.url));
if (!committedImages && existsSync(committedImagesDir)) cpSync(committedImagesDir, publishImagesDir, { recursive: true, force: false });
function imageCache(isSsrBuild: boolean | undefined): { dir: string; retention?: number } {
  // The client build uses a few of them only (the pages' pictures are the prerender's, through the
  // loaders): only the server build, which uses every one, may remove the rest.
  return committedImages ? { dir: committedImagesDir, retention: isSsrBuild ? 0 : undefined } : { dir: publishImagesDir };
}

interface ModuleGraph {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
}
let shell: Set<string> | undefined;

/**
 * The app modules every page loads: those the root and the language layout import (directly or
 * not), and those every page module imports. Route modules themselves stay separate chunks.
 */
function shellModules({ getModuleIds, getModuleInfo }: ModuleGraph): Set<string> {
  const appDir = new URL("./app/", import.meta.url).pathname;
  const routesDir = `${appDir}routes/`;
  const isAppCode = (id: string) => id.startsWith(appDir) && !id.startsWith(routesDir) && /\.tsx?$/.test(id);
  const importsOf = (start: string) => {
    const found = new Set<string>();
    const queue = [...(getModuleInfo(start)?.importedIds ?? [])];
    while (queue.length) {
      const id = queue.pop()!;
      if (found.has(id) || !isAppCode(id)) continue;
      found.add(id);
      queue.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return found;
  };
  const layouts = [`${appDir}root.tsx`, `${routesDir}language-layout.tsx`];
  const pages = [...getModuleIds()].filter((id) => id.startsWith(routesDir) && /\.tsx$/.test(id) && !layouts.includes(id));
  const shared = pages
    .map(importsOf)
    .reduce<Set<string> | undefined>((common, next) => (common ? new Set([...common].filter((id) => next.has(id))) : next), undefined);
  return new Set([...layouts.flatMap((id) => [...importsOf(id)]), ...(shared ?? [])]);
}

/**
 * `npm run dev`: content files are read by content/index.ts, not imported, so Vite does not see
 * them change. This drops the server's modules and reloads the page when one does; the next
 * render parses the content again, and a mistake shows in the error overlay with its file and field.
 */
function reloadOnContentChange(): Plugin {
  const dir = new URL("./content/", import.meta.url).pathname;
  return {
    name: "reload-on-content-change",
    apply: "serve",
    configureServer(server) {
      server.watcher.add(`${dir}**/*.json`);
      server.watcher.on("all", (_event, file) => {
        if (!file.startsWith(dir) || !file.endsWith(".json")) return;
        server.moduleGraph.invalidateAll();
        for (const environment of Object.values(server.environments)) environment.moduleGraph.invalidateAll();
        server.ws.send({ type: "full-reload" });
      });
    },
  };
}

/**
 * Every client chunk starts with V8's compile hint (pipeline/compile-hint.ts). On /ja/news, four
 * alternating traced loads of each build, the script tasks after the first paint took 91–141 ms of
 * main-thread CPU in all with it and 135–217 ms without it (docs/performance.md, "A quiet main
 * thread").
 */
function compileHints(): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk") file.code = `${compileHint}\n${file.code}`;
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    reloadOnContentChange(),
    tailwindcss(),
    imagetools({
      removeMetadata: true,
      cache: imageCache(isSsrBuild),
      // `jpegQuality=N`: the JPEG fallback through mozjpeg at quality N, leaving AVIF and WebP at
      // their defaults, so no built image passes the 150 KB budget (e2e/budgets.test.ts).
      extendTransforms: (builtins) => [
        ...builtins,
        (config, context) => {
          if (!config.jpegQuality || (config.format !== "jpg" && config.format !== "jpeg")) return undefined;
          context.useParam("jpegQuality");
          const quality = Number(config.jpegQuality);
          return (image) => image.jpeg({ quality, mozjpeg: true });
        },
      ],
    }),
    reactRouter(),
    // Client chunks only: the server bundle runs in Node at build, where the hint means nothing.
    ...(isSsrBuild ? [] : [compileHints()]),
    // The server bundle, kept for quick publishes and the editor's live preview (pipeline/renderer.ts).
    ...(isSsrBuild ? [keepRenderer({ buildDir: process.env.BUILD_DIR ?? "build", contentDir })] : []),
  ],
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname, "@content-images": contentImagesDir },
  },
  build: {
    // Inline nothing as data URIs: the Content-Security-Policy and the byte budgets count real files.
    assetsInlineLimit: 0,
    // Browsers in use today: no down-levelling bytes in first-load JavaScript (docs/performance.md).
    target: "es2022",
    // Terser: 3.4 KB gzip less than esbuild on the framework chunk (119.4 → 116.0 KB), for about
    // 2 s more per build (docs/performance.md). The server bundle only prerenders the pages at
    // build (ssr: false deletes it afterwards): minifying it cost time and changed no page.
    // NO_MINIFY=1 keeps the names, for reading a trace (`npm run bench:trace`, docs/performance.md).
    minify: isSsrBuild || process.env.NO_MINIFY ? false : "terser",
    // Vite's gzip sizes in the build's log cost seconds of every build and every publish; the
    // budgets measure the real files (npm run measure:bundles, e2e/budgets.test.ts).
    reportCompressedSize: false,
    // No modulepreload polyfill and no preload helper around dynamic imports (about 0.6 KB gzip in each
    // chunk that has one): React Router already preloads every page's chunks from the HTML, and the
    // few dynamic imports (form submission, hero video) load after the page is ready.
    modulePreload: false,
    rollupOptions: {
      output: {
        // Everything every page loads goes into two files: React and React DOM, then React Router and
        // the app modules all pages share (links, strings, navigation, metadata). Few files compress
        // better than a dozen and save the imports between them; two let the page evaluate them in
        // two tasks (pipeline/paint-first.ts evaluates `firstChunks` in turn; docs/performance.md).
        manualChunks(id, graph) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return firstChunks[0];
          if (/[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/.test(id)) return firstChunks[1];
          shell ??= shellModules(graph);
          return shell.has(id) ? firstChunks[1] : undefined;
        },
      },
    },
  },
}));
