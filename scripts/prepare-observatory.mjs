/* global process, console */
// Postinstall step for @mdn/mdn-http-observatory (e2e/observatory.test.ts).
//
// The package's own install scripts download the HSTS preload list and the TLD list; they are
// switched off ("allowScripts" in package.json, and no network here). The scanner still reads
// conf/hsts-preload.json at scan time, so an empty list is written when none exists. A local
// scan never concerns a preloaded host, so the empty list changes no result. Idempotent, offline.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

let packageDir;
try {
  packageDir = dirname(require.resolve("@mdn/mdn-http-observatory/package.json"));
} catch {
  // Not installed (e.g. a production install without devDependencies): nothing to prepare.
  process.exit(0);
}

const confDir = join(packageDir, "conf");
const preload = join(confDir, "hsts-preload.json");
if (!existsSync(preload)) {
  mkdirSync(confDir, { recursive: true });
  writeFileSync(preload, "{}\n");
  console.log(`prepare-observatory: wrote an empty ${preload}`);
}
