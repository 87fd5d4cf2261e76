/* global process, console */
// better-sqlite3's native binding, compiled when missing: `npm install` compiles it with its own install
// script (about a minute on one core), but an install made with `--ignore-scripts` has none. CI's
// install (.ci/run) skips the scripts so that this compile runs here, beside ESLint and tsc in
// `npm test`'s second stage, instead of alone before it with the other core idle (docs/benchmarks.md).
// With the binding in place (every install but CI's), this only loads it and ends.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

function loads() {
  try {
    const Database = require("better-sqlite3");
    new Database(":memory:").close();
    return true;
  } catch {
    return false;
  }
}

if (!loads()) {
  console.log("better-sqlite3's native binding is missing: compiling it (npm rebuild better-sqlite3)");
  const rebuild = spawnSync("npm", ["rebuild", "better-sqlite3", "--foreground-scripts"], { stdio: "inherit" });
  if (rebuild.status !== 0 || !loads()) {
    console.error("better-sqlite3 could not be compiled: see the compiler's output above (node-gyp needs python3, make and a C++ compiler)");
    process.exit(1);
  }
}
