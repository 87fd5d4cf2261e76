import type { Config } from "@react-router/dev/config";
import { content } from "#content";
import { prerenderPaths } from "./app/lib/site-paths.server";

export default {
  // Every page is rendered to static HTML at build time, then hydrated: search engines,
  // link previews and Snipcart's price crawler all read the served HTML (docs/architecture.md).
  ssr: false,
  // `npm run build:dev` writes a development build beside the real one, for hydration checks.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The list reads the parsed content (content/index.ts): a broken content file stops the build
  // with the file, entry and field named.
  prerender: () => prerenderPaths(content),
} satisfies Config;
