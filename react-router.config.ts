import type { Config } from "@react-router/dev/config";
import { validateContent } from "./content/validate";
import { prerenderPaths } from "./app/lib/site-paths";

export default {
  // Every page is rendered to static HTML at build time, then hydrated: search engines,
  // link previews and Snipcart's price crawler all read the served HTML (docs/architecture.md).
  ssr: false,
  // `npm run build:dev` writes a development build beside the real one, for hydration checks.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  prerender: () => {
    // A broken content file stops the build with the file, entry and field named.
    validateContent();
    return prerenderPaths();
  },
} satisfies Config;
